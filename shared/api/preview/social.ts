// Social login.
import { paths } from '../paths';
import { on, type PreviewRoute } from './common';

export const socialHandlers: PreviewRoute[] = [
  on(paths.auth.getSocialLoginProviders, () => []),
  on(paths.auth.getSocialLoginProvidersV2, () => []),
  on(paths.auth.getSocialLoginProvidersV2ForAuthenticatedUser, () => []),
];
