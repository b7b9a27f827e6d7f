// The billing service (issue 19, BILLING-*): the only code that writes the billing tables. It keeps the
// accounts, subscriptions, cards and invoices in the database and asks the payment provider
// (server/billing/provider.ts) for what needs a card processor. Every change runs in one transaction, with the
// billing clock's time (a dev route moves it: tests drive periods with it), and rewrites the tenant's plan
// entitlement with the subscription's plan in that same transaction, so `isEntitledToFeature` follows a plan
// change at once. Audit rows name the acting user (a request) or none (the period job) and the tenant.
//
// Decisions (say so where they show):
// - An upgrade (a plan of a higher rank) is charged now for a new month and its period starts now; a downgrade
//   is applied now without a charge and without proration (the rest of the paid period is not refunded; the
//   next renewal charges the lower price). A declined charge changes nothing.
// - A subscription cancelled at period end becomes `canceled` at its period's end and keeps no plan
//   entitlement: the account then starts a new active subscription of the default plan (Free).
// - A trial ending with a card is charged (active); without one its trialEndAction decides: change_to_default
//   moves it to the default plan (active), retain_trial leaves it `trialEnded` (no plan features).
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  type WireInvoice,
  type WirePlan,
  type WireSubscription,
  type WirePaymentMethod,
  AT_PERIOD_END,
  BILLING_EXTERNALLY_MANAGED,
  CARD_DECLINED,
  INTERNAL_FEATURE_FAILURE,
  INVOICE_NOT_FOUND,
  PAYMENT_METHOD_NOT_FOUND,
  PAYMENT_METHOD_REQUIRED,
  PLAN_CANCELLATION_NOT_ALLOWED,
  PLAN_DOWNGRADE_NOT_ALLOWED,
  PLAN_NOT_FOUND,
  SETUP_INTENT_INVALID,
  SUBSCRIPTION_CHANGED,
  SUBSCRIPTION_EXISTS,
  SUBSCRIPTION_NOT_CANCELLABLE,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_NOT_RENEWABLE,
} from '../../shared/api/contracts/billing';
import { writeAudit, type AuditSeverity } from '../audit';
import type { AuditAction } from '../audit/actions';
import type { Services } from '../context';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import {
  billingAccounts,
  billingProviderEvents,
  billingSetupIntents,
  billingSubscriptions,
  invoices,
  paymentMethods,
  plans,
  tenantEntitlements,
  vendors,
} from '../db/schema';
import {
  CardDeclinedError,
  type PaymentProvider,
  type ProviderCard,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPlan,
  type ProviderSubscription,
} from './provider';
import { addMonth } from './providers/local';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Db | Tx;
export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type AccountRow = typeof billingAccounts.$inferSelect;
export type CardRow = typeof paymentMethods.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** The billing clock: the server's time plus an offset a dev route moves (tests run periods with it). */
export interface BillingClock {
  now(): Date;
  /** Moves the clock forward (dev regime only: POST /dev/billing/clock). */
  advanceDays(days: number): void;
}

export function createBillingClock(base: () => Date = () => new Date()): BillingClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    advanceDays(days) {
      offsetMs += days * 24 * 60 * 60_000;
    },
  };
}

/** What the routes and the job need of the services. */
export type BillingDeps = Pick<Services, 'db' | 'vendorId' | 'billing'>;

/** Who acts: a signed-in user (a request) or the job (no user). */
export interface Actor {
  userId?: string;
  email?: string;
  ipAddress?: string;
  userAgent?: string;
}

/** A refusal the route answers with `status` and the contract's message. */
export class BillingError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 500,
    message: string,
  ) {
    super(message);
    this.name = 'BillingError';
  }
}

/** Subscriptions that still run (an account has at most one). */
export const RUNNING_STATUSES = ['active', 'trialing', 'trialEnded', 'incomplete'] as const;

const DAY_MS = 24 * 60 * 60_000;
export const SETUP_INTENT_TTL_MS = 30 * 60_000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function audit(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  action: AuditAction,
  json: Record<string, unknown>,
  severity: AuditSeverity = 'Info',
) {
  await writeAudit(deps.db, { vendorId: deps.vendorId, tenantId, ...actor, action, severity, json });
}

// ---------------------------------------------------------------------------------------------------------
// Reads and wire views

export const isSold = (plan: PlanRow) => plan.priceAmount !== null;

export function planView(plan: PlanRow): WirePlan {
  return {
    id: plan.id,
    externalId: plan.externalId ?? '',
    name: plan.name,
    description: plan.description,
    price: {
      id: plan.id,
      externalId: plan.externalId ?? '',
      currency: plan.currency,
      amount: (plan.priceAmount ?? 0) / 100,
    },
    slug: plan.slug ?? '',
    features: Array.isArray(plan.features) ? (plan.features as string[]) : [],
    seatLimit: plan.seatLimit,
    trialDays: plan.trialDays,
    rank: plan.rank,
    isDefault: plan.isDefault,
  };
}

export function subscriptionView(row: SubscriptionRow, plan: PlanRow): WireSubscription {
  return {
    id: row.id,
    externalId: row.externalId,
    externallyManaged: row.externallyManaged,
    startDate: row.startDate.toISOString(),
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    status: row.status as WireSubscription['status'],
    cancellation: row.cancellationPolicy === AT_PERIOD_END ? { policy: AT_PERIOD_END } : null,
    ...(row.trialEnd ? { trialEnd: row.trialEnd.toISOString() } : {}),
    plan: { slug: plan.slug ?? '' },
    planId: row.planId,
    paymentMethodId: row.paymentMethodId,
    tenantId: row.tenantId,
  };
}

export function invoiceView(row: InvoiceRow): WireInvoice {
  return {
    id: row.id,
    externalId: row.externalId,
    subscriptionId: row.subscriptionId,
    paymentDate: (row.paymentDate ?? row.createdAt).toISOString(),
    totalAmount: row.totalAmount,
    currency: row.currency,
    paid: row.paid,
    receiptNumber: row.receiptNumber,
    description: row.description,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
  };
}

export function paymentMethodView(row: CardRow): WirePaymentMethod {
  if (row.type !== 'card')
    return { id: row.id, externalId: row.externalId, type: 'unknown', isDefault: row.isDefault };
  const address = (row.billingAddress ?? {}) as Record<string, string>;
  return {
    id: row.id,
    externalId: row.externalId,
    type: 'card',
    isDefault: row.isDefault,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    brand: row.brand,
    billingDetails: {
      name: row.billingName,
      ...(row.billingEmail ? { email: row.billingEmail } : {}),
      address,
    },
  };
}

export async function listPlans(deps: BillingDeps): Promise<PlanRow[]> {
  const rows = await deps.db
    .select()
    .from(plans)
    .where(eq(plans.vendorId, deps.vendorId))
    .orderBy(asc(plans.rank), asc(plans.name));
  return rows.filter(isSold);
}

export async function findPlan(db: Exec, vendorId: string, id: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.vendorId, vendorId), eq(plans.id, id)));
  return row && isSold(row) ? row : undefined;
}

export async function defaultPlan(db: Exec, vendorId: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.vendorId, vendorId), eq(plans.isDefault, true)));
  return row;
}

export async function findAccount(db: Exec, tenantId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.tenantId, tenantId));
  return row;
}

/** The tenant's billing account, made on first use (as Frontegg's create_customer action at tenant creation). */
export async function ensureAccount(deps: BillingDeps, tenantId: string): Promise<AccountRow> {
  const existing = await findAccount(deps.db, tenantId);
  if (existing) return existing;
  await deps.db
    .insert(billingAccounts)
    .values({
      id: randomUUID(),
      vendorId: deps.vendorId,
      tenantId,
      providerType: provider(deps).mode,
    })
    .onConflictDoNothing();
  return (await findAccount(deps.db, tenantId))!;
}

/** The account's customer at the provider, created on first need. */
async function ensureCustomer(deps: BillingDeps, account: AccountRow): Promise<string> {
  if (account.customerId) return account.customerId;
  const { customerId } = await provider(deps).createCustomer({
    tenantId: account.tenantId,
    name: account.name,
    email: account.email,
  });
  const [row] = await deps.db
    .update(billingAccounts)
    .set({ customerId })
    .where(and(eq(billingAccounts.id, account.id), isNull(billingAccounts.customerId)))
    .returning();
  return row?.customerId ?? (await findAccount(deps.db, account.tenantId))!.customerId!;
}

/** The provider, or 'Internal feature failure' (BILLING-037) when none is configured. */
export function provider(deps: Pick<Services, 'billing'>): PaymentProvider {
  if (!deps.billing.provider) throw new BillingError(500, INTERNAL_FEATURE_FAILURE);
  return deps.billing.provider;
}

export async function runningSubscription(db: Exec, tenantId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.tenantId, tenantId),
        isNull(billingSubscriptions.endedAt),
        inArray(billingSubscriptions.status, [...RUNNING_STATUSES]),
      ),
    )
    .orderBy(desc(billingSubscriptions.startDate))
    .limit(1);
  return row;
}

/** The tenant's subscriptions: the running one first, then the ended ones, newest first. */
export async function listSubscriptions(deps: BillingDeps, tenantId: string) {
  const rows = await deps.db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.tenantId, tenantId))
    .orderBy(sql`${billingSubscriptions.endedAt} is not null`, desc(billingSubscriptions.startDate));
  return withPlans(deps, rows);
}

async function withPlans(deps: BillingDeps, rows: SubscriptionRow[]) {
  const planRows = await deps.db.select().from(plans).where(eq(plans.vendorId, deps.vendorId));
  const byId = new Map(planRows.map((p) => [p.id, p]));
  return rows.map((row) => subscriptionView(row, byId.get(row.planId)!));
}

/** One subscription of the tenant (another tenant's: 'Subscription not found.'). */
export async function getSubscription(
  deps: BillingDeps,
  tenantId: string,
  subscriptionId: string,
): Promise<{ row: SubscriptionRow; plan: PlanRow }> {
  const [row] = await deps.db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.id, subscriptionId), eq(billingSubscriptions.tenantId, tenantId)));
  if (!row) throw new BillingError(404, SUBSCRIPTION_NOT_FOUND);
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, row.planId));
  return { row, plan: plan! };
}

export async function listCards(db: Exec, tenantId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), isNull(paymentMethods.detachedAt)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
}

export async function getCard(db: Exec, tenantId: string, id: string): Promise<CardRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.tenantId, tenantId),
        isNull(paymentMethods.detachedAt),
      ),
    );
  if (!row) throw new BillingError(404, PAYMENT_METHOD_NOT_FOUND);
  return row;
}

export async function listInvoices(deps: BillingDeps, tenantId: string): Promise<InvoiceRow[]> {
  return deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.tenantId, tenantId))
    .orderBy(desc(invoices.periodStart), desc(invoices.receiptNumber));
}

export async function getInvoice(deps: BillingDeps, tenantId: string, id: string): Promise<InvoiceRow> {
  const [row] = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.tenantId, tenantId)));
  if (!row) throw new BillingError(404, INVOICE_NOT_FOUND);
  return row;
}

export async function vendorSettings(deps: Pick<Services, 'db' | 'vendorId'>) {
  const [row] = await deps.db.select().from(vendors).where(eq(vendors.id, deps.vendorId));
  return row!;
}

// ---------------------------------------------------------------------------------------------------------
// Writes inside transactions

/** The tenant's plan entitlement becomes `planId` (one plan row; direct feature grants are kept). */
export async function setPlanEntitlement(tx: Exec, tenantId: string, planId: string | null) {
  await tx
    .delete(tenantEntitlements)
    .where(and(eq(tenantEntitlements.tenantId, tenantId), sql`${tenantEntitlements.planId} is not null`));
  if (planId)
    await tx.insert(tenantEntitlements).values({ id: randomUUID(), tenantId, planId, expireTime: -1 });
}

/**
 * Billing writes of one tenant run one at a time in this process (a plan change, a cancel or renew, the
 * period job's step, a provider event): two plan changes sent at once, or a plan change racing the job, never
 * both charge. Across processes (WORKERS on PostgreSQL) `claim` guards the charging paths.
 */
const tenantQueues = new Map<string, Promise<unknown>>();
export async function withTenantLock<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  const before = tenantQueues.get(tenantId) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  tenantQueues.set(tenantId, settled);
  try {
    return await run;
  } finally {
    if (tenantQueues.get(tenantId) === settled) tenantQueues.delete(tenantId);
  }
}

/**
 * Claims a subscription row before a charge: it must still be the row that was read (its `updatedAt`);
 * another process that changed it meanwhile makes this one refuse (409) instead of charging twice.
 */
async function claim(db: Exec, row: SubscriptionRow): Promise<SubscriptionRow> {
  const [claimed] = await db
    .update(billingSubscriptions)
    .set({ updatedAt: new Date() })
    // Compared at the millisecond a Date holds (PostgreSQL keeps microseconds: `now()` defaults carry them).
    .where(
      and(
        eq(billingSubscriptions.id, row.id),
        sql`date_trunc('milliseconds', ${billingSubscriptions.updatedAt}) = ${row.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!claimed) throw new BillingError(409, SUBSCRIPTION_CHANGED);
  return claimed;
}

/**
 * A subscription ends (cancelled at its period's end, or ended at the provider): `canceled` at `at`, and the
 * account goes on with a new active subscription of the default plan, whose entitlement it gets (none without a
 * default plan).
 */
async function endWithFallback(
  deps: BillingDeps,
  tx: Tx,
  row: SubscriptionRow,
  at: Date,
  fallback: PlanRow | undefined,
): Promise<SubscriptionRow> {
  const [ended] = await tx
    .update(billingSubscriptions)
    .set({ status: 'canceled', endedAt: at, updatedAt: new Date() })
    .where(eq(billingSubscriptions.id, row.id))
    .returning();
  if (fallback) {
    await tx.insert(billingSubscriptions).values({
      id: randomUUID(),
      vendorId: deps.vendorId,
      tenantId: row.tenantId,
      planId: fallback.id,
      externalId: `lsub_${randomUUID()}`,
      status: 'active',
      startDate: at,
      currentPeriodStart: at,
      currentPeriodEnd: addMonth(at),
      paymentMethodId: row.paymentMethodId,
    });
  }
  await setPlanEntitlement(tx, row.tenantId, fallback?.id ?? null);
  return ended!;
}

/** Receipt numbers: `1001-0001`, `1001-0002`, … per vendor (a unique index; the caller retries on a race). */
export const RECEIPT_PREFIX = '1001';
async function nextReceiptNumber(tx: Exec, vendorId: string): Promise<string> {
  const [row] = await tx
    .select({
      max: sql<number | null>`max(cast(split_part(${invoices.receiptNumber}, '-', 2) as integer))`,
    })
    .from(invoices)
    .where(eq(invoices.vendorId, vendorId));
  const next = Number(row?.max ?? 0) + 1;
  return `${RECEIPT_PREFIX}-${String(next).padStart(4, '0')}`;
}

const periodText = (start: Date, end: Date) => {
  const day = (d: Date) =>
    d.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${day(start)} - ${day(end)}`;
};

/** Writes an invoice of a charge (or a refused one: unpaid) with the next receipt number. */
export async function insertInvoice(
  tx: Exec,
  input: {
    vendorId: string;
    tenantId: string;
    subscriptionId: string;
    plan: PlanRow;
    invoice: ProviderInvoice;
    paymentMethodId: string | null;
  },
): Promise<InvoiceRow> {
  const { invoice } = input;
  // The provider's invoice may already be here (Stripe's `invoice.paid` can arrive before the answer of the
  // call that caused it): one row per external id, brought up to date.
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.vendorId, input.vendorId), eq(invoices.externalId, invoice.externalId)));
  if (existing) {
    const [updated] = await tx
      .update(invoices)
      .set({
        paid: existing.paid || invoice.paid,
        paymentDate: invoice.paid ? (invoice.paymentDate ?? existing.paymentDate) : existing.paymentDate,
      })
      .where(eq(invoices.id, existing.id))
      .returning();
    return updated!;
  }
  const [row] = await tx
    .insert(invoices)
    .values({
      id: randomUUID(),
      vendorId: input.vendorId,
      tenantId: input.tenantId,
      subscriptionId: input.subscriptionId,
      externalId: invoice.externalId,
      receiptNumber: await nextReceiptNumber(tx, input.vendorId),
      planId: input.plan.id,
      description: `${input.plan.name} plan, ${periodText(invoice.periodStart, invoice.periodEnd)}`,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      totalAmount: invoice.totalAmount,
      currency: invoice.currency,
      paid: invoice.paid,
      paymentDate: invoice.paid ? (invoice.paymentDate ?? new Date()) : (invoice.paymentDate ?? null),
      paymentMethodId: input.paymentMethodId,
    })
    .returning();
  return row!;
}

/** Runs `work` in a transaction, again when two invoices raced for one receipt number (a few times). */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error) && receiptConstraint(error)) continue;
      throw error;
    }
  }
}
const receiptConstraint = (error: unknown): boolean => {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return (e.constraint ?? e.cause?.constraint) === 'invoices_vendor_receipt';
};

export const providerPlan = (plan: PlanRow): ProviderPlan => ({
  id: plan.id,
  externalId: plan.externalId,
  amount: plan.priceAmount ?? 0,
  currency: plan.currency,
  name: plan.name,
});

export const providerSubscription = (row: SubscriptionRow): ProviderSubscription => ({
  externalId: row.externalId,
  status: row.status as ProviderSubscription['status'],
  currentPeriodStart: row.currentPeriodStart,
  currentPeriodEnd: row.currentPeriodEnd,
  trialEnd: row.trialEnd,
  cancelAtPeriodEnd: row.cancellationPolicy === AT_PERIOD_END,
});

const fromProvider = (s: ProviderSubscription) => ({
  externalId: s.externalId,
  status: s.status,
  currentPeriodStart: s.currentPeriodStart,
  currentPeriodEnd: s.currentPeriodEnd,
  trialEnd: s.trialEnd,
  cancellationPolicy: s.cancelAtPeriodEnd ? AT_PERIOD_END : null,
});

// ---------------------------------------------------------------------------------------------------------
// The lifecycle

/**
 * A new account's trial (sign-up): its billing account and customer, and a `trialing` subscription of the
 * plan with the most trial days (Pro), until now + trialDays; no card, no invoice. Nothing without a provider
 * or a trial plan.
 */
export async function startTrial(deps: BillingDeps, tenantId: string, who: { name: string; email: string }) {
  if (!deps.billing.provider) return null;
  const [plan] = await deps.db
    .select()
    .from(plans)
    .where(and(eq(plans.vendorId, deps.vendorId), gt(plans.trialDays, 0)))
    .orderBy(desc(plans.trialDays), desc(plans.rank))
    .limit(1);
  if (!plan || !isSold(plan)) return null;
  const account = await ensureAccount(deps, tenantId);
  await deps.db
    .update(billingAccounts)
    .set({ name: who.name, email: who.email })
    .where(eq(billingAccounts.id, account.id));
  const customerId = await ensureCustomer(deps, { ...account, name: who.name, email: who.email });
  const now = deps.billing.clock.now();
  const trialEnd = new Date(now.getTime() + plan.trialDays * DAY_MS);
  const { subscription } = await provider(deps).subscribe({
    customerId,
    plan: providerPlan(plan),
    cardExternalId: null,
    trialEnd,
    now,
  });
  const row = await transaction(deps.db, (tx) =>
    insertSubscription(deps, tx, { tenantId, plan, subscription, invoice: null, now, cardId: null }),
  );
  await audit(deps, tenantId, {}, 'Subscription started', {
    subscriptionId: row.id,
    plan: plan.name,
    status: row.status,
    trialEnd: trialEnd.toISOString(),
  });
  return row;
}

/**
 * A new subscription row from the provider's answer, its first invoice (if one was charged) and the plan's
 * entitlement, in one transaction. A second running subscription of the account breaks the unique index
 * `billing_subscriptions_one_running`: SUBSCRIPTION_EXISTS.
 */
async function insertSubscription(
  deps: BillingDeps,
  tx: Tx,
  input: {
    tenantId: string;
    plan: PlanRow;
    subscription: ProviderSubscription;
    invoice: ProviderInvoice | null;
    now: Date;
    cardId: string | null;
  },
): Promise<SubscriptionRow> {
  const { tenantId, plan } = input;
  const inserted = await tx
    .insert(billingSubscriptions)
    .values({
      id: randomUUID(),
      vendorId: deps.vendorId,
      tenantId,
      planId: plan.id,
      ...fromProvider(input.subscription),
      startDate: input.now,
      paymentMethodId: input.cardId,
    })
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new BillingError(409, SUBSCRIPTION_EXISTS);
      throw error;
    });
  const row = inserted[0]!;
  if (input.invoice)
    await insertInvoice(tx, {
      vendorId: deps.vendorId,
      tenantId,
      subscriptionId: row.id,
      plan,
      invoice: input.invoice,
      paymentMethodId: input.cardId,
    });
  await setPlanEntitlement(tx, tenantId, plan.id);
  return row;
}

function assertChangeable(row: SubscriptionRow, account: AccountRow | undefined) {
  if (row.externallyManaged || account?.externallyManaged)
    throw new BillingError(400, BILLING_EXTERNALLY_MANAGED);
}

/**
 * A plan change (BILLING-050): an upgrade is charged now for a new month; a trial moved to a paid plan with a
 * card is charged now and becomes active; a downgrade, when the vendor allows it, is applied now without a
 * charge (no proration). A declined charge changes nothing (audited).
 */
export function changePlan(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  input: { subscriptionId: string; planId: string; paymentMethodId?: string },
): Promise<WireSubscription> {
  return withTenantLock(tenantId, () => changePlanNow(deps, tenantId, actor, input));
}

async function changePlanNow(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  input: { subscriptionId: string; planId: string; paymentMethodId?: string },
): Promise<WireSubscription> {
  const { row: read, plan: current } = await getSubscription(deps, tenantId, input.subscriptionId);
  let row = read;
  const account = await findAccount(deps.db, tenantId);
  assertChangeable(row, account);
  const target = await findPlan(deps.db, deps.vendorId, input.planId);
  if (!target) throw new BillingError(404, PLAN_NOT_FOUND);
  if (!RUNNING_STATUSES.includes(row.status as (typeof RUNNING_STATUSES)[number]) || row.endedAt)
    throw new BillingError(404, SUBSCRIPTION_NOT_FOUND);
  const card = input.paymentMethodId
    ? await getCard(deps.db, tenantId, input.paymentMethodId)
    : row.paymentMethodId
      ? await getCard(deps.db, tenantId, row.paymentMethodId).catch(() => undefined)
      : (await listCards(deps.db, tenantId))[0];
  const paid = (target.priceAmount ?? 0) > 0;
  const downgrade = target.rank < current.rank;
  const trialToPaid = target.id === current.id && row.status !== 'active' && paid;
  if (target.id === current.id && !trialToPaid) {
    // Nothing to move: the card, if one was named, becomes the subscription's.
    if (card && card.id !== row.paymentMethodId) {
      const [updated] = await deps.db
        .update(billingSubscriptions)
        .set({ paymentMethodId: card.id, updatedAt: new Date() })
        .where(eq(billingSubscriptions.id, row.id))
        .returning();
      return subscriptionView(updated!, current);
    }
    return subscriptionView(row, current);
  }
  if (downgrade && !(await vendorSettings(deps)).allowPlanDowngrade)
    throw new BillingError(403, PLAN_DOWNGRADE_NOT_ALLOWED);
  if (paid && !card) throw new BillingError(400, PAYMENT_METHOD_REQUIRED);
  const now = deps.billing.clock.now();
  const charged = !downgrade || trialToPaid || (row.status !== 'active' && paid);

  let result: { subscription: ProviderSubscription; invoice: ProviderInvoice | null };
  row = await claim(deps.db, row);
  {
    const customerId = await ensureCustomer(deps, account ?? (await ensureAccount(deps, tenantId)));
    try {
      // A downgrade goes to the provider too (Stripe must bill the lower price from the next period).
      result = await provider(deps).changePlan({
        customerId,
        subscription: providerSubscription(row),
        plan: providerPlan(target),
        cardExternalId: card?.externalId ?? null,
        charge: charged,
        now,
      });
    } catch (error) {
      if (!(error instanceof CardDeclinedError)) throw error;
      await audit(
        deps,
        tenantId,
        actor,
        'Subscription plan change declined',
        { subscriptionId: row.id, from: current.name, to: target.name, declineCode: error.declineCode },
        'Medium',
      );
      throw new BillingError(400, CARD_DECLINED);
    }
  }
  if (!charged) {
    // A downgrade: now, no charge, no proration; the period (and a trial's end) stay.
    result = {
      subscription: {
        ...result.subscription,
        status: row.status === 'trialing' && paid ? 'trialing' : 'active',
      },
      invoice: null,
    };
  }
  const { updated, invoice } = await transaction(deps.db, async (tx) => {
    const [updated] = await tx
      .update(billingSubscriptions)
      .set({
        ...fromProvider(result.subscription),
        planId: target.id,
        paymentMethodId: card?.id ?? row.paymentMethodId,
        updatedAt: new Date(),
      })
      .where(eq(billingSubscriptions.id, row.id))
      .returning();
    const invoice = result.invoice
      ? await insertInvoice(tx, {
          vendorId: deps.vendorId,
          tenantId,
          subscriptionId: row.id,
          plan: target,
          invoice: result.invoice,
          paymentMethodId: card?.id ?? null,
        })
      : null;
    await setPlanEntitlement(tx, tenantId, target.id);
    return { updated: updated!, invoice };
  });
  await audit(deps, tenantId, actor, 'Subscription plan changed', {
    subscriptionId: row.id,
    from: current.name,
    to: target.name,
    direction: downgrade ? 'downgrade' : 'upgrade',
    ...(invoice ? { invoice: invoice.receiptNumber, amount: invoice.totalAmount } : {}),
  });
  return subscriptionView(updated, target);
}

/** Cancel at period end (BILLING-024): the guards in the order of 001 §4. */
export function cancelSubscription(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  subscriptionId: string,
): Promise<WireSubscription> {
  return withTenantLock(tenantId, () => cancelSubscriptionNow(deps, tenantId, actor, subscriptionId));
}

async function cancelSubscriptionNow(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  subscriptionId: string,
): Promise<WireSubscription> {
  const { row, plan } = await getSubscription(deps, tenantId, subscriptionId);
  assertChangeable(row, await findAccount(deps.db, tenantId));
  if (row.cancellationPolicy || row.status !== 'active' || row.endedAt)
    throw new BillingError(400, SUBSCRIPTION_NOT_CANCELLABLE);
  if (!(await vendorSettings(deps)).allowPlanCancellation)
    throw new BillingError(403, PLAN_CANCELLATION_NOT_ALLOWED);
  const next = await provider(deps).setCancelAtPeriodEnd({
    subscription: providerSubscription(row),
    cancel: true,
  });
  const [updated] = await deps.db
    .update(billingSubscriptions)
    .set({ cancellationPolicy: next.cancelAtPeriodEnd ? AT_PERIOD_END : null, updatedAt: new Date() })
    .where(eq(billingSubscriptions.id, row.id))
    .returning();
  await audit(deps, tenantId, actor, 'Subscription cancelled at period end', {
    subscriptionId: row.id,
    plan: plan.name,
    endsAt: row.currentPeriodEnd.toISOString(),
  });
  return subscriptionView(updated!, plan);
}

/** Renew (BILLING-028): clears a cancellation at period end. */
export function renewSubscription(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  subscriptionId: string,
): Promise<WireSubscription> {
  return withTenantLock(tenantId, () => renewSubscriptionNow(deps, tenantId, actor, subscriptionId));
}

async function renewSubscriptionNow(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  subscriptionId: string,
): Promise<WireSubscription> {
  const { row, plan } = await getSubscription(deps, tenantId, subscriptionId);
  assertChangeable(row, await findAccount(deps.db, tenantId));
  if (row.cancellationPolicy !== AT_PERIOD_END || row.endedAt)
    throw new BillingError(400, SUBSCRIPTION_NOT_RENEWABLE);
  await provider(deps).setCancelAtPeriodEnd({ subscription: providerSubscription(row), cancel: false });
  const [updated] = await deps.db
    .update(billingSubscriptions)
    .set({ cancellationPolicy: null, updatedAt: new Date() })
    .where(eq(billingSubscriptions.id, row.id))
    .returning();
  await audit(deps, tenantId, actor, 'Subscription renewed', { subscriptionId: row.id, plan: plan.name });
  return subscriptionView(updated!, plan);
}

/**
 * A new subscription for an account without a running one (BILLING-051): the plan (by id or the provider's
 * price id), charged now with the default card.
 */
export function createSubscription(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  planIdOrExternal: string,
): Promise<SubscriptionRow> {
  return withTenantLock(tenantId, () => createSubscriptionNow(deps, tenantId, actor, planIdOrExternal));
}

async function createSubscriptionNow(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  planIdOrExternal: string,
): Promise<SubscriptionRow> {
  const prov = provider(deps);
  const account = await ensureAccount(deps, tenantId);
  if (account.externallyManaged) throw new BillingError(400, BILLING_EXTERNALLY_MANAGED);
  if (await runningSubscription(deps.db, tenantId)) throw new BillingError(409, SUBSCRIPTION_EXISTS);
  const sold = await listPlans(deps);
  const plan = sold.find((p) => p.id === planIdOrExternal || p.externalId === planIdOrExternal);
  if (!plan) throw new BillingError(404, PLAN_NOT_FOUND);
  const [card] = await listCards(deps.db, tenantId);
  if ((plan.priceAmount ?? 0) > 0 && !card) throw new BillingError(400, PAYMENT_METHOD_REQUIRED);
  const customerId = await ensureCustomer(deps, account);
  const now = deps.billing.clock.now();
  let result;
  try {
    result = await prov.subscribe({
      customerId,
      plan: providerPlan(plan),
      cardExternalId: card?.externalId ?? null,
      trialEnd: null,
      now,
    });
  } catch (error) {
    if (!(error instanceof CardDeclinedError)) throw error;
    throw new BillingError(400, CARD_DECLINED);
  }
  const row = await transaction(deps.db, (tx) =>
    insertSubscription(deps, tx, { tenantId, plan, ...result, now, cardId: card?.id ?? null }),
  );
  await audit(deps, tenantId, actor, 'Subscription started', { subscriptionId: row.id, plan: plan.name });
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Cards

/** Starts a card setup (BILLING-061): the secret goes to the browser once; its SHA-256 is kept 30 minutes. */
export async function createSetupIntent(
  deps: BillingDeps,
  tenantId: string,
  replacesPaymentMethodId: string | undefined,
) {
  const prov = provider(deps);
  const replaced = replacesPaymentMethodId
    ? await getCard(deps.db, tenantId, replacesPaymentMethodId)
    : undefined;
  const account = await ensureAccount(deps, tenantId);
  const customerId = await ensureCustomer(deps, account);
  const intent = await prov.createSetupIntent({
    tenantId,
    customerId,
    ...(replaced ? { replacesExternalId: replaced.externalId } : {}),
  });
  const now = deps.billing.clock.now();
  await deps.db.insert(billingSetupIntents).values({
    id: intent.id,
    tenantId,
    secretHash: sha256(intent.clientSecret),
    replacesPaymentMethodId: replaced?.id ?? null,
    expiresAt: new Date(now.getTime() + SETUP_INTENT_TTL_MS),
  });
  return { id: intent.id, paymentMethodId: replaced?.id ?? '', setupIntentSecret: intent.clientSecret };
}

type IntentRow = typeof billingSetupIntents.$inferSelect;

/** The open setup intent of the tenant whose secret this is (SETUP_INTENT_INVALID otherwise). */
export async function openIntentBySecret(deps: BillingDeps, tenantId: string, secret: string) {
  const [row] = await deps.db
    .select()
    .from(billingSetupIntents)
    .where(
      and(
        eq(billingSetupIntents.secretHash, sha256(secret)),
        eq(billingSetupIntents.tenantId, tenantId),
        eq(billingSetupIntents.status, 'requires_payment_method'),
        gt(billingSetupIntents.expiresAt, deps.billing.clock.now()),
      ),
    );
  if (!row) throw new BillingError(400, SETUP_INTENT_INVALID);
  return row;
}

/**
 * Saves the card a setup intent completed: it becomes the default card and the running subscription's card;
 * the card it replaces is detached. Once per intent (a second completion answers the first card).
 */
export async function saveCard(
  deps: BillingDeps,
  intent: IntentRow,
  card: ProviderCard,
  details: { name?: string; email?: string; address?: Record<string, string | undefined> },
  actor: Actor,
): Promise<CardRow> {
  const saved = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(billingSetupIntents)
      .set({ status: 'succeeded' })
      .where(
        and(eq(billingSetupIntents.id, intent.id), eq(billingSetupIntents.status, 'requires_payment_method')),
      )
      .returning();
    if (!claimed) return null;
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(eq(paymentMethods.tenantId, intent.tenantId));
    if (intent.replacesPaymentMethodId)
      await tx
        .update(paymentMethods)
        .set({ detachedAt: new Date() })
        .where(
          and(
            eq(paymentMethods.id, intent.replacesPaymentMethodId),
            eq(paymentMethods.tenantId, intent.tenantId),
          ),
        );
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        id: randomUUID(),
        tenantId: intent.tenantId,
        externalId: card.externalId,
        type: 'card',
        isDefault: true,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        billingName: details.name ?? '',
        billingEmail: details.email ?? '',
        billingAddress: cleanAddress(details.address),
      })
      .returning();
    const running = await runningSubscription(tx, intent.tenantId);
    if (running)
      await tx
        .update(billingSubscriptions)
        .set({ paymentMethodId: row!.id, updatedAt: new Date() })
        .where(eq(billingSubscriptions.id, running.id));
    return row!;
  });
  if (!saved) {
    const [existing] = await deps.db
      .select()
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.tenantId, intent.tenantId), eq(paymentMethods.externalId, card.externalId)),
      );
    if (existing) return existing;
    throw new BillingError(400, SETUP_INTENT_INVALID);
  }
  const account = await findAccount(deps.db, intent.tenantId);
  if (account?.customerId && deps.billing.provider)
    await deps.billing.provider.setDefaultCard({
      customerId: account.customerId,
      cardExternalId: card.externalId,
    });
  await audit(deps, intent.tenantId, actor, 'Payment method added', {
    paymentMethodId: saved.id,
    brand: saved.brand,
    last4: saved.last4,
    ...(intent.replacesPaymentMethodId ? { replaces: intent.replacesPaymentMethodId } : {}),
  });
  return saved;
}

const cleanAddress = (address: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(Object.entries(address ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''));

/**
 * With Stripe, the browser confirms the setup intent at Stripe: the tenant's open intents are asked for their
 * card, so a reload after the Card Element shows it even before the webhook arrives.
 */
export async function collectCompletedIntents(deps: BillingDeps, tenantId: string, actor: Actor) {
  const prov = deps.billing.provider;
  if (!prov || prov.mode !== 'stripe') return;
  const account = await findAccount(deps.db, tenantId);
  if (!account?.customerId) return;
  const open = await deps.db
    .select()
    .from(billingSetupIntents)
    .where(
      and(
        eq(billingSetupIntents.tenantId, tenantId),
        eq(billingSetupIntents.status, 'requires_payment_method'),
        gt(billingSetupIntents.expiresAt, deps.billing.clock.now()),
      ),
    );
  for (const intent of open) {
    const card = await prov.cardOfSetupIntent({ customerId: account.customerId, setupIntentId: intent.id });
    if (card) await saveCard(deps, intent, card, { name: account.name, email: account.email }, actor);
  }
}

/** Billing details of a card (BILLING-056): name, email, address. */
export async function updateBillingDetails(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  id: string,
  body: { name?: string; email?: string; address?: Record<string, string | undefined> },
): Promise<CardRow> {
  const card = await getCard(deps.db, tenantId, id);
  const [row] = await deps.db
    .update(paymentMethods)
    .set({
      ...(body.name !== undefined ? { billingName: body.name } : {}),
      ...(body.email !== undefined ? { billingEmail: body.email } : {}),
      ...(body.address !== undefined ? { billingAddress: cleanAddress(body.address) } : {}),
    })
    .where(eq(paymentMethods.id, card.id))
    .returning();
  await audit(deps, tenantId, actor, 'Billing details updated', {
    paymentMethodId: card.id,
    fields: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined),
  });
  return row!;
}

// ---------------------------------------------------------------------------------------------------------
// The period job

/** A subscription's next state at its period's end (the job runs it for providers that do not run periods). */
async function endPeriod(deps: BillingDeps, row: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, row.planId));
  const fallback = await defaultPlan(deps.db, deps.vendorId);
  const tenantId = row.tenantId;
  const job: Actor = {};

  // Cancelled at period end: canceled, and the account starts the default plan (a canceled subscription keeps
  // no plan entitlement).
  if (row.cancellationPolicy === AT_PERIOD_END) {
    const next = await transaction(deps.db, (tx) =>
      endWithFallback(deps, tx, row, row.currentPeriodEnd, fallback),
    );
    await audit(deps, tenantId, job, 'Subscription ended', {
      subscriptionId: row.id,
      plan: plan!.name,
      ...(fallback ? { nextPlan: fallback.name } : {}),
    });
    return next;
  }

  const card = row.paymentMethodId
    ? await getCard(deps.db, tenantId, row.paymentMethodId).catch(() => undefined)
    : undefined;
  const amount = plan!.priceAmount ?? 0;

  // A trial's end without a card: its trialEndAction (ENUM-026).
  if (row.status === 'trialing' && !card) {
    const toDefault = row.trialEndAction !== 'retain_trial' && fallback;
    const updated = await transaction(deps.db, async (tx) => {
      const [updated] = await tx
        .update(billingSubscriptions)
        .set(
          toDefault
            ? {
                planId: fallback.id,
                status: 'active',
                currentPeriodStart: row.currentPeriodEnd,
                currentPeriodEnd: addMonth(row.currentPeriodEnd),
                updatedAt: new Date(),
              }
            : { status: 'trialEnded', updatedAt: new Date() },
        )
        .where(eq(billingSubscriptions.id, row.id))
        .returning();
      await setPlanEntitlement(tx, tenantId, toDefault ? fallback.id : (fallback?.id ?? null));
      return updated!;
    });
    await audit(deps, tenantId, job, 'Subscription trial ended', {
      subscriptionId: row.id,
      plan: plan!.name,
      action: toDefault ? 'change_to_default' : 'retain_trial',
      ...(toDefault ? { nextPlan: fallback.name } : {}),
    });
    return updated;
  }

  // A free plan's period: the next one, no charge.
  if (amount <= 0) {
    const [updated] = await deps.db
      .update(billingSubscriptions)
      .set({
        status: 'active',
        currentPeriodStart: row.currentPeriodEnd,
        currentPeriodEnd: addMonth(row.currentPeriodEnd),
        updatedAt: new Date(),
      })
      .where(eq(billingSubscriptions.id, row.id))
      .returning();
    return updated!;
  }

  // A paid period (or a trial with a card): charged; a refusal leaves it incomplete with an unpaid invoice.
  const account = await ensureAccount(deps, tenantId);
  let renewed: { subscription: ProviderSubscription; invoice: ProviderInvoice } | null = null;
  let declined: CardDeclinedError | null = null;
  if (card) {
    try {
      renewed = await provider(deps).renew({
        customerId: await ensureCustomer(deps, account),
        subscription: providerSubscription(row),
        plan: providerPlan(plan!),
        cardExternalId: card.externalId,
        now,
      });
    } catch (error) {
      if (!(error instanceof CardDeclinedError)) throw error;
      declined = error;
    }
  } else declined = new CardDeclinedError('no_payment_method');
  const wasTrial = row.status === 'trialing';
  const { updated, invoice } = await transaction(deps.db, async (tx) => {
    const [updated] = await tx
      .update(billingSubscriptions)
      .set(
        renewed
          ? { ...fromProvider(renewed.subscription), updatedAt: new Date() }
          : { status: 'incomplete', updatedAt: new Date() },
      )
      .where(eq(billingSubscriptions.id, row.id))
      .returning();
    // Unpaid: the account keeps only the default plan's features until a charge succeeds (a plan update with
    // a working card pays it and gives the plan's back).
    if (!renewed) await setPlanEntitlement(tx, tenantId, fallback?.id ?? null);
    const start = row.currentPeriodEnd;
    const invoice = await insertInvoice(tx, {
      vendorId: deps.vendorId,
      tenantId,
      subscriptionId: row.id,
      plan: plan!,
      invoice: renewed?.invoice ?? {
        externalId: `lin_${randomUUID()}`,
        subscriptionExternalId: row.externalId,
        totalAmount: amount,
        currency: plan!.currency,
        paid: false,
        paymentDate: now,
        periodStart: start,
        periodEnd: addMonth(start),
      },
      paymentMethodId: card?.id ?? null,
    });
    return { updated: updated!, invoice };
  });
  if (renewed)
    await audit(deps, tenantId, job, wasTrial ? 'Subscription trial ended' : 'Subscription period renewed', {
      subscriptionId: row.id,
      plan: plan!.name,
      invoice: invoice.receiptNumber,
      amount: invoice.totalAmount,
      ...(wasTrial ? { action: 'charged' } : {}),
    });
  else
    await audit(
      deps,
      tenantId,
      job,
      'Subscription renewal declined',
      {
        subscriptionId: row.id,
        plan: plan!.name,
        invoice: invoice.receiptNumber,
        declineCode: declined?.declineCode,
      },
      'Medium',
    );
  return updated;
}

/**
 * One run of the period job: every running subscription whose period (or trial) ended by the clock's now gets
 * its next state (a subscription behind by several periods is moved through each). Answers the touched ones.
 * Nothing with a provider that runs periods itself (Stripe: its events do it).
 */
export async function runBillingJob(deps: BillingDeps): Promise<WireSubscription[]> {
  const prov = deps.billing.provider;
  if (!prov || prov.runsPeriods) return [];
  const now = deps.billing.clock.now();
  const touched = new Map<string, SubscriptionRow>();
  for (let round = 0; round < 60; round++) {
    const due = await deps.db
      .select()
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.vendorId, deps.vendorId),
          isNull(billingSubscriptions.endedAt),
          inArray(billingSubscriptions.status, ['active', 'trialing']),
          lte(billingSubscriptions.currentPeriodEnd, now),
          eq(billingSubscriptions.externallyManaged, false),
        ),
      )
      .orderBy(asc(billingSubscriptions.currentPeriodEnd))
      .limit(100);
    if (!due.length) break;
    let ours = 0;
    for (const due1 of due) {
      // One tenant's billing writes one at a time; a row changed since it was read is read again next round.
      const next = await withTenantLock(due1.tenantId, async () => {
        const [row] = await deps.db
          .select()
          .from(billingSubscriptions)
          .where(eq(billingSubscriptions.id, due1.id));
        if (!row || row.endedAt || row.currentPeriodEnd > now || !['active', 'trialing'].includes(row.status))
          return row;
        // Another process claimed it first: it is theirs (its run settles it).
        const claimed = await claim(deps.db, row).catch(() => null);
        return claimed ? endPeriod(deps, claimed, now) : undefined;
      });
      if (next) {
        touched.set(next.id, next);
        ours++;
      }
    }
    // Nothing of this round was ours (another process holds every row): stop rather than read them again.
    if (!ours) break;
  }
  // Subscriptions the job started (an account's default plan after a cancellation) are touched too.
  const started = await deps.db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.vendorId, deps.vendorId),
        inArray(
          billingSubscriptions.tenantId,
          [...new Set([...touched.values()].map((r) => r.tenantId))].concat(['']),
        ),
        isNull(billingSubscriptions.endedAt),
        ne(billingSubscriptions.status, 'canceled'),
      ),
    );
  for (const row of started) if (!touched.has(row.id)) touched.set(row.id, row);
  return withPlans(deps, [...touched.values()]);
}

// ---------------------------------------------------------------------------------------------------------
// Provider events (Stripe webhooks, server/routes/stripeWebhook.ts)

async function accountByCustomer(deps: BillingDeps, customerId: string) {
  const [row] = await deps.db
    .select()
    .from(billingAccounts)
    .where(and(eq(billingAccounts.vendorId, deps.vendorId), eq(billingAccounts.customerId, customerId)));
  return row;
}

/** The subscription an event names, only in the tenant whose customer the event is about. */
async function subscriptionByExternal(deps: BillingDeps, tenantId: string, externalId: string) {
  const [row] = await deps.db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.vendorId, deps.vendorId),
        eq(billingSubscriptions.tenantId, tenantId),
        eq(billingSubscriptions.externalId, externalId),
      ),
    );
  return row;
}

/**
 * Applies what a provider told out of band, once per event id (`billingProviderEvents`): a redelivered event
 * is a no-op. Answers whether it was applied now.
 */
export async function applyProviderEvent(deps: BillingDeps, event: ProviderEvent): Promise<boolean> {
  const [fresh] = await deps.db
    .insert(billingProviderEvents)
    .values({
      id: event.eventId,
      vendorId: deps.vendorId,
      type: event.kind === 'ignored' ? event.type : event.kind,
    })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return false;
  if (event.kind === 'ignored') return true;
  const account = await accountByCustomer(deps, event.customerId);
  if (!account) return true;
  try {
    await withTenantLock(account.tenantId, () => applyEvent(deps, account, event));
  } catch (error) {
    // Not applied: the marker goes, so the provider's redelivery applies it (a 500 makes Stripe retry).
    await deps.db.delete(billingProviderEvents).where(eq(billingProviderEvents.id, event.eventId));
    throw error;
  }
  return true;
}

/** Statuses after which a subscription runs no more. */
const ENDED_STATUSES = new Set(['canceled', 'expired']);

async function applyEvent(
  deps: BillingDeps,
  account: AccountRow,
  event: Exclude<ProviderEvent, { kind: 'ignored' }>,
): Promise<void> {
  const tenantId = account.tenantId;
  const job: Actor = {};
  switch (event.kind) {
    case 'subscription.updated': {
      // An event for a subscription of another account is not applied (the customer names the account).
      const row = await subscriptionByExternal(deps, tenantId, event.subscription.externalId);
      if (!row || row.endedAt) return;
      const fallback = await defaultPlan(deps.db, deps.vendorId);
      const status = event.subscription.status;
      await transaction(deps.db, async (tx) => {
        if (ENDED_STATUSES.has(status)) {
          await endWithFallback(deps, tx, row, deps.billing.clock.now(), fallback);
          return;
        }
        await tx
          .update(billingSubscriptions)
          .set({ ...fromProvider(event.subscription), updatedAt: new Date() })
          .where(eq(billingSubscriptions.id, row.id));
        // Unpaid: the default plan's features until it is paid; paid or trialing again: its plan's.
        await setPlanEntitlement(
          tx,
          tenantId,
          status === 'incomplete' || status === 'trialEnded' ? (fallback?.id ?? null) : row.planId,
        );
      });
      if (ENDED_STATUSES.has(status))
        await audit(deps, tenantId, job, 'Subscription ended', { subscriptionId: row.id, status });
      return;
    }
    case 'subscription.deleted': {
      const row = await subscriptionByExternal(deps, tenantId, event.subscriptionExternalId);
      if (!row || row.endedAt) return;
      const fallback = await defaultPlan(deps.db, deps.vendorId);
      await transaction(deps.db, (tx) => endWithFallback(deps, tx, row, deps.billing.clock.now(), fallback));
      await audit(deps, tenantId, job, 'Subscription ended', {
        subscriptionId: row.id,
        ...(fallback ? { nextPlan: fallback.name } : {}),
      });
      return;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const row = await subscriptionByExternal(deps, tenantId, event.invoice.subscriptionExternalId);
      if (!row) return;
      const paid = event.kind === 'invoice.paid';
      const [plan] = await deps.db
        .select()
        .from(plans)
        .where(
          event.invoice.priceExternalId
            ? and(eq(plans.vendorId, deps.vendorId), eq(plans.externalId, event.invoice.priceExternalId))
            : eq(plans.id, row.planId),
        );
      const fallback = paid ? undefined : await defaultPlan(deps.db, deps.vendorId);
      const invoice = await transaction(deps.db, async (tx) => {
        // One row per provider invoice (insertInvoice brings an existing one up to date).
        const stored = await insertInvoice(tx, {
          vendorId: deps.vendorId,
          tenantId,
          subscriptionId: row.id,
          plan: plan ?? (await tx.select().from(plans).where(eq(plans.id, row.planId)))[0]!,
          invoice: { ...event.invoice, paid },
          paymentMethodId: row.paymentMethodId,
        });
        if (!paid) {
          // Unpaid: incomplete, with the default plan's features until it is paid.
          await tx
            .update(billingSubscriptions)
            .set({ status: 'incomplete', updatedAt: new Date() })
            .where(eq(billingSubscriptions.id, row.id));
          await setPlanEntitlement(tx, tenantId, fallback?.id ?? null);
        }
        return stored;
      });
      await audit(
        deps,
        tenantId,
        job,
        paid ? 'Invoice paid' : 'Invoice payment failed',
        { subscriptionId: row.id, invoice: invoice.receiptNumber, amount: invoice.totalAmount },
        paid ? 'Info' : 'Medium',
      );
      return;
    }
    case 'setup_intent.succeeded': {
      const [intent] = await deps.db
        .select()
        .from(billingSetupIntents)
        .where(
          and(eq(billingSetupIntents.id, event.setupIntentId), eq(billingSetupIntents.tenantId, tenantId)),
        );
      if (intent && intent.status === 'requires_payment_method')
        await saveCard(deps, intent, event.card, { name: account.name, email: account.email }, job);
      return;
    }
  }
}

/** Users who signed in within this many days count as active (SCREEN-040). */
export const ACTIVE_USER_DAYS = 30;
