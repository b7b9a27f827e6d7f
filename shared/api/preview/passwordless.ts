// Passwordless sign-in (no preview answers yet).
import { type PreviewRoute } from './common';

export const passwordlessHandlers: PreviewRoute[] = [];
