// Times of the audit log in the account's time zone and its date and time formats (TENANTS-004).
import { wallClockIn } from '../../../../shared/api/contracts/audits';
import { DATE_FORMATS, TIME_FORMATS } from '../../../../shared/api/formats';

/** How the account shows times: its zone and its moment-style formats. */
export interface TimeSettings {
  timezone: string;
  dateFormat: string;
  timeFormat: string;
}

/** Before (or without) the account settings: UTC, ISO dates and a 24-hour clock. */
export const DEFAULT_TIME_SETTINGS: TimeSettings = {
  timezone: 'UTC',
  dateFormat: DATE_FORMATS[2],
  timeFormat: TIME_FORMATS[2],
};

/** A usable zone: an unknown one (a typo in the settings) reads as UTC. */
export function safeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment-style format (DD, MM, YYYY, HH, hh, mm, ss, A) applied to an instant as seen in `zone`. */
export function formatInZone(date: Date, format: string, zone: string): string {
  const p = wallClockIn(date, safeZone(zone));
  const tokens: Record<string, string> = {
    YYYY: String(p.year),
    MM: pad(p.month),
    DD: pad(p.day),
    HH: pad(p.hour),
    hh: pad(p.hour % 12 || 12),
    mm: pad(p.minute),
    ss: pad(p.second),
    A: p.hour < 12 ? 'AM' : 'PM',
  };
  return format.replace(/YYYY|DD|MM|HH|hh|mm|ss|A/g, (token) => tokens[token] ?? token);
}

/** An audit time as the account shows it ("24/11/2026 14:05"); text that is not a date stays as it is. */
export function formatAuditTime(value: unknown, settings: TimeSettings): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const date = new Date(text);
  if (!text || Number.isNaN(date.getTime())) return text;
  return formatInZone(date, `${settings.dateFormat} ${settings.timeFormat}`, settings.timezone);
}

/** A calendar day (YYYY-MM-DD) shown in the account's date format. */
export function formatDay(day: string, settings: TimeSettings): string {
  const [y, m, d] = day.split('-');
  return settings.dateFormat.replace(/YYYY|DD|MM/g, (token) =>
    token === 'YYYY' ? (y ?? '') : token === 'MM' ? (m ?? '') : (d ?? ''),
  );
}

/**
 * The instant a wall-clock time of a calendar day starts in `zone` (the zone's offset at that moment,
 * DST included): `2026-03-29` at 00:00 in Europe/Berlin is 2026-03-28T23:00:00Z.
 */
export function zonedInstant(day: string, zone: string, endOfDay = false): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const wall = endOfDay ? Date.UTC(y, m - 1, d, 23, 59, 59, 999) : Date.UTC(y, m - 1, d);
  const z = safeZone(zone);
  const offsetAt = (instant: number) => {
    const p = wallClockIn(new Date(instant), z);
    return (
      Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000
    );
  };
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return new Date(guess);
}
