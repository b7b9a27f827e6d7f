import type { Context } from 'hono';
import type { Services } from '../../context';
import { routingPath } from '../frontegg-prefix';
import { rateLimit } from './index';

/**
 * The budget every sign-in call of one client shares (password, codes, tokens, invitations, resets): path
 * variants and spoofed headers do not escape it. An endpoint table entry of class `signIn` counts against it;
 * `exempt` paths do not.
 */
export const signInBudget = (
  { db, config }: Pick<Services, 'db' | 'config'>,
  exempt: readonly string[] = [],
) => rateLimit(db, { bucket: 'auth', max: config.authRateLimitPerMinute, windowMs: 60_000, exempt });

/** Path prefixes of the sign-in flows: a request to an unknown path under them counts against the budget too. */
const SIGN_IN_ZONES = ['/identity/resources/auth/', '/oauth/'];

/** Whether a path is under a sign-in zone (its endpoints must state their rate-limit class). */
export const inSignInZone = (path: string) =>
  SIGN_IN_ZONES.some((zone) => path.toLowerCase().startsWith(zone));

/**
 * Counts a request no route answered when its path is under a sign-in zone (a case or slash variant of a
 * sign-in path, a guess), so that variants share the budget. `uncounted`: the zone's endpoints that present
 * unguessable secrets (token refresh): their variants stay uncounted too.
 */
export function unknownSignInPath(services: Pick<Services, 'db' | 'config'>, uncounted: readonly string[]) {
  const budget = signInBudget(services, uncounted);
  return async (c: Context): Promise<void> => {
    if (!inSignInZone(routingPath(c.req.raw))) return;
    await budget(c, async () => {});
  };
}
