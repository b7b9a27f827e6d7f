// The score function factor by factor (docs/decisions/0023-security-center.md): facts differing in one factor
// differ in score by that factor's documented points; bounds and determinism. Also the codes derived from the
// same facts (ENUM-048..052).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  insightCode,
  recommendationCode,
  recommendationSeverity,
  securityCategory,
  wireCategory,
} from '../../shared/api/contracts/securityCenter';
import type { SecurityFacts } from './facts';
import { insightsOf } from './insights';
import { recommendationsOf } from './recommendations';
import { SCORE_WEIGHTS, securityScore } from './score';

/** Every factor at its best: 100. */
const best = (): SecurityFacts => ({
  mfa: { enforce: 'Force', activeUsers: 10, enrolledUsers: 10 },
  totalUsers: 10,
  breachedUsers: 0,
  lockout: { enabled: true, maxAttempts: 5 },
  passwordHistory: { enabled: true, count: 5 },
  sessions: {
    forceRelogin: { enabled: true, seconds: 2_592_000 },
    concurrency: { enabled: true, maxSessions: 10 },
    idleTimeout: { enabled: true, seconds: 1800 },
  },
  ip: { enabled: true, strategy: 'ALLOW', count: 2 },
  domain: { enabled: true, strategy: 'ALLOW', count: 1 },
  sso: true,
});

/** The best facts with one change. */
const with_ = (change: (f: SecurityFacts) => void): SecurityFacts => {
  const f = best();
  change(f);
  return f;
};
const drop = (change: (f: SecurityFacts) => void) => 100 - securityScore(with_(change));
const codes = (f: SecurityFacts) => recommendationsOf(f).map((r) => r.code);
const insightCodes = (f: SecurityFacts) => insightsOf(f).map((i) => i.code);

describe('the security score (SECCENTER-001): a documented function of the facts', () => {
  it('the weights add up to 100 and the best facts score 100 with no recommendation', () => {
    assert.equal(
      Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0),
      100,
    );
    assert.equal(securityScore(best()), 100);
    assert.deepEqual(codes(best()), []);
  });

  it('[ENUM-048] [ENUM-049] MFA forced: 15 points (forced except SAML 10); FORCE_MFA / MFA_FORCED / PARTIALLY_FORCED_MFA', () => {
    assert.equal(
      drop((f) => (f.mfa.enforce = 'DontForce')),
      SCORE_WEIGHTS.mfaForced,
    );
    assert.equal(
      drop((f) => (f.mfa.enforce = 'ForceExceptSAML')),
      5,
    );
    const off = with_((f) => (f.mfa.enforce = 'DontForce'));
    assert.deepEqual(recommendationsOf(off)[0], {
      code: 'FORCE_MFA',
      severity: 'SEVERE',
      category: 'MFA',
      metadata: { totalUsers: 10, mfa: { enrolledUsersCount: 10 } },
    });
    assert.equal(
      recommendationsOf(with_((f) => (f.mfa.enforce = 'ForceExceptSAML')))[0]!.severity,
      'WARNING',
    );
    assert.ok(insightCodes(best()).includes('MFA_FORCED'));
    assert.ok(
      insightCodes(with_((f) => (f.mfa.enforce = 'ForceExceptSAML'))).includes('PARTIALLY_FORCED_MFA'),
    );
    assert.ok(!insightCodes(off).some((c) => c === 'MFA_FORCED' || c === 'PARTIALLY_FORCED_MFA'));
  });

  it('[ENUM-049] MFA enrolment: 15 points times the enrolled share of active users; PARTIAL_ / FULL_MFA_USAGE', () => {
    assert.equal(
      drop((f) => (f.mfa.enrolledUsers = 0)),
      SCORE_WEIGHTS.mfaEnrolment,
    );
    // Half enrolled: 7.5 of 15 points, 92.5 in all, rounded to 93.
    assert.equal(securityScore(with_((f) => (f.mfa.enrolledUsers = 5))), 93);
    assert.equal(
      drop((f) => ((f.mfa.activeUsers = 0), (f.mfa.enrolledUsers = 0))),
      0,
    );
    assert.ok(insightCodes(best()).includes('FULL_MFA_USAGE'));
    assert.ok(insightCodes(with_((f) => (f.mfa.enrolledUsers = 3))).includes('PARTIAL_MFA_USAGE'));
  });

  it('[ENUM-048] [ENUM-049] breached passwords: 15 points when nobody has one; BREACHED_PASSWORDS_EXIST (SEVERE)', () => {
    const f = with_((x) => (x.breachedUsers = 2));
    assert.equal(100 - securityScore(f), SCORE_WEIGHTS.breachedPasswords);
    assert.deepEqual(recommendationsOf(f), [
      {
        code: 'BREACHED_PASSWORDS_EXIST',
        severity: 'SEVERE',
        category: 'PASSWORD',
        metadata: { totalUsers: 10, password: { breachedPasswordUsersCount: 2 } },
      },
    ]);
    assert.ok(insightCodes(f).includes('BREACHED_PASSWORD_USERS_EXIST'));
  });

  it('[SECCENTER-010] [ENUM-048] lockout: 10 points at 5 attempts or fewer, 5 when weaker, 0 off', () => {
    assert.equal(
      drop((f) => (f.lockout.enabled = false)),
      SCORE_WEIGHTS.lockout,
    );
    assert.equal(
      drop((f) => (f.lockout.maxAttempts = 6)),
      5,
    );
    assert.deepEqual(codes(with_((f) => (f.lockout.enabled = false))), ['ENABLE_USER_LOCKOUT']);
    const weak = with_((f) => (f.lockout.maxAttempts = 6));
    assert.deepEqual(recommendationsOf(weak), [
      {
        code: 'STRENGTHEN_USER_LOCKOUT',
        severity: 'INFO',
        category: 'PASSWORD',
        metadata: { password: { userLockoutRecommendation: 5 } },
      },
    ]);
    assert.ok(insightCodes(weak).includes('IMPROVE_LOCKOUT_POLICY'));
    assert.ok(!insightCodes(weak).includes('FULL_PASSWORD_SETTINGS'));
    assert.ok(insightCodes(best()).includes('FULL_PASSWORD_SETTINGS'));
  });

  it('[SECCENTER-010] [ENUM-048] password history: 10 points at 5 or more, 5 when fewer, 0 off', () => {
    assert.equal(
      drop((f) => (f.passwordHistory.enabled = false)),
      SCORE_WEIGHTS.passwordHistory,
    );
    assert.equal(
      drop((f) => (f.passwordHistory.count = 3)),
      5,
    );
    assert.deepEqual(codes(with_((f) => (f.passwordHistory.enabled = false))), ['ENABLE_PASSWORD_HISTORY']);
    const weak = with_((f) => (f.passwordHistory.count = 3));
    assert.deepEqual(codes(weak), ['STRENGTHEN_PASSWORD_HISTORY']);
    assert.equal(recommendationsOf(weak)[0]!.metadata?.password?.historyRecommendations, 5);
    assert.ok(insightCodes(weak).includes('IMPROVE_PASSWORD_HISTORY_POLICY'));
  });

  it('[ENUM-048] force relogin: 5 points at 30 days or less, 3 when longer, 0 off', () => {
    assert.equal(
      drop((f) => (f.sessions.forceRelogin.enabled = false)),
      SCORE_WEIGHTS.forceRelogin,
    );
    assert.equal(
      drop((f) => (f.sessions.forceRelogin.seconds = 90 * 86_400)),
      2,
    );
    assert.deepEqual(codes(with_((f) => (f.sessions.forceRelogin.enabled = false))), [
      'ENABLE_FORCE_RELOGIN',
    ]);
    assert.deepEqual(codes(with_((f) => (f.sessions.forceRelogin.seconds = 90 * 86_400))), [
      'SET_FORCE_RELOGIN',
    ]);
  });

  it('[ENUM-048] concurrent sessions: 5 points at 10 sessions or fewer, 3 when more, 0 off', () => {
    assert.equal(
      drop((f) => (f.sessions.concurrency.enabled = false)),
      SCORE_WEIGHTS.concurrency,
    );
    assert.equal(
      drop((f) => (f.sessions.concurrency.maxSessions = 50)),
      2,
    );
    assert.deepEqual(codes(with_((f) => (f.sessions.concurrency.enabled = false))), [
      'ENABLE_SESSION_CONCURRENCY',
    ]);
    assert.deepEqual(codes(with_((f) => (f.sessions.concurrency.maxSessions = 50))), [
      'SET_SESSION_CONCURRENCY',
    ]);
  });

  it('[SECCENTER-010] [ENUM-048] [ENUM-049] idle timeout: 5 points at 1800 s or less, 3 when longer, 0 off; session insights', () => {
    assert.equal(
      drop((f) => (f.sessions.idleTimeout.enabled = false)),
      SCORE_WEIGHTS.idleTimeout,
    );
    assert.equal(
      drop((f) => (f.sessions.idleTimeout.seconds = 3600)),
      2,
    );
    const weak = with_((f) => (f.sessions.idleTimeout.seconds = 3600));
    assert.deepEqual(recommendationsOf(weak), [
      {
        code: 'SET_IDLE_SESSION',
        severity: 'INFO',
        category: 'SESSIONS',
        metadata: {
          sessions: {
            configuredSessionSettings: 3,
            forceReloginRecommendation: 2_592_000,
            concurrencyRecommendation: 10,
            idleTimeoutRecommendation: 1800,
          },
        },
      },
    ]);
    assert.deepEqual(codes(with_((f) => (f.sessions.idleTimeout.enabled = false))), ['ENABLE_IDLE_SESSION']);
    assert.ok(insightCodes(best()).includes('FULL_SESSION_SETTINGS'));
    assert.ok(insightCodes(weak).includes('PARTIAL_SESSION_SETTINGS'));
    const none = with_((f) => {
      f.sessions.forceRelogin.enabled = false;
      f.sessions.concurrency.enabled = false;
      f.sessions.idleTimeout.enabled = false;
    });
    assert.ok(insightCodes(none).includes('NO_SESSION_SETTINGS'));
  });

  it('[ENUM-048] [ENUM-049] IP restrictions: 5 points for an allow list, 3 otherwise on, 0 off', () => {
    assert.equal(
      drop((f) => (f.ip.enabled = false)),
      SCORE_WEIGHTS.ip,
    );
    assert.equal(
      drop((f) => (f.ip.strategy = 'BLOCK')),
      2,
    );
    assert.deepEqual(codes(with_((f) => (f.ip.enabled = false))), ['ENABLE_IP_RESTRICTIONS']);
    assert.deepEqual(codes(with_((f) => (f.ip.strategy = 'BLOCK'))), ['CHANGE_IP_TO_ALLOWLIST']);
    assert.ok(insightCodes(best()).includes('IP_ALLOWLIST'));
    assert.ok(insightCodes(with_((f) => (f.ip.strategy = 'BLOCK'))).includes('IP_DENYLIST'));
    assert.ok(insightCodes(with_((f) => (f.ip.enabled = false))).includes('NO_IP_RESTRICTIONS'));
  });

  it('[ENUM-048] [ENUM-049] email-domain restrictions: 5 points for an allow list, 3 otherwise on, 0 off', () => {
    assert.equal(
      drop((f) => (f.domain.enabled = false)),
      SCORE_WEIGHTS.domain,
    );
    assert.equal(
      drop((f) => (f.domain.strategy = 'BLOCK')),
      2,
    );
    assert.deepEqual(codes(with_((f) => (f.domain.enabled = false))), ['ENABLE_DOMAIN_RESTRICTIONS']);
    assert.deepEqual(codes(with_((f) => (f.domain.strategy = 'BLOCK'))), ['CHANGE_DOMAIN_TO_ALLOWLIST']);
    assert.ok(insightCodes(best()).includes('DOMAIN_ALLOWLIST'));
    assert.ok(insightCodes(with_((f) => (f.domain.strategy = 'BLOCK'))).includes('DOMAIN_DENYLIST'));
    assert.ok(insightCodes(with_((f) => (f.domain.enabled = false))).includes('NO_DOMAIN_RESTRICTIONS'));
  });

  it('[ENUM-048] SSO: 10 points for an enabled configuration; CONFIGURE_SSO', () => {
    assert.equal(
      drop((f) => (f.sso = false)),
      SCORE_WEIGHTS.sso,
    );
    assert.deepEqual(codes(with_((f) => (f.sso = false))), ['CONFIGURE_SSO']);
  });

  it('[ENUM-051] [ENUM-052] bounds, determinism and severity order: everything off scores 0, SEVERE first', () => {
    const worst: SecurityFacts = {
      mfa: { enforce: 'DontForce', activeUsers: 4, enrolledUsers: 0 },
      totalUsers: 4,
      breachedUsers: 1,
      lockout: { enabled: false, maxAttempts: 5 },
      passwordHistory: { enabled: false, count: 5 },
      sessions: {
        forceRelogin: { enabled: false, seconds: 60 },
        concurrency: { enabled: false, maxSessions: 1 },
        idleTimeout: { enabled: false, seconds: 60 },
      },
      ip: { enabled: false, strategy: 'ALLOW', count: 0 },
      domain: { enabled: false, strategy: 'BLOCK', count: 0 },
      sso: false,
    };
    assert.equal(securityScore(worst), 0);
    assert.equal(securityScore(structuredClone(worst)), securityScore(worst), 'same facts, same score');
    const recs = recommendationsOf(worst);
    assert.deepEqual(recommendationsOf(structuredClone(worst)), recs, 'same facts, same list');
    const ranks = recs.map((r) => recommendationSeverity.options.indexOf(r.severity));
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
      'most severe first',
    );
    assert.deepEqual(recommendationSeverity.options, ['SEVERE', 'WARNING', 'INFO']);
    assert.deepEqual(securityCategory.options, [
      'MFA',
      'SESSIONS',
      'PASSWORD',
      'INACTIVITY',
      'IP',
      'DOMAIN',
      'SSO',
    ]);
    for (const r of recs) {
      assert.ok(recommendationCode.options.includes(r.code));
      assert.ok(securityCategory.options.includes(r.category as never));
    }
    for (const i of insightsOf(worst)) assert.ok(insightCode.options.includes(i.code));
    // Random facts stay within 0..100.
    for (let n = 0; n < 200; n++) {
      const f = with_((x) => {
        x.mfa.activeUsers = n % 7;
        x.mfa.enrolledUsers = (n * 3) % 9;
        x.mfa.enforce = (['Force', 'ForceExceptSAML', 'DontForce'] as const)[n % 3]!;
        x.breachedUsers = n % 2;
        x.lockout.maxAttempts = 1 + (n % 10);
        x.ip.count = n % 3;
      });
      const score = securityScore(f);
      assert.ok(Number.isInteger(score) && score >= 0 && score <= 100, `${score}`);
    }
  });

  it('[ENUM-053] the wire also takes the lowercase categories password and domain of the sample data', () => {
    assert.ok(wireCategory.safeParse('password').success);
    assert.ok(wireCategory.safeParse('domain').success);
    assert.ok(!wireCategory.safeParse('ip').success);
  });
});
