import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiPath } from '../../shared/api/paths';
import { runBillingJobOnce } from '../billing/job';
import { readBody } from '../context';
import { vendors } from '../db/schema';
import { readOutbox } from '../mail/mailer';
import { readSmsOutbox } from '../sms/sms';
import { devEndpoint, defineFamily } from './endpoints';

/** The dev billing clock's body: whole days forward (up to ten years). */
const billingClockBody = z.object({ advanceDays: z.number().int().min(0).max(3650) });
/** The vendor's billing switches (BILLING-018), for tests and the e2e. */
const vendorBillingBody = z.object({
  allowPlanDowngrade: z.boolean().optional(),
  allowPlanCancellation: z.boolean().optional(),
});

/**
 * What this server "sent" (DEV_ROUTES=1, this machine only): the mail and SMS outboxes, for tests and demos.
 * Billing (issue 19): the billing clock moved forward (the period job runs once after it and the answer is the
 * subscriptions it touched), and the vendor's plan-downgrade and cancellation switches.
 */
export const devEndpointsByName = {
  outbox: devEndpoint({ method: 'GET', path: '/dev/outbox' } satisfies ApiPath, 'mails sent'),
  sms: devEndpoint({ method: 'GET', path: '/dev/sms' } satisfies ApiPath, 'SMS sent'),
  billingClock: devEndpoint(
    { method: 'POST', path: '/dev/billing/clock' } satisfies ApiPath,
    'moves the billing clock forward and runs the period job',
  ),
  billingVendorConfiguration: devEndpoint(
    { method: 'PUT', path: '/dev/billing/vendor-configuration' } satisfies ApiPath,
    "the vendor's allowPlanDowngrade / allowPlanCancellation",
  ),
} as const;

export const devRoutes = defineFamily(devEndpointsByName, (on, e, services) => {
  on(e.outbox, async (c) => c.json(await readOutbox(services.db)));
  on(e.sms, async (c) => c.json(await readSmsOutbox(services.db)));
  on(e.billingClock, async (c) => {
    const { advanceDays } = await readBody(c, billingClockBody);
    services.billing.clock.advanceDays(advanceDays);
    const subscriptions = await runBillingJobOnce(services);
    return c.json({ now: services.billing.clock.now().toISOString(), subscriptions });
  });
  on(e.billingVendorConfiguration, async (c) => {
    const body = await readBody(c, vendorBillingBody);
    if (Object.keys(body).length)
      await services.db.update(vendors).set(body).where(eq(vendors.id, services.vendorId));
    const [row] = await services.db.select().from(vendors).where(eq(vendors.id, services.vendorId));
    return c.json({
      allowPlanDowngrade: row!.allowPlanDowngrade,
      allowPlanCancellation: row!.allowPlanCancellation,
    });
  });
});
