/** A moment-style date or time format (DD, MM, YYYY, HH, hh, mm, ss, A) applied to a date, in its own zone. */
export function formatSample(format: string, date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours12 = date.getHours() % 12 || 12;
  const tokens: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    DD: pad(date.getDate()),
    MM: pad(date.getMonth() + 1),
    HH: pad(date.getHours()),
    hh: pad(hours12),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
    A: date.getHours() < 12 ? 'AM' : 'PM',
  };
  return format.replace(/YYYY|DD|MM|HH|hh|mm|ss|A/g, (token) => tokens[token] ?? token);
}

/** The time zones of the platform (UTC first: every account's default, not in Intl's list). */
export function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...zones, ...(current ? [current] : [])])];
}

/** ISO 4217 currencies of the platform, plus the current one. */
export function currencies(current: string): string[] {
  const codes = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['USD'];
  return [...new Set([...codes, ...(current ? [current] : [])])].sort();
}

/** A currency's name in the page's language ("US Dollar"), or the code. */
export function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
