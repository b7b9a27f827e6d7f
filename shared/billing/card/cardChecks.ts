// The one home of the card checks (zod-free, no React): the Luhn check, the brand from the number, the expiry,
// and the local provider's whole decision on a typed card (`checkLocalCard`). The server's local provider
// (server/billing/providers/local.ts) and the preview's (shared/api/preview/billing.ts) decide with it; the
// card entry's hints use it too (the server decides: it checks again and answers the error shown).
import {
  CARD_DECLINED,
  CARD_EXPIRED,
  CARD_NUMBER_INVALID,
  LOCAL_TEST_CARDS,
} from '../../api/contracts/billingMessages';

/** Digits only (spaces and dashes typed between groups are ignored). */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn check of a card number: 12 to 19 digits (nothing else) whose Luhn sum ends in 0. */
export function luhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check of a typed card number (spaces and dashes ignored): the card entry's hint. */
export const luhnValid = (value: string): boolean => luhn(cardDigits(value));

/**
 * The brand of a card number (digits): visa 4; mastercard 51–55 and 2221–2720; amex 34 and 37; discover 6011,
 * 65 and 644–649; anything else 'unknown'.
 */
export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (four === 6011 || two === 65 || (three >= 644 && three <= 649)) return 'discover';
  return 'unknown';
}

/** A two-digit year is read as 20yy. */
export function fullYear(value: string): number {
  const year = Number(value.trim());
  return year < 100 ? 2000 + year : year;
}

/** Whether a card of month/year (1–12, four digits) has expired at `now`: the first instant after its month (UTC) has come. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  return Date.UTC(expYear, expMonth, 1) <= now.getTime();
}

/** Whether typed month/year name a month not yet over (a card is good through the end of its month). */
export function expiryInFuture(month: string, year: string, now = new Date()): boolean {
  const m = Number(month.trim());
  const y = fullYear(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y)) return false;
  return !cardExpired(m, y, now);
}

/** A card typed in the local form: the number without spaces, the expiry month (1–12) and the four-digit year. */
export interface LocalCardInput {
  number: string;
  expMonth: number;
  expYear: number;
}

/** The messages `checkLocalCard` answers (the server's, shared/api/contracts/billingMessages.ts). */
export type LocalCardRefusal = typeof CARD_NUMBER_INVALID | typeof CARD_EXPIRED | typeof CARD_DECLINED;

/**
 * The local provider's check of a typed card, in the server's order: a number failing Luhn
 * (CARD_NUMBER_INVALID), then an expired card (CARD_EXPIRED), then the declining test card (CARD_DECLINED,
 * LOCAL_TEST_CARDS.declined). The first problem's message, or null for a card to save.
 */
export function checkLocalCard(card: LocalCardInput, now: Date): LocalCardRefusal | null {
  if (!luhn(card.number)) return CARD_NUMBER_INVALID;
  if (cardExpired(card.expMonth, card.expYear, now)) return CARD_EXPIRED;
  if (card.number === LOCAL_TEST_CARDS.declined) return CARD_DECLINED;
  return null;
}
