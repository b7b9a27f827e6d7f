import { desc } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { smsOutbox } from '../db/schema';

export interface Sms {
  to: string;
  text: string;
}

/** Sends text messages. The local provider keeps them in the SMS outbox (GET /dev/sms with DEV_ROUTES=1). */
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/**
 * The SMS provider. Only the local one exists: no SMS gateway is reachable from here; a real adapter
 * (Twilio, ...) implements the same one-method interface.
 */
export function createSmsSender(db: Db): SmsSender {
  return {
    send: async (sms) => {
      await db.insert(smsOutbox).values({ id: randomUUID(), ...sms });
    },
  };
}

export async function readSmsOutbox(db: Db): Promise<Sms[]> {
  const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt));
  return rows.map(({ to, text }) => ({ to, text }));
}
