// The signed-in user's passkeys.
import { paths } from '../paths';
import { on, type PreviewRoute, remove } from './common';

export const webauthnHandlers: PreviewRoute[] = [
  on(paths.auth.getWebAuthnDevices, ({ state }) => ({ devices: state.mfaDevices.webauthn })),
  on(paths.auth.deleteWebAuthnDevice, ({ state, params }) => {
    remove(state.mfaDevices.webauthn, (d) => d.id === params.deviceId, 'Passkey');
    return {};
  }),
];
