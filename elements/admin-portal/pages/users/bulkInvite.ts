import { z } from 'zod';

/** Most addresses one bulk invite takes. */
export const MAX_BULK_EMAILS = 100;

export interface ParsedEmails {
  /** Distinct valid addresses, lower-cased, in the order typed. */
  emails: string[];
  /** Entries that are not email addresses, as typed. */
  invalid: string[];
}

const emailSchema = z.email();

/** The addresses of a text with one address per line or separated by commas, semicolons or spaces. */
export function parseEmails(text: string): ParsedEmails {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,;]+/)) {
    const value = entry.trim();
    if (!value) continue;
    const email = value.toLowerCase();
    if (!emailSchema.safeParse(email).success) {
      if (!invalid.includes(value)) invalid.push(value);
    } else if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid };
}

export interface BulkInviteResult {
  /** Invited. */
  allowed: string[];
  /** Not invited, with the reason. */
  unallowed: { email: string; reason: string }[];
}

/**
 * TEAM-005/006: invites the addresses one by one (the next starts when the previous answered); each success
 * goes to the allowed list, each failure to the unallowed list with its reason. `stopped` ends the run early.
 */
export async function inviteOneByOne(
  emails: readonly string[],
  invite: (email: string) => Promise<unknown>,
  reasonOf: (error: unknown) => string,
  onProgress?: (done: number) => void,
  stopped: () => boolean = () => false,
): Promise<BulkInviteResult> {
  const result: BulkInviteResult = { allowed: [], unallowed: [] };
  for (const [index, email] of emails.entries()) {
    if (stopped()) break;
    try {
      await invite(email);
      result.allowed.push(email);
    } catch (error) {
      result.unallowed.push({ email, reason: reasonOf(error) });
    }
    onProgress?.(index + 1);
  }
  return result;
}
