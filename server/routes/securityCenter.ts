// The security center (SECCENTER-001..010): recommendations with the score, insights, the bulk reset of breached
// passwords (SECCENTER-006) and the posture report (a PDF on the reports wire). Everything is computed from the
// caller's tenant's live state (server/securityCenter/); another tenant's users and policies never enter it.
// Permissions: see shared/api/contracts/securityCenter.ts.
import type { AnswerOf } from '../../shared/api/contracts/contract';
import {
  SECURITY_REPORT_FILE_NAME,
  securityCenterContracts as scc,
} from '../../shared/api/contracts/securityCenter';
import { paths } from '../../shared/api/paths';
import { apiError } from '../context';
import { and, eq } from 'drizzle-orm';
import { users, userTenants } from '../db/schema';
import { loginBoxLink } from '../mail/links';
import { callerPermissions, holds } from '../middleware/authorize';
import { countHit } from '../middleware/rate-limit/index';
import { insightsOf } from '../securityCenter/insights';
import { readFacts } from '../securityCenter/facts';
import { recommendationsOf } from '../securityCenter/recommendations';
import { renderReport, reportTables } from '../securityCenter/report';
import { securityScore } from '../securityCenter/score';
import { resetPasswordMail } from '../signup/mails';
import { issueUserToken } from '../signup/userTokens';
import { readQuery } from '../signup/validation';
import { activeMembership } from '../team/users';
import { defineFamily, endpoint, type Endpoint } from './endpoints';

const READ = 'fe.secure.read.securityPolicy';
const RESET = 'fe.secure.write.users';

/** The bulk reset runs at most once a minute per tenant (each run mails every flagged user). */
export const BULK_RESET_WINDOW_MS = 60_000;
export const BULK_RESET_TOO_SOON = 'Reset emails were sent less than a minute ago; try again in a minute';

type Answer<K extends keyof typeof scc> = AnswerOf<(typeof scc)[K]>;

export const securityCenterEndpointsByName = {
  getRecommendations: endpoint(paths.securityCenter.getRecommendations, READ, "the caller's tenant"),
  getInsights: endpoint(paths.securityCenter.getInsights, READ, "the caller's tenant"),
  sendResetBreachedPasswordEmails: endpoint(
    paths.users.sendResetBreachedPasswordEmails,
    RESET,
    "the caller's tenant's flagged users; once a minute per tenant",
  ),
  downloadReport: endpoint(paths.reports.downloadReport, READ, "the caller's tenant's security posture"),
} as const;

export const securityCenterEndpoints: Endpoint[] = Object.values(securityCenterEndpointsByName);

export const securityCenterRoutes = defineFamily(securityCenterEndpointsByName, (on, e, services) => {
  const { db, vendorId, config, mailer } = services;

  on(e.getRecommendations, async (c) => {
    const { facts } = await readFacts(services, c.get('auth').tenantId);
    return c.json({
      scoring: { score: securityScore(facts) },
      recommendations: { items: recommendationsOf(facts) },
    } satisfies Answer<'getRecommendations'>);
  });

  on(e.getInsights, async (c) => {
    const { facts } = await readFacts(services, c.get('auth').tenantId);
    return c.json({ insights: { items: insightsOf(facts) } } satisfies Answer<'getInsights'>);
  });

  on(e.sendResetBreachedPasswordEmails, async (c) => {
    const { tenantId } = c.get('auth');
    const { count, retryAfter } = await countHit(db, `breached-reset|${tenantId}`, BULK_RESET_WINDOW_MS);
    if (count > 1) {
      const refused = apiError(429, BULK_RESET_TOO_SOON).getResponse();
      refused.headers.set('Retry-After', String(retryAfter));
      return refused;
    }
    const flagged = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .innerJoin(userTenants, eq(userTenants.userId, users.id))
      .where(
        and(
          eq(userTenants.tenantId, tenantId),
          eq(users.vendorId, vendorId),
          eq(users.isBreachedPassword, true),
          // Active members: a disabled member cannot sign in, a pending one has no password to reset.
          activeMembership,
        ),
      );
    // The forgot-password mail and token: the flag stays until the user sets a new password with it.
    for (const user of flagged) {
      const token = await issueUserToken(db, { kind: 'reset', userId: user.id });
      await mailer.send(
        resetPasswordMail(
          user.email,
          user.name,
          loginBoxLink(config, 'resetPasswordUrl', { userId: user.id, token }),
        ),
      );
    }
    await c.var.audit({
      action: 'Breached-password reset emails sent',
      description: `${flagged.length} user(s) with a breached password were mailed a reset link`,
      severity: 'Medium',
      json: { count: flagged.length, userIds: flagged.map((u) => u.id) },
    });
    return c.json({ sent: flagged.length } satisfies Answer<'sendResetBreachedPasswordEmails'>);
  });

  on(e.downloadReport, async (c) => {
    readQuery(c, scc.downloadReport.query);
    const { tenantId } = c.get('auth');
    const now = new Date();
    const { facts, tenant } = await readFacts(services, tenantId);
    // The tables' emails need the users' read permission (the totals do not).
    const granted = (await callerPermissions(db, c.get('auth'))) ?? [];
    const pdf = await renderReport({
      tenantName: tenant.name,
      logo: tenant.logo,
      date: now,
      timeZone: tenant.timeZone,
      score: securityScore(facts),
      recommendations: recommendationsOf(facts),
      insights: insightsOf(facts),
      tables: await reportTables(services, tenantId, now, holds(granted, 'fe.secure.read.users')),
    });
    await c.var.audit({ action: 'Security report downloaded', severity: 'Info' });
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${SECURITY_REPORT_FILE_NAME}"`,
      'Cache-Control': 'no-store',
    });
  });
});
