// A stand-in for Stripe's API (issue 19): Stripe cannot be reached from these machines, so the Stripe adapter
// (server/billing/providers/stripe.ts) is tested against this node:http server on 127.0.0.1, pointed at by the
// SDK's host/port/protocol. It answers the calls the adapter makes in Stripe's JSON shapes (API version of the
// SDK), from form-encoded bodies as the SDK sends them, checks `Authorization: Bearer <secret key>`, replays an
// idempotency key's first answer, keeps customers, cards, setup intents, subscriptions and invoices in memory,
// refuses a declining card with Stripe's 402 card_error, records every request, and emits the events Stripe
// would (signed and delivered to a URL by `deliver`).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { list, parseForm, text, type FormValue } from './form';

type Json = Record<string, unknown>;
type Form = Record<string, FormValue>;

/** A request as the stand-in received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body (POST) or the query (GET), nested. */
  body: Form;
  idempotencyKey: string | null;
}

/** Stripe's test payment method tokens: the card each stands for, and how charges on it go. */
const TEST_CARDS: Record<string, { brand: string; last4: string; declines: 'never' | 'charges' | 'always' }> =
  {
    pm_card_visa: { brand: 'visa', last4: '4242', declines: 'never' },
    pm_card_mastercard: { brand: 'mastercard', last4: '4444', declines: 'never' },
    // 4000000000000341: saved, every charge declined.
    pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', declines: 'charges' },
    // 4000000000000002: declined when saved and when charged.
    pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declines: 'always' },
  };

export interface StandInOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Prices the stand-in knows (Stripe price id → monthly amount in minor units). */
  prices?: Record<string, { amount: number; currency?: string }>;
  /** The stand-in's clock (Stripe's): Date.now unless given. */
  now?: () => number;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
const invalid = (message: string, param?: string) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const declined = (declineCode = 'generic_decline') =>
  new StripeFailure(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: declineCode,
    message: 'Your card was declined.',
  });

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** One calendar month after `at` (unix seconds), as Stripe bills monthly prices. */
function addMonth(at: number): number {
  const d = new Date(at * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export async function startStripeStandIn(options: StandInOptions = {}) {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  let clockMs = options.now;
  const now = () => Math.floor((clockMs ? clockMs() : Date.now()) / 1000);

  const requests: RecordedRequest[] = [];
  const events: Stripe.Event[] = [];
  const prices = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<string, Json & { declines: string }>();
  const setupIntents = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: string }>();
  let receipts = 1000;

  const addPrice = (priceId: string, amount: number, currency = 'usd') => {
    prices.set(priceId, {
      id: priceId,
      object: 'price',
      active: true,
      currency,
      unit_amount: amount,
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      product: `prod_${priceId}`,
      livemode: false,
    });
  };
  for (const [priceId, { amount, currency }] of Object.entries(options.prices ?? {}))
    addPrice(priceId, amount, currency);

  /** Records an event as Stripe would send it (a snapshot of the object). */
  const emit = (type: string, object: Json) => {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    } as unknown as Stripe.Event;
    events.push(event);
    return event;
  };

  const customerOf = (customerId: string) => {
    const customer = customers.get(customerId);
    if (!customer) throw missing('customer', customerId, 'customer');
    return customer;
  };
  const priceOf = (priceId: string | undefined) => {
    const price = priceId ? prices.get(priceId) : undefined;
    if (!price) throw missing('price', priceId ?? '', 'items[0][price]');
    return price;
  };
  /** The card a charge uses: the one given, the subscription's, or the customer's default. */
  const chargeableCard = (customer: Json, ...candidates: (string | null | undefined)[]) => {
    const settings = customer.invoice_settings as { default_payment_method: string | null };
    const pmId = [...candidates, settings.default_payment_method].find(Boolean);
    if (!pmId)
      throw invalid(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      );
    const pm = paymentMethods.get(pmId);
    if (!pm || pm.customer !== customer.id) throw missing('PaymentMethod', pmId, 'default_payment_method');
    return pm;
  };

  /** An invoice of a subscription for one price and period: paid when its card takes the charge. */
  const invoice = (
    sub: Json,
    price: Json,
    total: number,
    period: { start: number; end: number },
    reason: string,
    pm: (Json & { declines: string }) | null,
    errorIfIncomplete: boolean,
  ) => {
    const charged = total > 0;
    if (charged && pm && pm.declines !== 'never' && errorIfIncomplete) throw declined();
    const paid = !charged || (pm !== null && pm.declines === 'never');
    const invoiceId = id('in');
    const number = `${String(sub.customer).slice(-6).toUpperCase()}-${String(receipts++).padStart(4, '0')}`;
    const row: Json = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      currency: price.currency,
      total,
      subtotal: total,
      amount_due: Math.max(total, 0),
      amount_paid: paid ? Math.max(total, 0) : 0,
      amount_remaining: paid ? 0 : total,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      number,
      receipt_number: paid && charged ? number : null,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: now(), paid_at: paid ? now() : null },
      // Stripe's quirk: the invoice's own period is the one before the line's service period.
      period_start: period.start,
      period_end: period.start,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: null },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: total,
            currency: price.currency,
            period,
            pricing: {
              type: 'price_details',
              price_details: { price: price.id, product: price.product },
              unit_amount_decimal: String(price.unit_amount),
            },
            quantity: 1,
          },
        ],
      },
      livemode: false,
    };
    invoices.set(invoiceId, row);
    emit(paid ? 'invoice.paid' : 'invoice.payment_failed', row);
    return row;
  };

  const expandSubscription = (sub: Json, expand: string[]) => ({
    ...sub,
    latest_invoice:
      expand.includes('latest_invoice') && sub.latest_invoice
        ? invoices.get(String(sub.latest_invoice))
        : sub.latest_invoice,
  });

  const item = (sub: Json) => (sub.items as { data: Json[] }).data[0]!;

  const setPeriod = (sub: Json, start: number, end: number) => {
    Object.assign(item(sub), { current_period_start: start, current_period_end: end });
  };

  // --- the API -------------------------------------------------------------------------------------------

  const routes: Array<[method: string, pattern: RegExp, answer: (m: string[], body: Form) => Json]> = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_, body) => {
        const customer: Json = {
          id: id('cus'),
          object: 'customer',
          name: text(body, 'name') ?? null,
          email: text(body, 'email') ?? null,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null },
          created: now(),
          livemode: false,
        };
        customers.set(String(customer.id), customer);
        return customer;
      },
    ],
    ['GET', /^\/v1\/customers\/([^/]+)$/, ([cid]) => customerOf(cid!)],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      ([cid], body) => {
        const customer = customerOf(cid!);
        const pmId = text(body.invoice_settings, 'default_payment_method');
        if (pmId !== undefined) {
          const pm = paymentMethods.get(pmId);
          if (!pm || pm.customer !== customer.id)
            throw invalid(
              `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
              'invoice_settings[default_payment_method]',
            );
          customer.invoice_settings = { default_payment_method: pmId };
        }
        for (const key of ['name', 'email'] as const)
          if (text(body, key) !== undefined) customer[key] = text(body, key);
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (_, body) => {
        const customerId = text(body, 'customer');
        if (customerId) customerOf(customerId);
        const intentId = id('seti');
        const intent: Json = {
          id: intentId,
          object: 'setup_intent',
          client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          customer: customerId ?? null,
          usage: text(body, 'usage') ?? 'off_session',
          payment_method_types: list(body, 'allowed_payment_method_types').length
            ? list(body, 'allowed_payment_method_types')
            : ['card'],
          payment_method: null,
          status: 'requires_payment_method',
          last_setup_error: null,
          metadata: body.metadata ?? {},
          created: now(),
          livemode: false,
        };
        setupIntents.set(intentId, intent);
        return intent;
      },
    ],
    [
      'GET',
      /^\/v1\/setup_intents\/([^/]+)$/,
      ([sid], query) => {
        const intent = setupIntents.get(sid!);
        if (!intent) throw missing('setupintent', sid!);
        const pm = intent.payment_method ? paymentMethods.get(String(intent.payment_method)) : null;
        return list(query, 'expand').includes('payment_method') && pm
          ? { ...intent, payment_method: publicCard(pm) }
          : intent;
      },
    ],
    [
      'GET',
      /^\/v1\/payment_methods\/([^/]+)$/,
      ([pmId]) => {
        const pm = paymentMethods.get(pmId!);
        if (!pm) throw missing('PaymentMethod', pmId!);
        return publicCard(pm);
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (_, body) => {
        const customer = customerOf(text(body, 'customer') ?? '');
        const items = (body.items as Form[] | undefined) ?? [];
        if (items.length !== 1) throw invalid('The stand-in bills exactly one item', 'items');
        const price = priceOf(text(items[0], 'price'));
        const trialEnd = Number(text(body, 'trial_end') ?? 0);
        const start = now();
        const trialing = trialEnd > start;
        const pmId = text(body, 'default_payment_method');
        const subId = id('sub');
        const sub: Json = {
          id: subId,
          object: 'subscription',
          customer: customer.id,
          status: trialing ? 'trialing' : 'active',
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          default_payment_method: pmId ?? null,
          start_date: start,
          billing_cycle_anchor: trialing ? trialEnd : start,
          trial_start: trialing ? start : null,
          trial_end: trialing ? trialEnd : null,
          latest_invoice: null,
          metadata: body.metadata ?? {},
          created: start,
          livemode: false,
          items: {
            object: 'list',
            has_more: false,
            url: `/v1/subscription_items?subscription=${subId}`,
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                price,
                quantity: 1,
                subscription: subId,
                current_period_start: start,
                current_period_end: trialing ? trialEnd : addMonth(start),
              },
            ],
          },
        };
        const errorIfIncomplete = text(body, 'payment_behavior') === 'error_if_incomplete';
        const amount = trialing ? 0 : Number(price.unit_amount);
        const pm = amount > 0 ? chargeableCard(customer, pmId) : pmId ? chargeableCard(customer, pmId) : null;
        const period = { start, end: Number(item(sub).current_period_end) };
        // Throws (402) before anything is kept when the card is refused and the caller asked so.
        const first = invoice(sub, price, amount, period, 'subscription_create', pm, errorIfIncomplete);
        sub.latest_invoice = first.id;
        if (first.status !== 'paid') sub.status = 'incomplete';
        subscriptions.set(subId, sub);
        emit('customer.subscription.created', sub);
        return expandSubscription(sub, list(body, 'expand'));
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([subId], query) => {
        const sub = subscriptions.get(subId!);
        if (!sub) throw missing('subscription', subId!);
        return expandSubscription(sub, list(query, 'expand'));
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([subId], body) => {
        const stored = subscriptions.get(subId!);
        if (!stored) throw missing('subscription', subId!);
        if (stored.status === 'canceled')
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        // Worked on a copy: a refused charge leaves the subscription as it was.
        const sub = structuredClone(stored);
        const customer = customerOf(String(sub.customer));
        const expand = list(body, 'expand');
        const pmId = text(body, 'default_payment_method');
        if (pmId !== undefined) {
          chargeableCard(customer, pmId);
          sub.default_payment_method = pmId;
        }
        const cancel = text(body, 'cancel_at_period_end');
        if (cancel !== undefined) {
          sub.cancel_at_period_end = cancel === 'true';
          sub.canceled_at = cancel === 'true' ? now() : null;
        }
        const items = (body.items as Form[] | undefined) ?? [];
        const t = now();
        let charge: { price: Json; amount: number; period: { start: number; end: number } } | null = null;
        if (items.length) {
          const current = item(sub);
          if (items.length !== 1 || text(items[0], 'id') !== current.id)
            throw invalid('The stand-in replaces the price of the existing item only', 'items');
          const oldPrice = current.price as Json;
          const newPrice = priceOf(text(items[0], 'price'));
          current.price = newPrice;
          if (text(body, 'trial_end') === 'now' && sub.status === 'trialing') {
            // The trial ends now: a new period starts, charged in full.
            sub.status = 'active';
            sub.trial_end = t;
            sub.billing_cycle_anchor = t;
            setPeriod(sub, t, addMonth(t));
            charge = {
              price: newPrice,
              amount: Number(newPrice.unit_amount),
              period: { start: t, end: addMonth(t) },
            };
          } else if (sub.status !== 'trialing' && text(body, 'proration_behavior') !== 'none') {
            // Prorations: the unused time of the old price credited, the rest of the period at the new price.
            const start = Number(current.current_period_start);
            const end = Number(current.current_period_end);
            const left = Math.max(0, end - t) / Math.max(1, end - start);
            const amount = Math.round((Number(newPrice.unit_amount) - Number(oldPrice.unit_amount)) * left);
            if (text(body, 'proration_behavior') === 'always_invoice')
              charge = { price: newPrice, amount, period: { start: t, end } };
          }
        }
        if (charge) {
          const pm =
            charge.amount > 0 ? chargeableCard(customer, String(sub.default_payment_method ?? '')) : null;
          const errorIfIncomplete = text(body, 'payment_behavior') === 'error_if_incomplete';
          const billed = invoice(
            sub,
            charge.price,
            charge.amount,
            charge.period,
            'subscription_update',
            pm,
            errorIfIncomplete,
          );
          sub.latest_invoice = billed.id;
          if (billed.status !== 'paid') sub.status = 'past_due';
        }
        subscriptions.set(subId!, sub);
        emit('customer.subscription.updated', sub);
        return expandSubscription(sub, expand);
      },
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (_, query) => {
        const customerId = text(query, 'customer');
        const limit = Math.min(Number(text(query, 'limit') ?? 10), 100);
        const after = text(query, 'starting_after');
        let rows = [...invoices.values()].filter((i) => !customerId || i.customer === customerId).reverse();
        if (after) rows = rows.slice(rows.findIndex((i) => i.id === after) + 1);
        return {
          object: 'list',
          url: '/v1/invoices',
          has_more: rows.length > limit,
          data: rows.slice(0, limit),
        };
      },
    ],
    [
      'GET',
      /^\/v1\/invoices\/([^/]+)$/,
      ([invoiceId]) => {
        const row = invoices.get(invoiceId!);
        if (!row) throw missing('invoice', invoiceId!);
        return row;
      },
    ],
  ];

  /** A payment method as Stripe answers it (never the number). */
  function publicCard(pm: Json & { declines: string }): Json {
    const { declines: _declines, ...rest } = pm;
    return rest;
  }

  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = parseForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, body, idempotencyKey });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      // Stripe names no more than the key's end; the stand-in names none of it.
      return send(
        res,
        401,
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
      );
    }
    const replayKey = idempotencyKey && `${method} ${url.pathname} ${idempotencyKey}`;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) return send(res, replay.status, replay.body);
    let status = 200;
    let answer: string;
    const route = routes.find(([m, pattern]) => m === method && pattern.test(url.pathname));
    try {
      if (!route)
        throw new StripeFailure(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        });
      const match = url.pathname.match(route[1])!.slice(1).map(decodeURIComponent);
      answer = JSON.stringify(route[2](match, body));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      answer = JSON.stringify({ error: error.error });
    }
    if (replayKey && method === 'POST') idempotent.set(replayKey, { status, body: answer });
    send(res, status, answer);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Signs a body as Stripe signs webhooks (`Stripe-Signature: t=…,v1=…`). */
  const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
    });

  return {
    url,
    secretKey,
    webhookSecret,
    /** Every request received, in order. */
    requests,
    /** Every event Stripe would have sent, in order. */
    events,
    /** The stand-in's state (Stripe's objects by id). */
    customers,
    subscriptions,
    invoices,
    setupIntents,
    addPrice,
    /** Sets the stand-in's clock (milliseconds). */
    setClock(next: () => number) {
      clockMs = next;
    },
    /** The requests to a method and path (a RegExp or an exact path). */
    requestsTo(method: string, path: string | RegExp) {
      return requests.filter(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      );
    },
    /**
     * What the browser does with a setup intent's secret (Stripe.js confirmCardSetup): a test card token saved
     * for its customer (the new payment method's id). A card declined at entry leaves the intent waiting for
     * another card (null).
     */
    confirmSetupIntent(
      setupIntentId: string,
      token: keyof typeof TEST_CARDS = 'pm_card_visa',
    ): string | null {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`no setup intent ${setupIntentId}`);
      const card = TEST_CARDS[token]!;
      if (card.declines === 'always') {
        intent.last_setup_error = {
          type: 'card_error',
          code: 'card_declined',
          message: 'Your card was declined.',
        };
        emit('setup_intent.setup_failed', intent);
        return null;
      }
      const pmId = id('pm');
      const year = new Date(now() * 1000).getUTCFullYear() + 3;
      paymentMethods.set(pmId, {
        id: pmId,
        object: 'payment_method',
        type: 'card',
        customer: intent.customer,
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: year,
          funding: 'credit',
          country: 'US',
        },
        billing_details: { name: null, email: null, address: null, phone: null },
        created: now(),
        livemode: false,
        declines: card.declines,
      });
      Object.assign(intent, { payment_method: pmId, status: 'succeeded', last_setup_error: null });
      emit('setup_intent.succeeded', intent);
      return pmId;
    },
    /**
     * The end of a subscription's period as Stripe runs it: cancelled at period end → deleted; else the next
     * period is invoiced and charged (past_due when the card refuses). The events are in `events`.
     */
    endPeriod(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const end = Number(item(sub).current_period_end);
      if (sub.cancel_at_period_end) {
        Object.assign(sub, { status: 'canceled', ended_at: end });
        emit('customer.subscription.deleted', sub);
        return sub;
      }
      const customer = customerOf(String(sub.customer));
      const price = item(sub).price as Json;
      setPeriod(sub, end, addMonth(end));
      if (sub.status === 'trialing') sub.status = 'active';
      const pm = chargeableCard(customer, sub.default_payment_method as string | null);
      const next = invoice(
        sub,
        price,
        Number(price.unit_amount),
        { start: end, end: addMonth(end) },
        'subscription_cycle',
        pm,
        false,
      );
      sub.latest_invoice = next.id;
      sub.status = next.status === 'paid' ? 'active' : 'past_due';
      emit('customer.subscription.updated', sub);
      return sub;
    },
    /** The newest event of a type. */
    lastEvent(type: string): Stripe.Event {
      const event = events.findLast((e) => e.type === type);
      if (!event) throw new Error(`no ${type} event`);
      return event;
    },
    sign,
    /**
     * Posts an event to a webhook URL as Stripe does: the JSON body signed with the webhook secret (another
     * `secret`, an old `timestamp` or a replaced `body` for refusals).
     */
    async deliver(
      target: string,
      event: Stripe.Event | Json,
      opts: { secret?: string; timestamp?: number; signature?: string | null; body?: string } = {},
    ): Promise<Response> {
      const payload = JSON.stringify(event, null, 2);
      const signature = opts.signature === undefined ? sign(payload, opts) : opts.signature;
      return fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(signature === null ? {} : { 'stripe-signature': signature }),
        },
        body: opts.body ?? payload,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
