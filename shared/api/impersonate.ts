import { api } from './client';
import type { AnswerOf } from './contracts/contract';
import type { impersonateContracts } from './contracts/impersonate';
import { paths } from './paths';

/** The impersonation session: signed in as the user, `impersonatedBy` naming the administrator. */
export type ImpersonateAnswer = AnswerOf<typeof impersonateContracts.impersonate>;

/**
 * POST impersonate (IMPERSONATE-003): Frontegg's IImpersonate names the user `impersonatedUserId`; the reason
 * goes to the audit row.
 */
export const impersonate = (impersonatedUserId: string, reason: string) =>
  api.request<ImpersonateAnswer>(paths.impersonate.impersonate, { body: { impersonatedUserId, reason } });
