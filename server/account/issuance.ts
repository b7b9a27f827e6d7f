// Budgets of codes and mails issued: each kind counted per account key and per client address, so a code
// cannot be re-issued for fresh guesses and no mailbox or phone can be flooded (docs/decisions/0006).
import type { Services } from '../context';
import { clientKey, countHit, hashedKey, tooManyRequests } from '../middleware/rate-limit';

/** What is issued; each kind has budgets of its own. */
export type IssuanceKind =
  /** Sign-up mails (activation or "already registered" notice) and activation resends. */
  | 'activation'
  /** Invitation resends (public and the portal's). */
  | 'invitation'
  /** Forgot-password mails. */
  | 'reset'
  /** Magic links and sign-in codes by mail or SMS. */
  | 'passwordless'
  /** MFA codes by SMS or mail: at login, at enrolment, to turn SMS off. */
  | 'mfa-code'
  /** Codes texted to verify or remove a phone number of the profile. */
  | 'phone-verification'
  /** Codes mailed to reset the phone number of an account. */
  | 'phone-reset';

/**
 * Counts one issue of `kind` to `account` (an email or phone as given, or a user id) from `address` and
 * refuses with 429 and Retry-After when the address's or the account's budget of the kind is spent. Public
 * endpoints call it first, with the email as given whether or not an account has it: no enumeration.
 */
export async function limitIssuance(
  { db, config }: Pick<Services, 'db' | 'config'>,
  { kind, account, address }: { kind: IssuanceKind; account: string; address: string },
  now = new Date(),
): Promise<void> {
  const { perAccount, perAddress, windowMs } = config.issuanceLimits;
  // The address first: a client past its budget no longer uses up the budgets of the accounts it names.
  const byAddress = await countHit(db, `issue:${kind}|address|${clientKey(address)}`, windowMs, now);
  if (byAddress.count > perAddress) throw tooManyRequests(byAddress.retryAfter);
  const accountKey = hashedKey(account);
  const byAccount = await countHit(db, `issue:${kind}|account|${accountKey}`, windowMs, now);
  if (byAccount.count > perAccount) throw tooManyRequests(byAccount.retryAfter);
}
