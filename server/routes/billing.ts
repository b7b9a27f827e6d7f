// Billing and subscriptions (BILLING-*, 001 §3, §4, §7, §8; issue 19): every call of `billingContracts` but
// Stripe's webhook (server/routes/stripeWebhook.ts). Reads need fe.subscriptions.read.billing, writes
// fe.subscriptions.write.billing, the usage fe.usage.read; the vendor's public info is public; its public
// billing configuration, the payment providers and the provider's public configuration are for any signed-in
// user. Everything is the caller's tenant's: a `{tenantId}` of another tenant is 'Not authorized' (403),
// another tenant's subscription, invoice or card is not found (404). With BILLING_PROVIDER=none the provider's
// calls answer 'Internal feature failure' (BILLING-037) and the public configuration and setup intents
// 'Payment provider not configured' (BILLING-041). The lifecycle is server/billing/service.ts.
import { and, count, eq, gte } from 'drizzle-orm';
import type { Context, Handler } from 'hono';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import {
  billingContracts as bc,
  CARD_DECLINED,
  NOT_AUTHORIZED,
  PAYMENT_PROVIDER_NOT_CONFIGURED,
  PLAN_NOT_FOUND,
  PROVIDER_ENABLED_STATUS,
  PROVIDER_TYPE,
  TENANT_CONFIGURATION_EXISTS,
} from '../../shared/api/contracts/billing';
import { paths } from '../../shared/api/paths';
import { renderInvoicePdf, invoiceFileName } from '../billing/invoicePdf';
import { checkLocalCard } from '../billing/providers/local';
import {
  ACTIVE_USER_DAYS,
  BillingError,
  cancelSubscription,
  changePlan,
  collectCompletedIntents,
  createSetupIntent,
  createSubscription,
  defaultPlan,
  ensureAccount,
  findAccount,
  getCard,
  getInvoice,
  getSubscription,
  listCards,
  listInvoices,
  listPlans,
  listSubscriptions,
  openIntentBySecret,
  paymentMethodView,
  planView,
  provider,
  renewSubscription,
  runningSubscription,
  saveCard,
  subscriptionView,
  updateBillingDetails,
  vendorSettings,
  invoiceView,
  findPlan,
  type Actor,
} from '../billing/service';
import { apiError, caller, readBody, type AppEnv } from '../context';
import { billingAccounts, paymentMethods, plans, tenants, users, userTenants, vendors } from '../db/schema';
import { defineFamily, endpoint, publicEndpoint, userEndpoint, type Endpoint } from './endpoints';

const READ = 'fe.subscriptions.read.billing';
const WRITE = 'fe.subscriptions.write.billing';
const USAGE = 'fe.usage.read';
const p = paths;

type Answer<K extends keyof typeof bc> = AnswerOf<(typeof bc)[K]>;

/** Routes of billing, with who may call each. */
export const billingEndpointsByName = {
  getManagedSubscriptions: endpoint(
    p.managedSubscriptions.getManagedSubscriptions,
    READ,
    "the caller's tenant's",
  ),
  getManagedSubscription: endpoint(p.managedSubscriptions.getManagedSubscription, READ, "own tenant's only"),
  updateManagedSubscription: endpoint(p.managedSubscriptions.updateManagedSubscription, WRITE, 'plan change'),
  cancelManagedSubscription: endpoint(p.managedSubscriptions.cancelManagedSubscription, WRITE, 'BILLING-024'),
  renewManagedSubscription: endpoint(p.managedSubscriptions.renewManagedSubscription, WRITE, 'BILLING-028'),
  getSubscriptions: endpoint(p.subscriptions.getSubscriptions, READ, "the caller's tenant's"),
  getSubscription: endpoint(p.subscriptions.getSubscription, READ, "own tenant's only"),
  updateSubscription: endpoint(p.subscriptions.updateSubscription, WRITE, 'plan change'),
  cancelSubscription: endpoint(p.subscriptions.cancelSubscription, WRITE, 'BILLING-024'),
  renewSubscription: endpoint(p.subscriptions.renewSubscription, WRITE, 'BILLING-028'),
  createSubscription: endpoint(
    p.stripe.createSubscription,
    WRITE,
    'an account without a running subscription',
  ),
  getSubscriptionPlans: endpoint(p.plans.getSubscriptionPlans, READ),
  getSubscriptionPlan: endpoint(p.plans.getSubscriptionPlan, READ),
  getSubscriptionInvoices: endpoint(p.invoices.getSubscriptionInvoices, READ, "the caller's tenant's"),
  getSubscriptionInvoice: endpoint(p.invoices.getSubscriptionInvoice, READ, "own tenant's only"),
  getSubscriptionInvoicePdf: endpoint(p.invoices.getSubscriptionInvoicePdf, READ, "own tenant's only"),
  getPaymentMethods: endpoint(p.paymentMethods.getPaymentMethods, READ, "the caller's tenant's"),
  getPaymentMethod: endpoint(p.paymentMethods.getPaymentMethod, READ, "own tenant's only"),
  updatePaymentMethodBillingDetails: endpoint(
    p.paymentMethods.updatePaymentMethodBillingDetails,
    WRITE,
    "own tenant's cards only",
  ),
  getSubscriptionSummaries: endpoint(p.summaries.getSubscriptionSummaries, READ, 'own tenant only (403)'),
  getSubscriptionUsage: endpoint(p.summaries.getSubscriptionUsage, USAGE, "the caller's tenant's"),
  getTenantConfiguration: endpoint(p.tenantConfiguration.getTenantConfiguration, READ, 'own tenant only'),
  createTenantConfiguration: endpoint(
    p.tenantConfiguration.createTenantConfiguration,
    WRITE,
    'own tenant only',
  ),
  getPaymentProviders: userEndpoint(p.paymentProviders.getPaymentProviders, 'no secret'),
  getStripeCustomer: endpoint(p.stripe.getStripeCustomer, READ, 'own tenant only'),
  createStripeCustomer: endpoint(p.stripe.createStripeCustomer, WRITE, "the caller's tenant"),
  getStripePaymentProviderConfiguration: userEndpoint(
    p.stripe.getStripePaymentProviderConfiguration,
    'the publishable key only',
  ),
  createStripePaymentMethodSetupIntentSecret: endpoint(
    p.stripe.createStripePaymentMethodSetupIntentSecret,
    WRITE,
    "the caller's tenant; a replaced card of its own",
  ),
  confirmLocalSetupIntent: endpoint(
    p.local.confirmLocalSetupIntent,
    WRITE,
    "an open intent of the caller's tenant",
  ),
  getVendorPublicConfigurations: userEndpoint(p.vendorPublicConfigurations.getVendorPublicConfigurations),
  getVendorPublicInfo: publicEndpoint(p.vendor.getVendorPublicInfo, 'name only'),
} as const satisfies Record<string, Endpoint>;

/** A billing refusal as the API's error answer. */
function guarded(handler: Handler<AppEnv>): Handler<AppEnv> {
  return async (c, next) => {
    try {
      return await handler(c, next);
    } catch (error) {
      if (error instanceof BillingError) throw apiError(error.status, error.message);
      throw error;
    }
  };
}

const actorOf = (c: Context<AppEnv>): Actor => {
  const { sub, email } = c.get('auth');
  return { userId: sub, email, ...caller(c) };
};

/** A `{tenantId}` param must be the caller's tenant (001 §8: 'Not authorized'). */
function ownTenant(c: Context<AppEnv>): string {
  const tenantId = c.get('auth').tenantId;
  if (c.req.param('tenantId') !== tenantId) throw apiError(403, NOT_AUTHORIZED);
  return tenantId;
}

export const billingRoutes = defineFamily(billingEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;
  const deps = services;
  const tenantOf = (c: Context<AppEnv>) => c.get('auth').tenantId;
  const need = () => provider(deps);

  // Subscriptions: the managed and the billing wire answer the same set (BILLING-051).
  const sets = [
    [
      e.getManagedSubscriptions,
      e.getManagedSubscription,
      e.updateManagedSubscription,
      e.cancelManagedSubscription,
      e.renewManagedSubscription,
    ],
    [e.getSubscriptions, e.getSubscription, e.updateSubscription, e.cancelSubscription, e.renewSubscription],
  ] as const;
  for (const [list, get, update, cancel, renew] of sets) {
    on(
      list,
      guarded(async (c) => {
        need();
        return c.json((await listSubscriptions(deps, tenantOf(c))) satisfies Answer<'getSubscriptions'>);
      }),
    );
    on(
      get,
      guarded(async (c) => {
        need();
        const { row, plan } = await getSubscription(deps, tenantOf(c), c.req.param('subscriptionId') ?? '');
        return c.json(subscriptionView(row, plan) satisfies Answer<'getSubscription'>);
      }),
    );
    on(
      update,
      guarded(async (c) => {
        need();
        const body = await readBody(c, bc.updateSubscription.body);
        const answer = await changePlan(deps, tenantOf(c), actorOf(c), {
          subscriptionId: c.req.param('subscriptionId') ?? '',
          planId: body.planId,
          ...(body.paymentMethodId ? { paymentMethodId: body.paymentMethodId } : {}),
        });
        return c.json(answer satisfies Answer<'updateSubscription'>);
      }),
    );
    on(
      cancel,
      guarded(async (c) => {
        need();
        const answer = await cancelSubscription(
          deps,
          tenantOf(c),
          actorOf(c),
          c.req.param('subscriptionId') ?? '',
        );
        return c.json(answer satisfies Answer<'cancelSubscription'>);
      }),
    );
    on(
      renew,
      guarded(async (c) => {
        need();
        const answer = await renewSubscription(
          deps,
          tenantOf(c),
          actorOf(c),
          c.req.param('subscriptionId') ?? '',
        );
        return c.json(answer satisfies Answer<'renewSubscription'>);
      }),
    );
  }

  on(
    e.createSubscription,
    guarded(async (c) => {
      need();
      const body = await readBody(c, bc.createSubscription.body);
      const row = await createSubscription(deps, tenantOf(c), actorOf(c), body.stripePlanId);
      return c.json(
        { subscriptionId: row.id, subscriptionSecret: '' } satisfies Answer<'createSubscription'>,
        201,
      );
    }),
  );

  on(e.getSubscriptionPlans, async (c) =>
    c.json((await listPlans(deps)).map(planView) satisfies Answer<'getSubscriptionPlans'>),
  );
  on(e.getSubscriptionPlan, async (c) => {
    const plan = await findPlan(db, vendorId, c.req.param('planId') ?? '');
    if (!plan) throw apiError(404, PLAN_NOT_FOUND);
    return c.json(planView(plan) satisfies Answer<'getSubscriptionPlan'>);
  });

  on(
    e.getSubscriptionInvoices,
    guarded(async (c) => {
      need();
      const rows = await listInvoices(deps, tenantOf(c));
      return c.json(rows.map(invoiceView) satisfies Answer<'getSubscriptionInvoices'>);
    }),
  );
  on(
    e.getSubscriptionInvoice,
    guarded(async (c) => {
      need();
      const row = await getInvoice(deps, tenantOf(c), c.req.param('invoiceId') ?? '');
      return c.json(invoiceView(row) satisfies Answer<'getSubscriptionInvoice'>);
    }),
  );
  on(
    e.getSubscriptionInvoicePdf,
    guarded(async (c) => {
      need();
      const query = bc.getSubscriptionInvoicePdf.query!.safeParse(c.req.query());
      if (!query.success)
        throw apiError(400, ...query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
      const tenantId = tenantOf(c);
      const invoice = await getInvoice(deps, tenantId, c.req.param('invoiceId') ?? '');
      const [[vendor], [tenant], [plan], [card]] = await Promise.all([
        db.select().from(vendors).where(eq(vendors.id, vendorId)),
        db.select().from(tenants).where(eq(tenants.id, tenantId)),
        db
          .select()
          .from(plans)
          .where(eq(plans.id, invoice.planId ?? '')),
        db
          .select()
          .from(paymentMethods)
          .where(
            and(eq(paymentMethods.id, invoice.paymentMethodId ?? ''), eq(paymentMethods.tenantId, tenantId)),
          ),
      ]);
      const pdf = await renderInvoicePdf({
        vendorName: vendor?.name ?? '',
        accountName: tenant?.name ?? '',
        billingName: card?.billingName ?? '',
        billingEmail: card?.billingEmail ?? '',
        receiptNumber: invoice.receiptNumber,
        description: invoice.description,
        planName: plan?.name ?? '',
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        totalAmount: invoice.totalAmount,
        currency: invoice.currency,
        paid: invoice.paid,
        date: invoice.paymentDate ?? invoice.createdAt,
        card: card ? `${card.brand} ending in ${card.last4}` : '',
      });
      const fileName = invoiceFileName(query.data.outputFileName, invoice.receiptNumber);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
      });
    }),
  );

  on(
    e.getPaymentMethods,
    guarded(async (c) => {
      need();
      const tenantId = tenantOf(c);
      await collectCompletedIntents(deps, tenantId, actorOf(c));
      return c.json(
        (await listCards(db, tenantId)).map(paymentMethodView) satisfies Answer<'getPaymentMethods'>,
      );
    }),
  );
  on(
    e.getPaymentMethod,
    guarded(async (c) => {
      need();
      const row = await getCard(db, tenantOf(c), c.req.param('paymentMethodId') ?? '');
      return c.json(paymentMethodView(row) satisfies Answer<'getPaymentMethod'>);
    }),
  );
  on(
    e.updatePaymentMethodBillingDetails,
    guarded(async (c) => {
      need();
      const body = await readBody(c, bc.updatePaymentMethodBillingDetails.body);
      const row = await updateBillingDetails(
        deps,
        tenantOf(c),
        actorOf(c),
        c.req.param('paymentMethodId') ?? '',
        body,
      );
      return c.json(paymentMethodView(row) satisfies Answer<'updatePaymentMethodBillingDetails'>);
    }),
  );

  on(
    e.getSubscriptionSummaries,
    guarded(async (c) => {
      const tenantId = ownTenant(c);
      need();
      // An account first looked at gets its tenant configuration here (Frontegg makes it at tenant creation).
      const account = await ensureAccount(deps, tenantId);
      const [running, fallback, cards] = await Promise.all([
        runningSubscription(db, tenantId),
        defaultPlan(db, vendorId),
        listCards(db, tenantId),
      ]);
      return c.json({
        tenantConfigurationId: account.id,
        providerType: PROVIDER_TYPE,
        subscriptionId: running?.id ?? '',
        externallyManaged: account.externallyManaged,
        currentPlanId: running?.planId ?? fallback?.id ?? '',
        paymentMethodId: running?.paymentMethodId ?? cards[0]?.id ?? '',
        defaultPlanId: fallback?.id ?? '',
      } satisfies Answer<'getSubscriptionSummaries'>);
    }),
  );

  on(e.getSubscriptionUsage, async (c) => {
    const tenantId = tenantOf(c);
    const running = await runningSubscription(db, tenantId);
    const [plan] = running
      ? await db.select().from(plans).where(eq(plans.id, running.planId))
      : [await defaultPlan(db, vendorId)];
    const since = new Date(services.billing.clock.now().getTime() - ACTIVE_USER_DAYS * 24 * 60 * 60_000);
    const [[seats], [active]] = await Promise.all([
      db.select({ n: count() }).from(userTenants).where(eq(userTenants.tenantId, tenantId)),
      db
        .select({ n: count() })
        .from(userTenants)
        .innerJoin(users, eq(users.id, userTenants.userId))
        .where(and(eq(userTenants.tenantId, tenantId), gte(users.lastLogin, since))),
    ]);
    return c.json({
      planId: plan?.id ?? '',
      planName: plan?.name ?? '',
      seats: { used: seats?.n ?? 0, limit: plan?.seatLimit ?? null },
      activeUsers: { count: active?.n ?? 0, days: ACTIVE_USER_DAYS },
    } satisfies Answer<'getSubscriptionUsage'>);
  });

  on(
    e.getTenantConfiguration,
    guarded(async (c) => {
      const tenantId = ownTenant(c);
      need();
      const account = await findAccount(db, tenantId);
      if (!account) throw apiError(404, 'Not found');
      return c.json(tenantConfigurationView(account) satisfies Answer<'getTenantConfiguration'>);
    }),
  );
  on(
    e.createTenantConfiguration,
    guarded(async (c) => {
      need();
      const body = await readBody(c, bc.createTenantConfiguration.body);
      const tenantId = tenantOf(c);
      if (body.tenantId !== tenantId) throw apiError(403, NOT_AUTHORIZED);
      if (await findAccount(db, tenantId)) throw apiError(409, TENANT_CONFIGURATION_EXISTS);
      // `externallyManaged` is the vendor's switch (billing under a contract): an account's own call cannot
      // set it (it would lock its own billing), so it is not read here.
      const account = await ensureAccount(deps, tenantId);
      return c.json({ id: account.id } satisfies Answer<'createTenantConfiguration'>, 201);
    }),
  );

  on(e.getPaymentProviders, async (c) => {
    const prov = services.billing.provider;
    return c.json(
      (prov
        ? [
            {
              providerType: PROVIDER_TYPE,
              name: prov.mode === 'stripe' ? 'Stripe' : 'Local test cards',
              status: PROVIDER_ENABLED_STATUS,
              mode: prov.mode,
            },
          ]
        : []) satisfies Answer<'getPaymentProviders'>,
    );
  });

  on(
    e.getStripeCustomer,
    guarded(async (c) => {
      const tenantId = ownTenant(c);
      need();
      const account = await findAccount(db, tenantId);
      return c.json({ stripeCustomerId: account?.customerId ?? '' } satisfies Answer<'getStripeCustomer'>);
    }),
  );
  on(
    e.createStripeCustomer,
    guarded(async (c) => {
      const prov = need();
      const body = await readBody(c, bc.createStripeCustomer.body);
      const tenantId = tenantOf(c);
      const account = await ensureAccount(deps, tenantId);
      await db
        .update(billingAccounts)
        .set({ name: body.name, email: body.email })
        .where(eq(billingAccounts.id, account.id));
      let customerId = account.customerId;
      if (!customerId) {
        customerId = (await prov.createCustomer({ tenantId, name: body.name, email: body.email })).customerId;
        await db.update(billingAccounts).set({ customerId }).where(eq(billingAccounts.id, account.id));
      }
      return c.json({ stripeCustomerId: customerId } satisfies Answer<'createStripeCustomer'>, 201);
    }),
  );

  on(e.getStripePaymentProviderConfiguration, async (c) => {
    const prov = services.billing.provider;
    if (!prov) throw apiError(404, PAYMENT_PROVIDER_NOT_CONFIGURED);
    return c.json({
      id: prov.mode,
      name: prov.mode === 'stripe' ? 'Stripe' : 'Local test cards',
      active: true,
      publishableKey: prov.publishableKey(),
      mode: prov.mode,
    } satisfies Answer<'getStripePaymentProviderConfiguration'>);
  });

  on(
    e.createStripePaymentMethodSetupIntentSecret,
    guarded(async (c) => {
      if (!services.billing.provider) throw apiError(404, PAYMENT_PROVIDER_NOT_CONFIGURED);
      const body = await readBody(c, bc.createStripePaymentMethodSetupIntentSecret.body);
      const answer = await createSetupIntent(deps, tenantOf(c), body.paymentMethodId);
      return c.json(answer satisfies Answer<'createStripePaymentMethodSetupIntentSecret'>, 201);
    }),
  );

  on(
    e.confirmLocalSetupIntent,
    guarded(async (c) => {
      const prov = services.billing.provider;
      if (!prov || prov.mode !== 'local') throw apiError(404, PAYMENT_PROVIDER_NOT_CONFIGURED);
      const body = await readBody(c, bc.confirmLocalSetupIntent.body);
      const tenantId = tenantOf(c);
      const intent = await openIntentBySecret(deps, tenantId, body.setupIntentSecret);
      const checked = checkLocalCard(
        { number: body.cardNumber, expMonth: body.expMonth, expYear: body.expYear },
        services.billing.clock.now(),
      );
      if (!checked.ok) {
        if (checked.problem === 'number') throw apiError(400, 'cardNumber: Invalid card number');
        if (checked.problem === 'expired') throw apiError(400, 'Your card has expired.');
        await c.var.audit({
          action: 'Payment method declined',
          severity: 'Medium',
          json: { last4: body.cardNumber.slice(-4) },
        });
        throw apiError(400, CARD_DECLINED);
      }
      const row = await saveCard(
        deps,
        intent,
        checked.card,
        { name: body.name, email: body.email, ...(body.address ? { address: body.address } : {}) },
        actorOf(c),
      );
      return c.json(paymentMethodView(row) satisfies Answer<'confirmLocalSetupIntent'>, 201);
    }),
  );

  on(e.getVendorPublicConfigurations, async (c) => {
    const vendor = await vendorSettings(services);
    return c.json([
      { allowPlanDowngrade: vendor.allowPlanDowngrade, allowPlanCancellation: vendor.allowPlanCancellation },
    ] satisfies Answer<'getVendorPublicConfigurations'>);
  });
  on(e.getVendorPublicInfo, async (c) => {
    const vendor = await vendorSettings(services);
    return c.json({
      name: vendor.name,
      logo: '',
      icon: '',
      whiteLabelMode: false,
    } satisfies Answer<'getVendorPublicInfo'>);
  });
});

const tenantConfigurationView = (account: typeof billingAccounts.$inferSelect) => ({
  id: account.id,
  vendorId: account.vendorId,
  tenantId: account.tenantId,
  externallyManaged: account.externallyManaged ? ('true' as const) : ('false' as const),
  paymentProviderType: PROVIDER_TYPE as typeof PROVIDER_TYPE,
  mappingId: account.customerId ?? '',
});
