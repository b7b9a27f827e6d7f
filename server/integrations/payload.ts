// What a delivery says (issue 21): the webhook payload of an event (docs/decisions/0027), and the words of its
// email, text message and Slack message. Every value of the event (a description, a user's email) is text:
// the mail's HTML part escapes it (mailOf), Slack's control characters are escaped, nothing is markup.
import type { AuditSeverity } from '../audit';
import { mailOf } from '../mail/message';
import { eventsByKey } from './events';

/** The audit row an event comes from (what writeAudit wrote). */
export interface EventRow {
  vendorId: string;
  tenantId: string;
  userId: string | null;
  email: string | null;
  action: string;
  description: string;
  severity: AuditSeverity;
  json: Record<string, unknown>;
}

/** The webhook payload (JSON) of an event: the same body for every destination of it. */
export interface EventPayload extends Record<string, unknown> {
  type: string;
  eventKey: string;
  timestamp: string;
  eventContext: { vendorId: string; tenantId: string; userId: string | null };
  data: Record<string, unknown> & {
    action: string;
    description: string;
    severity: string;
    email: string | null;
  };
}

/** Keys of an audit row's json that are the server's own, never sent to a customer's systems. */
export const INTERNAL_KEYS: readonly string[] = ['impersonatedBy', 'actingTenantId'];

export function eventPayload(eventKey: string, row: EventRow, at: Date): EventPayload {
  const json = Object.fromEntries(Object.entries(row.json).filter(([key]) => !INTERNAL_KEYS.includes(key)));
  return {
    type: eventKey,
    eventKey,
    timestamp: at.toISOString(),
    eventContext: { vendorId: row.vendorId, tenantId: row.tenantId, userId: row.userId },
    data: {
      ...json,
      action: row.action,
      description: row.description,
      severity: row.severity,
      email: row.email,
    },
  };
}

/** What a message says of an event, read back from its payload (tolerant: a test's payload is free-form). */
function facts(eventKey: string, payload: Record<string, unknown>) {
  const data = (payload.data ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const event = eventsByKey.get(eventKey);
  return {
    name: event?.displayName ?? eventKey,
    description: text(data.description) || event?.description || '',
    who: text(data.email),
    when: text(payload.timestamp) || new Date().toISOString(),
  };
}

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** The mail of an event to one recipient: subject `[<account>] <event>`, then what, who and when. */
export function eventMail(to: string, account: string, eventKey: string, payload: Record<string, unknown>) {
  const f = facts(eventKey, payload);
  return mailOf(to, `[${account}] ${f.name}`, [
    `${f.name} in ${account}.`,
    ...(f.description ? [f.description] : []),
    ...(f.who ? [`By: ${f.who}`] : []),
    `When: ${when(f.when)}`,
    `Event: ${eventKey}`,
  ]);
}

export const SMS_LIMIT = 160;

/** The text message of an event: short (one SMS). */
export function eventSms(account: string, eventKey: string, payload: Record<string, unknown>): string {
  const f = facts(eventKey, payload);
  const text = [`${account}: ${f.name}`, f.description, f.who && `by ${f.who}`].filter(Boolean).join(' - ');
  return text.length > SMS_LIMIT ? `${text.slice(0, SMS_LIMIT - 1)}…` : text;
}

/** Slack's three control characters (its `<…>` links and mentions): escaped, so text stays text. */
export const slackEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Slack message of an event: the subscription's title and message when set, else the event's words. */
export function eventSlackText(
  account: string,
  eventKey: string,
  payload: Record<string, unknown>,
  custom: { title?: string; message?: string } = {},
): string {
  const f = facts(eventKey, payload);
  const title = custom.title?.trim() || `${f.name} (${account})`;
  const body = custom.message?.trim() || [f.description, f.who && `by ${f.who}`].filter(Boolean).join(' — ');
  return [`*${slackEscape(title)}*`, ...(body ? [slackEscape(body)] : []), slackEscape(when(f.when))].join(
    '\n',
  );
}
