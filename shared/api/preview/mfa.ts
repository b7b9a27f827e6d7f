// The signed-in user's MFA devices.
import { paths } from '../paths';
import { on, type PreviewRoute } from './common';

export const mfaHandlers: PreviewRoute[] = [on(paths.auth.getMFADevices, ({ state }) => state.mfaDevices)];
