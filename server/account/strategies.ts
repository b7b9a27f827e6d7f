import { eq } from 'drizzle-orm';
import type { authContracts } from '../../shared/api/contracts/auth';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import type { Services } from '../context';
import { ssoConfigurations } from '../db/schema';

/** The public auth strategies config (what the login box reads to pick its first step). */
export async function publicAuthStrategies(
  services: Services,
): Promise<AnswerOf<typeof authContracts.getVendorPublicAuthStrategiesConfig>> {
  const strategy = services.config.authStrategy;
  const [sso] = await services.db
    .select({ id: ssoConfigurations.id })
    .from(ssoConfigurations)
    .where(eq(ssoConfigurations.enabled, true))
    .limit(1);
  return {
    password: { isActive: strategy === 'EmailAndPassword' },
    magicLink: { isActive: strategy === 'MagicLink' },
    code: { isActive: strategy === 'Code' },
    smsCode: { isActive: strategy === 'SmsCode' },
    sso: { isActive: Boolean(sso) },
    // Passkeys (routes/webauthn.ts) are offered beside every main strategy.
    passkeys: { isActive: true },
    mainAuthStrategies: [{ strategy, isActive: true }],
    secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }],
  };
}
