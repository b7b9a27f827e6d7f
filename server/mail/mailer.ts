import { desc } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../db';
import { outbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the dev outbox in the database. */
export function createMailer(db: Db, { smtpUrl, from }: { smtpUrl?: string; from: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from, ...mail })) };
  }
  return {
    send: async (mail) => {
      await db.insert(outbox).values({ id: randomUUID(), ...mail });
    },
  };
}

export async function readOutbox(db: Db): Promise<Mail[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt));
  return rows.map(({ to, subject, text, html }) => ({ to, subject, text, html }));
}
