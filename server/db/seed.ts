import { randomBytes, randomUUID } from 'node:crypto';
import { sampleTenants, SAMPLE_TENANT_ID, seededAccountSettings } from '../../shared/fixtures/account';
import { sampleApplications } from '../../shared/fixtures/applications';
import { samplePaymentMethod, samplePlans, sampleSubscription } from '../../shared/fixtures/billing';
import { seededGroups } from '../../shared/fixtures/groups';
import {
  permissionCatalog,
  roleDescriptions,
  roleKeys,
  sampleRoleNames,
  type SampleRoleName,
} from '../../shared/fixtures/roles';
import { seededMembers } from '../../shared/fixtures/users';
import { hashPassword } from '../auth/passwords';
import type { ServerConfig } from '../config';
import type { Db } from './index';
import {
  applications,
  applicationUsers,
  billingAccounts,
  billingSubscriptions,
  invoices,
  paymentMethods,
  featureFlags,
  features,
  groupRoles,
  groups,
  groupUsers,
  permissionCategories,
  permissions,
  plans,
  rolePermissions,
  roles,
  tenantEntitlements,
  tenants,
  userRoles,
  users,
  userTenants,
  vendors,
} from './schema';

export interface SeedResult {
  seeded: boolean;
  vendorId: string;
  adminEmail: string;
  /** Only when it was generated here (not given by DEMO_ADMIN_PASSWORD): printed once at start-up. */
  generatedPassword?: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Demo flag, feature and plan definitions: `fe-usage-page` on for Acme only (a rule on its tenant id),
 * `fe-entitlements` and `fe-user-authorization` on for everyone; the features `sso` and `audit-export` in
 * the Pro plan, which Acme holds without expiry; `usage-insights` granted by the `fe-usage-insights` flag
 * (verified users). Rules a feature names reach every tenant: they hold no tenant ids.
 */
async function seedFlagsAndEntitlements(tx: Tx, vendorId: string, acme: string) {
  const on = { vendorId, on: true, offTreatment: false, defaultTreatment: true };
  /** Off by default, on where the one condition holds. */
  const onlyFor = (condition: { attribute: string; op: string; value: Record<string, unknown> }) => ({
    defaultTreatment: false,
    rules: [{ conditions: [condition], treatment: true }],
  });
  await tx.insert(featureFlags).values([
    {
      ...on,
      id: randomUUID(),
      key: 'fe-usage-page',
      description: 'The usage page of the admin portal',
      ...onlyFor({ attribute: 'frontegg.tenantId', op: 'in_list', value: { list: [acme] } }),
    },
    {
      ...on,
      id: randomUUID(),
      key: 'fe-usage-insights',
      description: 'Usage insights for verified users',
      ...onlyFor({ attribute: 'frontegg.emailVerified', op: 'is', value: { boolean: true } }),
    },
    { ...on, id: randomUUID(), key: 'fe-entitlements', description: 'Load the entitlements' },
    { ...on, id: randomUUID(), key: 'fe-user-authorization', description: 'Load the authorization' },
    {
      ...on,
      id: randomUUID(),
      key: 'show-passkeys-new',
      description:
        'Passkeys: the prompt to add one after login (LOGIN-012); off in the demo, PUT /dev/feature-flags/{key} turns it on',
      on: false,
    },
    {
      ...on,
      id: randomUUID(),
      key: 'fe-multi-apps',
      description: 'Multi-app administration in the users page (TEAM-023)',
      ...onlyFor({ attribute: 'frontegg.tenantId', op: 'in_list', value: { list: [acme] } }),
    },
    {
      ...on,
      id: randomUUID(),
      key: 'fe-breached-password',
      description: 'Check passwords against breached-password lists at sign-in (LOGIN-011)',
    },
  ]);
  await tx.insert(features).values([
    {
      id: randomUUID(),
      vendorId,
      key: 'sso',
      name: 'Single sign-on',
      linkedPermissions: ['fe.secure.write.samlConfiguration'],
    },
    {
      id: randomUUID(),
      vendorId,
      key: 'audit-export',
      name: 'Audit log export',
      linkedPermissions: ['fe.secure.read.audits'],
    },
    {
      id: randomUUID(),
      vendorId,
      key: 'usage-insights',
      name: 'Usage insights',
      featureFlagKey: 'fe-usage-insights',
      linkedPermissions: ['fe.usage.read'],
    },
    {
      id: randomUUID(),
      vendorId,
      key: 'scim-provisioning',
      name: 'SCIM provisioning',
      linkedPermissions: ['fe.secure.write.provisioningConfiguration'],
    },
  ]);
  const pro = randomUUID();
  await tx.insert(plans).values(demoPlans(vendorId, pro));
  await tx
    .insert(tenantEntitlements)
    .values({ id: randomUUID(), tenantId: acme, planId: pro, expireTime: -1 });
  return { pro };
}

/**
 * The demo plans (issue 19, shared/fixtures/billing: the preview shows the same): Free ($0, the default, no
 * features, 3 seats), Pro ($49 a month, a 14-day trial for new accounts, `sso` and `audit-export`, 10 seats)
 * and Enterprise ($199, Pro's features and `scim-provisioning`, seats unlimited). Pro is also the entitlement
 * plan Acme holds.
 */
function demoPlans(vendorId: string, pro: string) {
  return samplePlans.map((plan) => ({
    id: plan.slug === 'pro' ? pro : randomUUID(),
    vendorId,
    defaultTreatment: false,
    currency: 'usd',
    name: plan.name,
    slug: plan.slug,
    description: plan.description,
    features: plan.features,
    priceAmount: Math.round(plan.amount * 100),
    trialDays: plan.trialDays,
    rank: plan.rank,
    seatLimit: plan.seatLimit,
    isDefault: plan.isDefault,
  }));
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Acme's billing (issue 19): its billing account (local provider), an active Pro subscription started 95 days
 * ago whose current period started 5 days ago, a Visa ending in 4242 (12/2030) with billing details, and the
 * three paid monthly invoices of $49.00 (receipts 1001-0001..0003). Only with a provider configured.
 */
async function seedBilling(tx: Tx, vendorId: string, acme: string, pro: string, config: ServerConfig) {
  if (config.billing.provider === 'none') return;
  const now = Date.now();
  const local = config.billing.provider === 'local';
  await tx.insert(billingAccounts).values({
    id: randomUUID(),
    vendorId,
    tenantId: acme,
    providerType: config.billing.provider,
    customerId: local ? `lcus_${randomUUID()}` : null,
    name: 'Acme',
    email: config.demoAdminEmail,
  });
  const card = randomUUID();
  await tx.insert(paymentMethods).values({
    id: card,
    tenantId: acme,
    externalId: `lpm_${randomUUID()}`,
    type: 'card',
    isDefault: true,
    brand: samplePaymentMethod.brand,
    last4: samplePaymentMethod.last4,
    expMonth: samplePaymentMethod.expMonth,
    expYear: samplePaymentMethod.expYear,
    billingName: samplePaymentMethod.billingDetails.name,
    billingEmail: samplePaymentMethod.billingDetails.email,
    billingAddress: samplePaymentMethod.billingDetails.address,
  });
  // Three periods of 30 days back from the current one (which started 5 days ago and is paid for too).
  const periodStart = (back: number) =>
    new Date(now - (sampleSubscription.currentPeriodStartDaysAgo + 30 * back) * DAY_MS);
  const subscription = randomUUID();
  await tx.insert(billingSubscriptions).values({
    id: subscription,
    vendorId,
    tenantId: acme,
    planId: pro,
    externalId: `lsub_${randomUUID()}`,
    status: 'active',
    startDate: new Date(now - sampleSubscription.startDaysAgo * DAY_MS),
    currentPeriodStart: periodStart(0),
    currentPeriodEnd: new Date(now + sampleSubscription.currentPeriodEndDaysAhead * DAY_MS),
    paymentMethodId: card,
  });
  const day = (d: Date) =>
    d.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  await tx.insert(invoices).values(
    [2, 1, 0].map((back, i) => {
      const start = periodStart(back);
      const end =
        back === 0
          ? new Date(now + sampleSubscription.currentPeriodEndDaysAhead * DAY_MS)
          : periodStart(back - 1);
      return {
        id: randomUUID(),
        vendorId,
        tenantId: acme,
        subscriptionId: subscription,
        externalId: `lin_${randomUUID()}`,
        receiptNumber: `1001-${String(i + 1).padStart(4, '0')}`,
        planId: pro,
        description: `Pro plan, ${day(start)} - ${day(end)}`,
        periodStart: start,
        periodEnd: end,
        totalAmount: 4900,
        currency: 'usd',
        paid: true,
        paymentDate: start,
        paymentMethodId: card,
      };
    }),
  );
}

/** Demo data on an empty database: a vendor, Acme with two sub-tenants, the sample roles, an admin and members. */
export async function seedDemoData(db: Db, config: ServerConfig): Promise<SeedResult> {
  const existing = await db.select().from(vendors).limit(1);
  if (existing[0]) return { seeded: false, vendorId: existing[0].id, adminEmail: config.demoAdminEmail };

  const vendorId = randomUUID();
  const generatedPassword = config.demoAdminPassword ? undefined : randomBytes(12).toString('base64url');
  const adminPassword = config.demoAdminPassword ?? generatedPassword!;

  await db.transaction(async (tx) => {
    await tx.insert(vendors).values({ id: vendorId, name: 'fe-elements demo' });
    // The sample account's tenants (shared/fixtures): Acme with its settings, and its sub-accounts.
    const tenantIds = new Map(sampleTenants.map((t) => [t.tenantId, randomUUID()]));
    const acme = tenantIds.get(SAMPLE_TENANT_ID)!;
    await tx.insert(tenants).values(
      sampleTenants.map((t) => ({
        id: tenantIds.get(t.tenantId)!,
        vendorId,
        ...(t.parentTenantId ? { parentId: tenantIds.get(t.parentTenantId)! } : {}),
        name: t.name,
        isReseller: t.isReseller ?? false,
        tenantType: t.isReseller ? 'reseller' : 'customer',
        ...(t.tenantId === SAMPLE_TENANT_ID ? seededAccountSettings : {}),
      })),
    );

    const permissionIds = new Map<string, string>();
    for (const { category, keys } of permissionCatalog) {
      await tx
        .insert(permissionCategories)
        .values({ id: category.id, name: category.name, description: category.description });
      for (const key of keys) {
        const id = randomUUID();
        permissionIds.set(key, id);
        await tx.insert(permissions).values({ id, key, name: key, categoryId: category.id });
      }
    }
    const roleIds = new Map<SampleRoleName, string>();
    for (const name of sampleRoleNames) {
      const id = randomUUID();
      roleIds.set(name, id);
      await tx.insert(roles).values({
        id,
        vendorId,
        key: name,
        name,
        description: roleDescriptions[name],
        isDefault: name === 'ReadOnly',
      });
      const granted = [...permissionIds].filter(([key]) => roleKeys[name](key));
      if (granted.length)
        await tx
          .insert(rolePermissions)
          .values(granted.map(([, permissionId]) => ({ roleId: id, permissionId })));
    }

    const userIds = new Map<string, string>();
    const people = [
      { email: config.demoAdminEmail, name: 'Acme Admin', role: 'Admin' as const, password: adminPassword },
      ...seededMembers.map((m) => ({ ...m, password: randomBytes(12).toString('base64url') })),
    ];
    for (const person of people) {
      const userId = randomUUID();
      userIds.set(person.email, userId);
      await tx.insert(users).values({
        id: userId,
        vendorId,
        email: person.email,
        name: person.name,
        passwordHash: await hashPassword(person.password),
        verified: true,
        activeTenantId: acme,
      });
      await tx.insert(userTenants).values({ userId, tenantId: acme });
      await tx.insert(userRoles).values({ userId, tenantId: acme, roleId: roleIds.get(person.role)! });
    }

    for (const group of seededGroups) {
      const groupId = randomUUID();
      const { roles: groupRoleNames, members: emails, ...fields } = group;
      await tx.insert(groups).values({ id: groupId, tenantId: acme, ...fields });
      await tx
        .insert(groupRoles)
        .values(groupRoleNames.map((name) => ({ groupId, roleId: roleIds.get(name)! })));
      await tx.insert(groupUsers).values(emails.map((email) => ({ groupId, userId: userIds.get(email)! })));
    }

    const { pro } = await seedFlagsAndEntitlements(tx, vendorId, acme);
    await seedBilling(tx, vendorId, acme, pro, config);
    await seedApplications(tx, vendorId, acme, userIds.get('ada@acme.test')!);
  });
  return { seeded: true, vendorId, adminEmail: config.demoAdminEmail, generatedPassword };
}

/**
 * Demo applications (TEAM-021, shared/fixtures/applications): "Acme App", FREE_ACCESS and the default (every
 * user may use it), and "Acme Analytics", MANAGED_ACCESS with Ada assigned in Acme. Inserted only when the
 * vendor has none.
 */
async function seedApplications(tx: Tx, vendorId: string, acme: string, adaId: string) {
  const existing = await tx.select({ id: applications.id }).from(applications).limit(1);
  if (existing.length) return;
  const ids = new Map(sampleApplications.map((a) => [a.id, randomUUID()]));
  await tx.insert(applications).values(
    sampleApplications.map(({ id, name, appURL, accessType, isDefault }) => ({
      id: ids.get(id)!,
      vendorId,
      name,
      appUrl: appURL,
      accessType,
      isDefault,
    })),
  );
  const managed = sampleApplications.filter((a) => a.accessType === 'MANAGED_ACCESS');
  await tx
    .insert(applicationUsers)
    .values(managed.map((a) => ({ applicationId: ids.get(a.id)!, userId: adaId, tenantId: acme })));
}
