import { expect } from '@open-wc/testing';
import {
  buildRole,
  buildUser,
  computeAuditStats,
  createSampleState,
  SAMPLE_USER_EMAIL,
  buildAuditRow,
} from './sampleData';

const NOW = new Date('2025-06-18T12:00:00.000Z');

describe('sample data', () => {
  it('createSampleState() copies are independent', () => {
    const a = createSampleState();
    const b = createSampleState();
    expect(a).not.to.equal(b);
    a.users[0]!.name = 'Changed';
    a.roles.pop();
    a.sessionConfiguration.sessionConcurrentConfiguration.maxSessions = 1;
    expect(b.users[0]!.name).to.equal('Demo Admin');
    expect(b.roles).to.have.length(5);
    expect(b.sessionConfiguration.sessionConcurrentConfiguration.maxSessions).to.equal(10);
    expect(createSampleState().users[0]!.name).to.equal('Demo Admin');
  });

  it('the same clock gives the same dataset', () => {
    expect(createSampleState({ now: NOW })).to.deep.equal(createSampleState({ now: NOW }));
  });

  it('the signed-in user is Demo Admin of Acme, admin of every fe.* permission', () => {
    const state = createSampleState({ now: NOW });
    const me = state.users.find((u) => u.id === state.session.userId)!;
    expect(me).to.include({ name: 'Demo Admin', email: SAMPLE_USER_EMAIL, tenantId: 'tenant-acme' });
    expect(state.session.signedIn).to.equal(true);
    const admin = state.roles.find((r) => r.key === 'Admin')!;
    expect(me.roleIds).to.deep.equal([admin.id]);
    const keys = state.permissions.filter((p) => admin.permissions.includes(p.id)).map((p) => p.key);
    expect(keys).to.include.members([
      'fe.secure.read.users',
      'fe.secure.read.roles',
      'fe.secure.read.audits',
      'fe.secure.read.securityPolicy',
      'fe.secure.read.accountSettings',
      'fe.secure.read.groups',
      'fe.secure.read.userApiTokens',
      'fe.secure.read.tenantApiTokens',
      'fe.secure.read.samlConfiguration',
      'fe.connectivity.read.webhooks',
      'fe.account-hierarchy.read.subAccount',
    ]);
    expect(keys.some((k) => k.startsWith('fe.subscriptions.'))).to.equal(true);
    expect(keys).to.have.length(state.permissions.length);
  });

  it('signedIn: false starts signed out', () => {
    expect(createSampleState({ signedIn: false }).session.signedIn).to.equal(false);
  });

  it('Acme has two sub-tenants; about 8 users; the five sample roles', () => {
    const state = createSampleState({ now: NOW });
    const acme = state.tenants.find((t) => t.name === 'Acme')!;
    expect(state.tenants.filter((t) => t.parentTenantId === acme.tenantId).map((t) => t.name)).to.deep.equal([
      'Acme Europe',
      'Acme Labs',
    ]);
    expect(state.users).to.have.length(8);
    expect(state.roles.map((r) => r.name)).to.deep.equal([
      'Admin',
      'ReadOnly',
      'Support',
      'Editor',
      'Viewer',
    ]);
    const roleIds = new Set(state.roles.map((r) => r.id));
    for (const user of state.users) for (const id of user.roleIds) expect(roleIds.has(id), id).to.equal(true);
    for (const group of state.groups)
      for (const id of group.userIds) expect(state.users.some((u) => u.id === id)).to.equal(true);
  });

  it('audits: exactly 5 rows with the spec fields, and stats that match them', () => {
    const state = createSampleState({ now: NOW });
    expect(state.audits).to.have.length(5);
    for (const row of state.audits) {
      expect(row).to.include.keys(
        'createdAt',
        'email',
        'action',
        'description',
        'ip',
        'severity',
        'userAgent',
        'json',
        'tenantId',
        'vendorId',
      );
      expect(['SEVERE', 'WARNING', 'INFO']).to.include(row.severity);
    }
    expect(state.auditStats).to.deep.equal({ totalToday: 1, severeThisWeek: 1 });
  });

  it('computeAuditStats counts today and the severe rows of the last 7 days', () => {
    const rows = [
      buildAuditRow({ createdAt: '2025-06-18T01:00:00.000Z', severity: 'SEVERE' }),
      buildAuditRow({ createdAt: '2025-06-17T23:00:00.000Z', severity: 'SEVERE' }),
      buildAuditRow({ createdAt: '2025-06-01T10:00:00.000Z', severity: 'SEVERE' }),
      buildAuditRow({ createdAt: '2025-06-18T11:00:00.000Z', severity: 'INFO' }),
    ];
    expect(computeAuditStats(rows, NOW)).to.deep.equal({ totalToday: 2, severeThisWeek: 2 });
  });

  it('security center: score 79, enumerated recommendation codes, insights', () => {
    const { securityCenter } = createSampleState({ now: NOW });
    expect(securityCenter.score).to.equal(79);
    expect(securityCenter.recommendations.map((r) => r.code)).to.include.members([
      'FORCE_MFA',
      'BREACHED_PASSWORDS_EXIST',
    ]);
    const byCode = Object.fromEntries(securityCenter.recommendations.map((r) => [r.code, r.metadata]));
    expect(byCode.ENABLE_USER_LOCKOUT?.password?.userLockoutRecommendation).to.equal(5);
    expect(byCode.ENABLE_PASSWORD_HISTORY?.password?.historyRecommendations).to.equal(5);
    expect(byCode.SET_IDLE_SESSION?.sessions?.idleTimeoutRecommendation).to.equal(1800);
    expect(securityCenter.insights.length).to.be.greaterThan(0);
  });

  it('billing: three plans, an active subscription on Pro, invoices in minor units', () => {
    const state = createSampleState({ now: NOW });
    expect(state.plans.map((p) => `${p.name}:${p.price.amount}`)).to.deep.equal([
      'Free:0',
      'Pro:49',
      'Enterprise:199',
    ]);
    const [subscription] = state.subscriptions;
    expect(subscription).to.include({ status: 'active', planId: 'plan-pro' });
    expect(subscription!.plan).to.deep.equal({ slug: 'pro' });
    expect(Date.parse(subscription!.currentPeriodStart)).to.be.lessThan(NOW.getTime());
    expect(Date.parse(subscription!.currentPeriodEnd)).to.be.greaterThan(NOW.getTime());
    expect(
      state.invoices.every((i) => i.totalAmount === 4900 && i.subscriptionId === subscription!.id),
    ).to.equal(true);
    expect(state.billingSummary.paymentMethodId).to.equal(state.paymentMethods[0]!.id);
  });

  it('settings and policies carry the spec sample values', () => {
    const state = createSampleState({ now: NOW });
    expect(state.accountSettings).to.include({
      dateFormat: 'DD/MM/YYYY',
      timeFormat: 'HH:mm',
      currency: 'USD',
    });
    expect(state.sessionConfiguration).to.deep.equal({
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 10 },
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 3600 },
      sessionTimeoutConfiguration: { isActive: true, timeout: 7776000 },
    });
    expect(state.mfaPolicy.enforceMFAType).to.equal('DontForce');
    expect(state.sessions.filter((s) => s.current)).to.have.length(1);
  });

  it('builders fill every field and take overrides', () => {
    const user = buildUser({ name: 'Zed' });
    expect(user.name).to.equal('Zed');
    expect(user.tenantIds).to.deep.equal([user.tenantId]);
    expect(user.id).not.to.equal(buildUser().id);
    const role = buildRole({ name: 'Auditor' });
    expect(role).to.include({ key: 'Auditor', name: 'Auditor', isDefault: false });
  });
});
