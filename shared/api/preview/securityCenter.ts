// Security center (SECCENTER-001..010): the sample posture (score 79), its counts taken from the sample users,
// the session recommendations a saved session policy meets dropped (and their points added), the bulk reset
// and a small PDF report. Every answer has the security-center contract's shape.
import {
  RECOMMENDED_FORCE_RELOGIN_SECONDS,
  RECOMMENDED_IDLE_TIMEOUT_SECONDS,
  RECOMMENDED_MAX_CONCURRENT_SESSIONS,
  SECURITY_REPORT_FILE_NAME,
  securityCenterContracts as c,
  type Recommendation,
  type SecurityMetadata,
} from '../contracts/securityCenter';
import { paths } from '../paths';
import { on, parseWith, PreviewReply, type PreviewRequest, type PreviewRoute } from './common';
import type { SessionConfiguration } from './sampleData';
import { scopedTenant } from './views';

/** The account's users and the counts the metadata carries. */
function counts(req: PreviewRequest) {
  const tenantId = scopedTenant(req);
  const users = req.state.users.filter((u) => u.tenantIds.includes(tenantId));
  return {
    totalUsers: users.length,
    enrolled: users.filter((u) => u.mfaEnrolled).length,
    breached: users.filter((u) => u.isBreachedPassword).length,
  };
}

type SessionFactor = 'forceRelogin' | 'concurrency' | 'idle';

const sessionFactorOf: Partial<Record<Recommendation['code'], SessionFactor>> = {
  ENABLE_FORCE_RELOGIN: 'forceRelogin',
  SET_FORCE_RELOGIN: 'forceRelogin',
  ENABLE_SESSION_CONCURRENCY: 'concurrency',
  SET_SESSION_CONCURRENCY: 'concurrency',
  ENABLE_IDLE_SESSION: 'idle',
  SET_IDLE_SESSION: 'idle',
};

/** Points of one session factor, as the server's score counts them (5 met, 3 on and weaker, 0 off). */
function sessionPoints(config: SessionConfiguration, factor: SessionFactor): number {
  const part =
    factor === 'forceRelogin'
      ? {
          on: config.sessionTimeoutConfiguration.isActive,
          met: config.sessionTimeoutConfiguration.timeout <= RECOMMENDED_FORCE_RELOGIN_SECONDS,
        }
      : factor === 'concurrency'
        ? {
            on: config.sessionConcurrentConfiguration.isActive,
            met: config.sessionConcurrentConfiguration.maxSessions <= RECOMMENDED_MAX_CONCURRENT_SESSIONS,
          }
        : {
            on: config.sessionIdleTimeoutConfiguration.isActive,
            met: config.sessionIdleTimeoutConfiguration.timeout <= RECOMMENDED_IDLE_TIMEOUT_SECONDS,
          };
  return !part.on ? 0 : part.met ? 5 : 3;
}

/** The sample's session points (score 79 counts them as the sample policy stands). */
const SAMPLE_SESSION_POINTS: Record<SessionFactor, number> = { forceRelogin: 5, concurrency: 5, idle: 3 };

function withCounts(
  metadata: SecurityMetadata | undefined,
  req: PreviewRequest,
  code: string,
): SecurityMetadata | undefined {
  const n = counts(req);
  if (code === 'FORCE_MFA' || code.includes('MFA'))
    return { ...metadata, totalUsers: n.totalUsers, mfa: { enrolledUsersCount: n.enrolled } };
  if (code.startsWith('BREACHED'))
    return { ...metadata, totalUsers: n.totalUsers, password: { breachedPasswordUsersCount: n.breached } };
  return metadata;
}

export const securityCenterHandlers: PreviewRoute[] = [
  on(paths.securityCenter.getRecommendations, (req) => {
    const { score, recommendations } = req.state.securityCenter;
    const config = req.state.sessionConfiguration;
    let points = score;
    const items = recommendations.filter((r) => {
      const factor = sessionFactorOf[r.code];
      if (!factor) return r.code !== 'BREACHED_PASSWORDS_EXIST' || counts(req).breached > 0;
      const now = sessionPoints(config, factor);
      points += now - SAMPLE_SESSION_POINTS[factor];
      return now < 5;
    });
    return parseWith(c.getRecommendations.response, {
      scoring: { score: Math.max(0, Math.min(100, points)) },
      recommendations: {
        items: items.map((r) => {
          const metadata = withCounts(r.metadata, req, r.code);
          return metadata ? { ...r, metadata } : r;
        }),
      },
    });
  }),
  on(paths.securityCenter.getInsights, (req) =>
    parseWith(c.getInsights.response, {
      insights: {
        items: req.state.securityCenter.insights.map((i) => {
          const metadata = withCounts(i.metadata, req, i.code);
          return metadata ? { ...i, metadata } : i;
        }),
      },
    }),
  ),
  // SECCENTER-006: no body; the breached flags stay until each user sets a new password.
  on(paths.users.sendResetBreachedPasswordEmails, (req) =>
    parseWith(c.sendResetBreachedPasswordEmails.response, { sent: counts(req).breached }),
  ),
  on(paths.reports.downloadReport, (req) => {
    parseWith(c.downloadReport.query, Object.fromEntries(req.query));
    return new PreviewReply(200, samplePdf(req), 'application/pdf', {
      'Content-Disposition': `attachment; filename="${SECURITY_REPORT_FILE_NAME}"`,
    });
  }),
];

/** A one-page PDF naming the score (the preview's stand-in for the server's report). */
function samplePdf(req: PreviewRequest): string {
  const line = `Security report (preview): score ${req.state.securityCenter.score} out of 100`;
  const stream = `BT /F1 14 Tf 50 780 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}
