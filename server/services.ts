import { startAuditRetention } from './audits/retention';
import { createTokenService } from './auth/keys';
import { startBillingJob } from './billing/job';
import { createPaymentProvider } from './billing/providers/index';
import { createBillingClock } from './billing/service';
import { createRefreshTokenService } from './auth/refresh';
import type { ServerConfig } from './config';
import type { Services } from './context';
import { openDatabase, type OpenOptions } from './db';
import { seedDemoData, type SeedResult } from './db/seed';
import { createMailer } from './mail/mailer';
import { startDeliveryWorker } from './integrations/worker';
import { ensureDemoOAuthClient } from './oauth/clients';
import { createSmsSender } from './sms/sms';

/** Opens the database (migrated, demo data on first start) and builds the services the routes use. */
export async function startServices(
  config: ServerConfig,
  { now = () => new Date(), ...open }: { now?: () => Date } & OpenOptions = {},
): Promise<Services & { seed: SeedResult; close: () => Promise<void> }> {
  const database = await openDatabase(config, open);
  const { db } = database;
  const seed = await seedDemoData(db, config);
  const services = {
    config,
    db,
    vendorId: seed.vendorId,
    seed,
    tokens: await createTokenService(db, {
      issuer: config.publicUrl,
      ttlSeconds: config.accessTokenTtlSeconds,
    }),
    refresh: createRefreshTokenService(db, { ttlDays: config.refreshTokenTtlDays, now }),
    mailer: createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom }),
    sms: createSmsSender(db),
    billing: { provider: createPaymentProvider(config, db), clock: createBillingClock(now) },
  };
  // The hosted-login demo client follows PUBLIC_URL: refreshed at every start.
  await ensureDemoOAuthClient(services);
  // Periodic jobs, started once the server can run: audit retention (AUDIT_RETENTION_DAYS).
  const retention = startAuditRetention(db, { retentionDays: config.auditRetentionDays, now });
  // The billing period job (local provider: renewals, trial ends, cancellations at period end).
  const billingJob = startBillingJob(services);
  // The integrations' delivery worker (issue 21): webhooks, email, SMS and Slack from the durable queue.
  const deliveries = startDeliveryWorker(services);
  return {
    ...services,
    // Periodic jobs stop (a batch under way finishes) before the database closes.
    close: async () => {
      await retention.stop();
      await billingJob.stop();
      await deliveries.stop();
      await database.close();
    },
  };
}
