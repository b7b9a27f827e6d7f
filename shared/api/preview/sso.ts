// SSO sign-in.
import { paths } from '../paths';
import { on, type PreviewRoute } from './common';

export const ssoHandlers: PreviewRoute[] = [
  on(paths.auth.getSSOPublicConfiguration, () => ({ isActive: false })),
];
