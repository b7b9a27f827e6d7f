// Client-side hints on a typed card: the server decides (it checks again and answers the error shown).

/** Digits only (spaces and dashes typed between groups are ignored). */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn check of a card number of 12 to 19 digits. */
export function luhnValid(value: string): boolean {
  const digits = cardDigits(value);
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

/** A two-digit year is read as 20yy. */
export function fullYear(value: string): number {
  const year = Number(value.trim());
  return year < 100 ? 2000 + year : year;
}

/** Whether month/year name a month not yet over (a card is good through the end of its month). */
export function expiryInFuture(month: string, year: string, now = new Date()): boolean {
  const m = Number(month.trim());
  const y = fullYear(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y)) return false;
  return y > now.getFullYear() || (y === now.getFullYear() && m >= now.getMonth() + 1);
}
