// Breached passwords (LOGIN-011): a provider interface, a local adapter over the bundled common-password
// list of @zxcvbn-ts/language-common, and an optional Have I Been Pwned range-API adapter (k-anonymity:
// only the first 5 hex characters of the SHA-1 leave the server). HIBP is off unless HIBP=1.
import { dictionary } from '@zxcvbn-ts/language-common';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buildAttributes, evaluateFeatureFlag, type Rule } from '../../shared/flags';
import type { Services } from '../context';
import { featureFlags, users } from '../db/schema';

/** The feature flag that turns the breached-password check at sign-in on (seeded on). */
export const BREACHED_PASSWORD_FLAG = 'fe-breached-password';

/** The answer of sign-up, reset and change to a breached password. */
export const BREACHED_PASSWORD_MESSAGE =
  'This password appears in a list of breached passwords. Choose a different password';

export interface BreachedPasswordProvider {
  readonly name: string;
  isBreached(password: string): Promise<boolean>;
}

const common = new Set((dictionary as Record<string, string[]>)['passwords-common'] ?? []);

/** The bundled list (about 49,000 common passwords); compared case-insensitively. Synchronous. */
export const isCommonPassword = (password: string): boolean =>
  common.has(password) || common.has(password.toLowerCase());

export const localBreachedPasswords: BreachedPasswordProvider = {
  name: 'local',
  isBreached: async (password) => isCommonPassword(password),
};

/**
 * Have I Been Pwned's range API: GET /range/<first 5 of SHA-1>, the answer lists suffixes with counts. A
 * network failure counts as "not breached" (the local list still applies); `fetchImpl` is injectable.
 */
export function hibpBreachedPasswords(
  fetchImpl: typeof fetch = fetch,
  base = 'https://api.pwnedpasswords.com',
): BreachedPasswordProvider {
  return {
    name: 'hibp',
    async isBreached(password) {
      const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
      const prefix = sha1.slice(0, 5);
      const suffix = sha1.slice(5);
      try {
        const res = await fetchImpl(`${base}/range/${prefix}`, {
          headers: { 'Add-Padding': 'true' },
          signal: AbortSignal.timeout(3000),
        });
        if (!res.ok) return false;
        const body = await res.text();
        return body.split('\n').some((line) => {
          const [hash, count] = line.trim().split(':');
          return hash === suffix && Number(count) > 0;
        });
      } catch {
        return false;
      }
    },
  };
}

/**
 * The vendor's own list of breached passwords (one a line), read at each check so it can grow while the
 * server runs: a password accepted when it was set can be found breached at a later sign-in.
 */
export function fileBreachedPasswords(path: string): BreachedPasswordProvider {
  return {
    name: 'file',
    isBreached: async (password) => {
      try {
        const lines = (await readFile(path, 'utf8')).split(/\r?\n/);
        return lines.some((line) => line.length > 0 && line === password);
      } catch {
        return false;
      }
    },
  };
}

/**
 * The providers in force: the bundled list; the file named by BREACHED_PASSWORDS_FILE; HIBP when HIBP=1.
 */
export function breachedPasswordProviders(env: NodeJS.ProcessEnv = process.env): BreachedPasswordProvider[] {
  return [
    localBreachedPasswords,
    ...(env.BREACHED_PASSWORDS_FILE ? [fileBreachedPasswords(env.BREACHED_PASSWORDS_FILE)] : []),
    ...(env.HIBP === '1' ? [hibpBreachedPasswords()] : []),
  ];
}

export async function isBreachedPassword(
  password: string,
  providers: BreachedPasswordProvider[] = breachedPasswordProviders(),
): Promise<boolean> {
  for (const provider of providers) if (await provider.isBreached(password)) return true;
  return false;
}

/** The breached-password flag, evaluated for the user (off when the vendor has no such flag). */
export async function breachedCheckOn(
  services: Pick<Services, 'db' | 'vendorId'>,
  user: { id: string; email: string; activeTenantId: string | null },
): Promise<boolean> {
  const [row] = await services.db
    .select()
    .from(featureFlags)
    .where(and(eq(featureFlags.vendorId, services.vendorId), eq(featureFlags.key, BREACHED_PASSWORD_FLAG)));
  if (!row) return false;
  const flag = {
    on: row.on,
    offTreatment: row.offTreatment,
    defaultTreatment: row.defaultTreatment,
    rules: Array.isArray(row.rules) ? (row.rules as Rule[]) : [],
  };
  const attributes = buildAttributes({
    user: { id: user.id, email: user.email, tenantId: user.activeTenantId ?? undefined },
  });
  return evaluateFeatureFlag(flag, attributes).treatment === true;
}

/**
 * At sign-in with a password: when the flag is on and the password is breached, the user is marked
 * (`isBreachedPassword`, read by the security center) and true is answered.
 */
export async function checkBreachedAtSignIn(
  services: Pick<Services, 'db' | 'vendorId'>,
  user: { id: string; email: string; activeTenantId: string | null },
  password: string,
  providers?: BreachedPasswordProvider[],
): Promise<boolean> {
  if (!(await breachedCheckOn(services, user))) return false;
  if (!(await isBreachedPassword(password, providers))) return false;
  await services.db.update(users).set({ isBreachedPassword: true }).where(eq(users.id, user.id));
  return true;
}
