// Facts of the passkeys prompt after login (LOGIN-012), read from the flags, the vendor's strategies, this
// browser and the user's devices; the decision itself is passkeysOffered in login.machine.ts.
import type { ApiClient } from '../../shared/api/client';
import { paths } from '../../shared/api/paths';
import { passkeysPromptDismissed, preferredLoginMethod } from '../../shared/auth/webauthn';
import { publicStrategiesAtom } from '../../shared/auth/strategies.atoms';
import { featureFlagsAtom } from '../../shared/flags/flags.atoms';
import { store } from '../../shared/store';
import { passkeysOffered, type PasskeysPromptFacts } from './login.machine';

export const PASSKEYS_FLAG = 'show-passkeys-new';

interface Strategies {
  passkeys?: { isActive?: boolean };
  secondaryAuthStrategies?: { strategy: string; isActive: boolean }[];
}

/** Passkeys are a sign-in strategy of the vendor (the passkey button shows). */
export const passkeysActive = (s: Strategies | null | undefined): boolean =>
  Boolean(s?.passkeys?.isActive || passkeysSecondary(s));

const passkeysSecondary = (s: Strategies | null | undefined): boolean =>
  Boolean(s?.secondaryAuthStrategies?.some((x) => x.strategy === 'Passkeys' && x.isActive));

/**
 * Whether the prompt shows after this login (the session is stored: the devices call carries the token).
 * Cheap checks first; no call at all when the flag is off, the prompt was dismissed or a method is preferred.
 */
export async function shouldPromptPasskeys(client: Pick<ApiClient, 'request'>): Promise<boolean> {
  const facts: PasskeysPromptFacts = {
    flagOn: store.get(featureFlagsAtom)[PASSKEYS_FLAG] === true,
    secondaryStrategyActive: false,
    preferredMethod: preferredLoginMethod(),
    dismissed: passkeysPromptDismissed(),
    deviceCount: 0,
  };
  if (!passkeysOffered({ ...facts, secondaryStrategyActive: true })) return false;
  try {
    const [strategies, devices] = await Promise.all([
      store.get(publicStrategiesAtom),
      client.request<{ devices?: unknown[] }>(paths.auth.getWebAuthnDevices),
    ]);
    return passkeysOffered({
      ...facts,
      secondaryStrategyActive: passkeysSecondary(strategies),
      deviceCount: devices?.devices?.length ?? 0,
    });
  } catch {
    // Unknown devices: no prompt (never block the login on it).
    return false;
  }
}
