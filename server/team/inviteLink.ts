// A tenant's shareable invite link (TEAM-020) as its administrators manage it: one per tenant, replaced with
// a new token on every create (the old link stops working). Sign-up reads it in server/signup/inviteLinks.ts.
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { inviteLinks } from '../db/schema';

/** An invite link lives 30 days unless the request says otherwise. */
export const DEFAULT_INVITE_LINK_MINUTES = 43_200;

type InviteLinkRow = typeof inviteLinks.$inferSelect;
interface LinkSettings {
  expiresInMinutes?: number;
  shouldSendEmail?: boolean;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** The link as the API answers it (Frontegg's ITenantInviteUserLink: its id is the tenant's). */
export const inviteLinkView = (vendorId: string, link: InviteLinkRow) => ({
  id: link.tenantId,
  vendorId,
  tenantId: link.tenantId,
  token: link.token,
  expires: link.expiresAt.toISOString(),
  shouldSendEmail: link.shouldSendEmail,
});

export async function findInviteLink(db: Db, tenantId: string): Promise<InviteLinkRow | undefined> {
  const [link] = await db.select().from(inviteLinks).where(eq(inviteLinks.tenantId, tenantId));
  return link;
}

/** Creates the tenant's link, or replaces it with a new token. */
export async function replaceInviteLink(
  db: Db,
  tenantId: string,
  settings: LinkSettings,
): Promise<InviteLinkRow> {
  const values = {
    tenantId,
    token: randomBytes(32).toString('base64url'),
    expiresAt: minutesFromNow(settings.expiresInMinutes ?? DEFAULT_INVITE_LINK_MINUTES),
    shouldSendEmail: settings.shouldSendEmail ?? false,
    createdAt: new Date(),
  };
  const [link] = await db
    .insert(inviteLinks)
    .values(values)
    .onConflictDoUpdate({ target: inviteLinks.tenantId, set: values })
    .returning();
  return link!;
}

/** Changes the link's expiry or mail setting (the token stays); undefined when the tenant has no link. */
export async function updateInviteLink(
  db: Db,
  tenantId: string,
  settings: LinkSettings,
): Promise<InviteLinkRow | undefined> {
  const changes: Partial<typeof inviteLinks.$inferInsert> = {};
  if (settings.expiresInMinutes !== undefined) changes.expiresAt = minutesFromNow(settings.expiresInMinutes);
  if (settings.shouldSendEmail !== undefined) changes.shouldSendEmail = settings.shouldSendEmail;
  if (!Object.keys(changes).length) return findInviteLink(db, tenantId);
  const [link] = await db
    .update(inviteLinks)
    .set(changes)
    .where(eq(inviteLinks.tenantId, tenantId))
    .returning();
  return link;
}

/** Deletes the link; false when the tenant had none. */
export async function deleteInviteLink(db: Db, tenantId: string): Promise<boolean> {
  const deleted = await db
    .delete(inviteLinks)
    .where(eq(inviteLinks.tenantId, tenantId))
    .returning({ tenantId: inviteLinks.tenantId });
  return deleted.length > 0;
}
