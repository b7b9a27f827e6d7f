// The verified phone numbers of a tenant's users (Frontegg's users phone numbers v2), paged like the users
// lists: `page` is a page index.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { userPhoneNumbers, userTenants } from '../db/schema';

export interface PhoneNumberQuery {
  page: number;
  limit: number;
  /** Only these users' numbers (an empty list: none). */
  userIds?: string[];
  phoneNumber?: string;
}

export async function pageOfPhoneNumbers(db: Db, tenantId: string, q: PhoneNumberQuery) {
  const where = and(
    isNotNull(userPhoneNumbers.verifiedAt),
    inArray(
      userPhoneNumbers.userId,
      db.select({ id: userTenants.userId }).from(userTenants).where(eq(userTenants.tenantId, tenantId)),
    ),
    ...(q.userIds ? [inArray(userPhoneNumbers.userId, q.userIds.length ? q.userIds : [''])] : []),
    // Numbers are stored without spaces, parentheses and dashes.
    ...(q.phoneNumber ? [eq(userPhoneNumbers.phoneNumber, q.phoneNumber.replace(/[\s()-]/g, ''))] : []),
  );
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userPhoneNumbers)
    .where(where);
  const rows = await db
    .select({ userId: userPhoneNumbers.userId, phoneNumber: userPhoneNumbers.phoneNumber })
    .from(userPhoneNumbers)
    .where(where)
    .orderBy(asc(userPhoneNumbers.createdAt), asc(userPhoneNumbers.id))
    .limit(q.limit)
    .offset(q.page * q.limit);
  const totalItems = Number(total?.n ?? 0);
  return { items: rows, _metadata: { totalItems, totalPages: Math.ceil(totalItems / q.limit) } };
}
