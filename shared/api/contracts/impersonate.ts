// Impersonation (IMPERSONATE-001..003): an administrator holding the impersonate permission opens a session
// as another member of their account.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { id } from './common';
import { signedIn } from './auth';

/**
 * Frontegg's IImpersonate. The caller's bearer token authorizes; `actorToken`, when sent, must be that same
 * administrator's access token. `reason` (ours) is kept in the audit row.
 */
export const impersonateBody = z.object({
  impersonatedUserId: id,
  actorToken: z.string().min(1).max(8192).optional(),
  redirectUrl: z.string().max(2048).optional(),
  reason: z.string().trim().min(1).max(500).optional(),
});

export const impersonateContracts = {
  /** The impersonation session's answer: signed in as the user, `impersonatedBy` naming the administrator. */
  impersonate: contract({
    route: paths.impersonate.impersonate,
    body: impersonateBody,
    response: signedIn.extend({ tokenType: z.literal('Bearer'), impersonatedBy: z.string() }),
  }),
} as const;
