// Impersonation (no preview answers yet).
import { type PreviewRoute } from './common';

export const impersonateHandlers: PreviewRoute[] = [];
