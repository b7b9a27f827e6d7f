// The billing calls of the authorization matrix (server/authz-matrix.test.ts): for each billing endpoint, a
// call on the own tenant (Acme, made callable again before each call: a running active subscription without a
// cancellation, a billing account, a card, an invoice) or aimed at the other tenant (its ids, its tenant id in
// the path). And the other tenant's billing rows, for the matrix's "nothing of the other tenant changed".
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { LOCAL_TEST_CARDS } from '../../shared/api/contracts/billing';
import { paths } from '../../shared/api/paths';
import { listCards, runningSubscription, startTrial, ensureAccount } from '../billing/service';
import { billingAccounts, billingSubscriptions, invoices, paymentMethods, plans } from '../db/schema';
import type { fixtures, TestServer } from '../testing';

type Scope = 'own' | 'other';
interface Call {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}
type Fixtures = ReturnType<typeof fixtures>;

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'missing'));

/** The other tenant's billing rows, comparable. */
export async function billingState(f: Fixtures, tenantId: string): Promise<unknown[]> {
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  return [
    byId(await f.db.select().from(billingAccounts).where(eq(billingAccounts.tenantId, tenantId))),
    byId(await f.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.tenantId, tenantId))),
    byId(await f.db.select().from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId))),
    byId(await f.db.select().from(invoices).where(eq(invoices.tenantId, tenantId))),
  ];
}

/** The billing routes the matrix calls (every entry of the billing table). */
const billingRoutes = [
  ...Object.values(paths.managedSubscriptions),
  ...Object.values(paths.subscriptions),
  ...Object.values(paths.plans),
  ...Object.values(paths.invoices),
  ...Object.values(paths.paymentMethods),
  ...Object.values(paths.summaries),
  ...Object.values(paths.tenantConfiguration),
  ...Object.values(paths.paymentProviders),
  ...Object.values(paths.stripe).filter((r) => r !== paths.stripe.receiveStripeWebhook),
  ...Object.values(paths.local),
  ...Object.values(paths.vendorPublicConfigurations),
  ...Object.values(paths.vendor),
];

/** `context` is read at the first call (the matrix builds its server in `before`). */
export function billingMatrixCalls(
  context: () => { t: TestServer; f: Fixtures; acme: string; globex: string },
): Record<string, (scope: Scope, callerToken: string) => Promise<Call>> {
  let built: Record<string, (scope: Scope, callerToken: string) => Promise<Call>> | undefined;
  return Object.fromEntries(
    billingRoutes.map((route) => {
      const key = `${route.method} ${route.path}`;
      return [
        key,
        (scope: Scope, token: string) => {
          built ??= build(context());
          const call = built[key];
          if (!call) throw new Error(`no billing matrix call for ${key}`);
          return call(scope, token);
        },
      ];
    }),
  );
}

function build({
  t,
  f,
  acme,
  globex,
}: {
  t: TestServer;
  f: Fixtures;
  acme: string;
  globex: string;
}): Record<string, (scope: Scope, callerToken: string) => Promise<Call>> {
  const { db, vendorId } = t.services;
  const pro = async () =>
    (
      await db
        .select()
        .from(plans)
        .where(and(eq(plans.vendorId, vendorId), eq(plans.slug, 'pro')))
    )[0]!;

  /** Acme's running subscription, active without a cancellation (revived when a call ended it). */
  async function acmeActive() {
    let row = await runningSubscription(db, acme);
    if (!row) {
      [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.tenantId, acme))
        .orderBy(desc(billingSubscriptions.startDate))
        .limit(1);
    }
    await db
      .update(billingSubscriptions)
      .set({ status: 'active', cancellationPolicy: null, endedAt: null, externallyManaged: false })
      .where(eq(billingSubscriptions.id, row!.id));
    await ensureAccount(t.services, acme);
    return row!;
  }

  /** The other tenant's billing, made once: a trial, a card and an invoice. */
  let other: Promise<{ subscriptionId: string; cardId: string; invoiceId: string }> | undefined;
  const globexBilling = () =>
    (other ??= (async () => {
      const sub = await startTrial(t.services, globex, {
        name: 'Globex Matrix',
        email: 'globex@matrix.test',
      });
      const cardId = randomUUID();
      await db.insert(paymentMethods).values({
        id: cardId,
        tenantId: globex,
        externalId: `lpm_${randomUUID()}`,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2031,
        isDefault: true,
        billingName: 'Globex Matrix',
      });
      const invoiceId = randomUUID();
      const now = new Date();
      await db.insert(invoices).values({
        id: invoiceId,
        vendorId,
        tenantId: globex,
        subscriptionId: sub!.id,
        externalId: `lin_${randomUUID()}`,
        receiptNumber: '9999-0001',
        description: 'Globex Matrix',
        periodStart: now,
        periodEnd: now,
        totalAmount: 4900,
        paid: true,
        paymentDate: now,
      });
      return { subscriptionId: sub!.id, cardId, invoiceId };
    })());

  const onSubscription =
    (route: { path: string }, body?: () => Promise<unknown>, prepare?: (id: string) => Promise<void>) =>
    async (scope: Scope): Promise<Call> => {
      if (scope === 'other')
        return {
          path: fill(route.path, { subscriptionId: (await globexBilling()).subscriptionId }),
          body: await body?.(),
        };
      const row = await acmeActive();
      await prepare?.(row.id);
      return { path: fill(route.path, { subscriptionId: row.id }), body: await body?.() };
    };
  const cancelled = async (id: string) => {
    await db
      .update(billingSubscriptions)
      .set({ cancellationPolicy: 'atPeriodEnd' })
      .where(eq(billingSubscriptions.id, id));
  };
  const samePlan = async () => ({ planId: (await acmeActive()).planId });
  const onTenant = (route: { path: string }) => async (scope: Scope) => {
    await globexBilling();
    await acmeActive();
    return { path: fill(route.path, { tenantId: scope === 'own' ? acme : globex }) };
  };
  const onCard =
    (route: { path: string }, body?: () => unknown) =>
    async (scope: Scope): Promise<Call> => {
      const id = scope === 'own' ? (await listCards(db, acme))[0]!.id : (await globexBilling()).cardId;
      return { path: fill(route.path, { paymentMethodId: id }), body: body?.() };
    };
  const onInvoice = (route: { path: string }) => async (scope: Scope) => {
    const id =
      scope === 'own'
        ? (await db.select().from(invoices).where(eq(invoices.tenantId, acme)).limit(1))[0]!.id
        : (await globexBilling()).invoiceId;
    return { path: fill(route.path, { invoiceId: id }) };
  };
  const plainCall = (path: string, body?: () => Promise<unknown> | unknown) => async (scope: Scope) => {
    if (scope === 'other') await globexBilling();
    const made = await body?.();
    return scope === 'own'
      ? { path, body: made }
      : {
          path: `${path}?tenantId=${globex}`,
          body: made === undefined ? undefined : { ...(made as object), tenantId: globex },
          headers: { 'frontegg-tenant-id': globex, 'frontegg-scoped-tenant': globex },
        };
  };
  const k = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
  const m = paths.managedSubscriptions;
  const s = paths.subscriptions;
  return {
    [k(m.getManagedSubscriptions)]: plainCall(m.getManagedSubscriptions.path),
    [k(s.getSubscriptions)]: plainCall(s.getSubscriptions.path),
    [k(m.getManagedSubscription)]: onSubscription(m.getManagedSubscription),
    [k(s.getSubscription)]: onSubscription(s.getSubscription),
    [k(m.updateManagedSubscription)]: onSubscription(m.updateManagedSubscription, samePlan),
    [k(s.updateSubscription)]: onSubscription(s.updateSubscription, samePlan),
    [k(m.cancelManagedSubscription)]: onSubscription(m.cancelManagedSubscription, async () => ({})),
    [k(s.cancelSubscription)]: onSubscription(s.cancelSubscription, async () => ({})),
    [k(m.renewManagedSubscription)]: onSubscription(m.renewManagedSubscription, async () => ({}), cancelled),
    [k(s.renewSubscription)]: onSubscription(s.renewSubscription, async () => ({}), cancelled),
    // Own: Acme's running subscription ended first (a new one may start); other: refused or Acme's own.
    [k(paths.stripe.createSubscription)]: async (scope) => {
      const row = await acmeActive();
      if (scope === 'own')
        await db
          .update(billingSubscriptions)
          .set({ status: 'canceled', endedAt: new Date() })
          .where(eq(billingSubscriptions.id, row.id));
      return plainCall(paths.stripe.createSubscription.path, async () => ({
        stripePlanId: (await pro()).id,
      }))(scope);
    },
    [k(paths.plans.getSubscriptionPlans)]: plainCall(paths.plans.getSubscriptionPlans.path),
    [k(paths.plans.getSubscriptionPlan)]: async () => ({
      path: fill(paths.plans.getSubscriptionPlan.path, { planId: (await pro()).id }),
    }),
    [k(paths.invoices.getSubscriptionInvoices)]: plainCall(paths.invoices.getSubscriptionInvoices.path),
    [k(paths.invoices.getSubscriptionInvoice)]: onInvoice(paths.invoices.getSubscriptionInvoice),
    [k(paths.invoices.getSubscriptionInvoicePdf)]: onInvoice(paths.invoices.getSubscriptionInvoicePdf),
    [k(paths.paymentMethods.getPaymentMethods)]: plainCall(paths.paymentMethods.getPaymentMethods.path),
    [k(paths.paymentMethods.getPaymentMethod)]: onCard(paths.paymentMethods.getPaymentMethod),
    [k(paths.paymentMethods.updatePaymentMethodBillingDetails)]: onCard(
      paths.paymentMethods.updatePaymentMethodBillingDetails,
      () => ({ email: 'matrix@acme.test' }),
    ),
    [k(paths.summaries.getSubscriptionSummaries)]: onTenant(paths.summaries.getSubscriptionSummaries),
    [k(paths.summaries.getSubscriptionUsage)]: plainCall(paths.summaries.getSubscriptionUsage.path),
    [k(paths.tenantConfiguration.getTenantConfiguration)]: onTenant(
      paths.tenantConfiguration.getTenantConfiguration,
    ),
    // Own: Acme's configuration removed first (a second one conflicts).
    [k(paths.tenantConfiguration.createTenantConfiguration)]: async (scope) => {
      if (scope === 'own') await db.delete(billingAccounts).where(eq(billingAccounts.tenantId, acme));
      return plainCall(paths.tenantConfiguration.createTenantConfiguration.path, () => ({
        tenantId: acme,
        providerType: 'Stripe',
      }))(scope);
    },
    [k(paths.paymentProviders.getPaymentProviders)]: plainCall(
      paths.paymentProviders.getPaymentProviders.path,
    ),
    [k(paths.stripe.getStripeCustomer)]: onTenant(paths.stripe.getStripeCustomer),
    [k(paths.stripe.createStripeCustomer)]: plainCall(paths.stripe.createStripeCustomer.path, () => ({
      name: 'Acme',
      email: 'billing@acme.test',
    })),
    [k(paths.stripe.getStripePaymentProviderConfiguration)]: plainCall(
      paths.stripe.getStripePaymentProviderConfiguration.path,
    ),
    [k(paths.stripe.createStripePaymentMethodSetupIntentSecret)]: plainCall(
      paths.stripe.createStripePaymentMethodSetupIntentSecret.path,
      () => ({}),
    ),
    // A setup intent of Acme opened by an Admin there; the caller sends the card with its secret.
    [k(paths.local.confirmLocalSetupIntent)]: async (scope) => {
      await acmeActive();
      const admin = await f.createUser({ tenants: [{ id: acme, roles: ['Admin'] }] });
      const intent = await f.json<{ setupIntentSecret: string }>(
        await f.request(
          'POST',
          paths.stripe.createStripePaymentMethodSetupIntentSecret.path,
          await admin.tokenIn(acme),
          {},
        ),
        201,
      );
      return plainCall(paths.local.confirmLocalSetupIntent.path, () => ({
        setupIntentSecret: intent.setupIntentSecret,
        cardNumber: LOCAL_TEST_CARDS.visa,
        expMonth: 12,
        expYear: 2031,
        cvc: '123',
      }))(scope);
    },
    [k(paths.vendorPublicConfigurations.getVendorPublicConfigurations)]: plainCall(
      paths.vendorPublicConfigurations.getVendorPublicConfigurations.path,
    ),
    [k(paths.vendor.getVendorPublicInfo)]: plainCall(paths.vendor.getVendorPublicInfo.path),
  };
}
