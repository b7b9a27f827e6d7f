// Sample data of the preview transport: entity builders plus one coherent dataset (CONVENTIONS 13).
// Field names follow the spec (000 §3, 001 §3) and, where it is silent, the public Frontegg REST API v7.

import {
  SAMPLE_TENANT_ID,
  SAMPLE_VENDOR_ID,
  sampleAccountSettings,
  sampleTenants,
  sampleVendor,
} from '../../fixtures/account';
import type { z } from 'zod';
import type { AnswerOf } from '../contracts/contract';
import type { applicationAccessType } from '../contracts/applications';
import type { authStrategies, authStrategy, machineToMachineAuthStrategy } from '../contracts/auth';
import type { enforceMfaType } from '../contracts/securityPolicy';
import type { PasswordRules } from '../passwordRules';
import type { assignmentType, rolesContracts } from '../contracts/roles';
import type { userFilterPreset, userProvider } from '../contracts/team';
import type { tenant } from '../contracts/tenants';
import type { subAccountAccessTypes, tenantTypes } from '../contracts/hierarchy';
import type {
  WireBillingSummary,
  WireInvoice,
  WirePlan,
  WireSubscription,
  WireSubscriptionStatus,
} from '../contracts/billing';
import { sampleApplications } from '../../fixtures/applications';
import { sampleAuditColumns, sampleAuditRows } from '../../fixtures/audits';
import {
  sampleBillingSummary,
  sampleInvoices,
  samplePaymentMethod,
  samplePlans,
  sampleProvider,
  sampleSubscription,
  sampleVendorBillingConfig,
} from '../../fixtures/billing';
import { sampleGroups } from '../../fixtures/groups';
import {
  permissionCatalog as sharedCatalog,
  roleDescriptions,
  roleKeys,
  sampleRoleNames,
  type SampleRoleName,
} from '../../fixtures/roles';
import {
  sampleCurrentIp,
  sampleDomainRestrictions,
  sampleDomainRestrictionsConfig,
  sampleIpRestrictions,
  sampleIpRestrictionsConfig,
} from '../../fixtures/restrictions';
import {
  sampleTenantAccessTokens,
  sampleTenantApiTokens,
  sampleUserAccessTokens,
  sampleUserApiTokens,
} from '../../fixtures/tokens';
import { SAMPLE_USER_EMAIL, SAMPLE_USER_ID, sampleUsers } from '../../fixtures/users';

import type {
  Insight as ContractInsight,
  Recommendation as ContractRecommendation,
  WireCategory,
} from '../contracts/securityCenter';

export { SAMPLE_SUB_TENANT_IDS, SAMPLE_TENANT_ID, SAMPLE_VENDOR_ID } from '../../fixtures/account';
export { SAMPLE_USER_EMAIL, SAMPLE_USER_ID, SAMPLE_USER_NAME } from '../../fixtures/users';

export type Severity = 'SEVERE' | 'WARNING' | 'INFO';
export type RestrictionType = 'ALLOW' | 'BLOCK';
export type UserProvider = z.infer<typeof userProvider>;
export type AssignmentType = z.infer<typeof assignmentType>;
/** The wire's subscription statuses (ENUM-021): lowercase, as the server stores and answers them. */
export type SubscriptionStatus = WireSubscriptionStatus;
export type UserPreset = z.infer<typeof userFilterPreset>;
export type { RecommendationCode, InsightCode } from '../contracts/securityCenter';
/** Security categories (ENUM-052); the recommendation sample also uses lowercase password and domain (ENUM-053). */
export type SecurityCategory = WireCategory;

export interface Vendor {
  id: string;
  name: string;
  logo: string;
  whiteLabelMode: boolean;
}

// A tenant's wire fields are the tenants contract's (me/tenants); the state also keeps a soft deletion and the
// account page's settings. `updatedAt` is derived when answered (no edit time is kept, as on the server).
type WireTenant = z.infer<typeof tenant>;
export type Tenant = Omit<WireTenant, 'parentTenantId' | 'deletedAt' | 'updatedAt'> & {
  parentTenantId: string | null;
  deletedAt: string | null;
  address: string;
  timezone: string;
  dateFormat: string;
  timeFormat: string;
  currency: string;
  logo: string;
  alias: string | null;
  hasCustomLogin: boolean;
  /** The category (ENUM-029). */
  tenantType: (typeof tenantTypes)[number];
  /** Who among its members reaches its sub-accounts. */
  subAccountAccessType: (typeof subAccountAccessTypes)[number];
};

// The roles family's records are its wire records (shared/api/contracts/roles.ts); what is derived when
// answered (a permission's roleIds, a category's permissionIds) is left out of the state.
type WireRole = AnswerOf<typeof rolesContracts.getRoles>[number];
type WirePermission = AnswerOf<typeof rolesContracts.getPermissions>[number];
type WirePermissionCategory = AnswerOf<typeof rolesContracts.getPermissionCategories>[number];

export type PermissionCategory = Omit<WirePermissionCategory, 'permissionIds' | 'updatedAt'>;

/** `roleIds` and the category's `permissionIds` are derived from the roles when answered. */
export type Permission = Omit<WirePermission, 'roleIds' | 'updatedAt' | 'categoryId' | 'assignmentType'> & {
  categoryId: string;
  assignmentType: AssignmentType;
};

/** A role: `tenantId` null for the vendor's built-in roles; `permissions` are permission ids. */
export type Role = WireRole & { tenantId: string | null; level: number; description: string };

export interface User {
  id: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  tenantId: string;
  tenantIds: string[];
  vendorId: string;
  /** Role ids; the user holds the same roles in each of its tenants. */
  roleIds: string[];
  verified: boolean;
  activatedForTenant: boolean;
  createdAt: string;
  lastLogin: string | null;
  mfaEnrolled: boolean;
  /** JSON string; the profile page keeps address and jobTitle here. */
  metadata: string;
  isBreachedPassword: boolean;
  isLocked: boolean;
  provider: UserProvider;
  subAccountAccessAllowed: boolean;
  temporaryExpirationDate: string | null;
  /** Disabled in its tenants by an administrator (cannot sign in); the server keeps it per membership. */
  isDisabled: boolean;
}

/** The shareable invitation link of a tenant (TEAM-020): one per tenant. */
export interface InviteLink {
  tenantId: string;
  token: string;
  expires: string;
  shouldSendEmail: boolean;
}

/** Members and roles are kept as ids and answered as objects. */
export interface Group {
  id: string;
  name: string;
  color: string;
  description: string;
  metadata: string;
  managedBy: 'frontegg' | 'scim2';
  tenantId: string;
  roleIds: string[];
  userIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface GroupConfiguration {
  enabled: boolean;
  rolesEnabled: boolean;
}

export interface Session {
  id: string;
  userId: string;
  userAgent: string;
  createdAt: string;
  ipAddress: string;
  current: boolean;
}

/** Client-credentials token; the secret is shown once, when it is created, and never stored. */
export interface ApiToken {
  /** The same value as clientId (TOKENS-001). */
  id: string;
  clientId: string;
  description: string;
  createdAt: string;
  createdByUserId: string;
  tenantId: string;
  type: 'ClientCredentials';
  /** Tenant tokens only. */
  roleIds?: string[];
  expires: string | null;
  /** The last exchange for an access token; null: never used. */
  lastUsed: string | null;
  metadata: Record<string, unknown>;
}

export interface AccessToken {
  id: string;
  description: string;
  createdAt: string;
  createdByUserId: string;
  tenantId: string;
  type: 'AccessToken';
  roleIds?: string[];
  expires: string | null;
}

export interface IpRestriction {
  id: string;
  ip: string;
  isActive: boolean;
  strategy: RestrictionType;
  description: string;
  createdAt: string;
  updatedAt: string;
}

export interface IpRestrictionsConfig {
  isActive: boolean;
  strategy: RestrictionType;
}

export interface DomainRestriction {
  id: string;
  domain: string;
  type: RestrictionType;
}

export interface DomainRestrictionsConfig {
  active: boolean;
  blockPublicDomains: boolean;
  listType: RestrictionType;
}

export interface AuditRow {
  frontegg_id: string;
  createdAt: string;
  email: string;
  action: string;
  description: string;
  ip: string;
  severity: Severity;
  userAgent: string;
  json: Record<string, unknown>;
  tenantId: string;
  vendorId: string;
}

export interface AuditStats {
  totalToday: number;
  severeThisWeek: number;
}

export interface AuditColumn {
  name: string;
  displayName: string;
  type: 'Timestamp' | 'Email' | 'IpAddress' | 'Severity' | 'Json' | 'AlphaNumeric';
  sortable: boolean;
  filterable: boolean;
  showInTable: boolean;
  showInMoreInfo: boolean;
  isPredefined: boolean;
}

/** A recommendation and an insight as the security-center contract answers them (SECCENTER-002/003). */
export type Recommendation = ContractRecommendation;
export type Insight = ContractInsight;

export interface SecurityCenter {
  score: number;
  recommendations: Recommendation[];
  insights: Insight[];
}

/** A plan as the wire answers it (BILLING-006, with our features, seats, trial, rank, default). */
export type Plan = WirePlan;

/** A subscription as the wire answers it (BILLING-004): lowercase status, `plan: { slug }`. */
export type Subscription = WireSubscription;

/** An invoice as the wire answers it (BILLING-010): `totalAmount` in minor units (cents). */
export type Invoice = WireInvoice;

/** Frontegg's BillingDetailsAddress field names. */
export interface Address {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** The preview keeps cards only (the wire's `unknown` kind never occurs in the sample). */
export interface PaymentMethod {
  id: string;
  externalId: string;
  type: 'card';
  isDefault: boolean;
  last4: string;
  expMonth: number;
  expYear: number;
  brand: string;
  billingDetails: { name: string; email: string; address: Address };
}

/** The billing summary (BILLING-016): `paymentMethodId` is '' when no card is on file. */
export type BillingSummary = WireBillingSummary;

/** The payment provider the preview answers (the local one by default, ENUM-024 type Stripe). */
export interface BillingProvider {
  name: string;
  /** '1': enabled (001 §9). */
  status: string;
  mode: 'local' | 'stripe';
  publishableKey: string;
}

/** A setup intent the card form completes (the local provider's card confirmation). */
export interface SetupIntent {
  id: string;
  secret: string;
  /** The card it replaces, if any. */
  replaces: string | null;
  used: boolean;
}

export interface AccountSettings {
  id: string;
  tenantId: string;
  name: string;
  address: string;
  website: string;
  timezone: string;
  dateFormat: string;
  timeFormat: string;
  currency: string;
  logo: string;
  /** How the account's own sign-in page looks (the account page's customLogin tab); null: none. */
  customLogin: Record<string, unknown> | null;
  hasCustomLogin: boolean;
}

export interface SessionConfiguration {
  sessionConcurrentConfiguration: { isActive: boolean; maxSessions: number };
  sessionIdleTimeoutConfiguration: { isActive: boolean; timeout: number };
  sessionTimeoutConfiguration: { isActive: boolean; timeout: number };
}

export interface LockoutPolicy {
  id: string;
  enabled: boolean;
  maxAttempts: number;
}

export interface PasswordHistoryPolicy {
  id: string;
  enabled: boolean;
  historySize: number;
}

export interface MfaPolicy {
  id: string;
  enforceMFAType: z.infer<typeof enforceMfaType>;
  allowRememberMyDevice: boolean;
  mfaDeviceExpiration: number;
}

/** Global security policy (000 §3). */
export interface SecurityPolicy {
  id: string;
  allowSignups: boolean;
  allowNotVerifiedUsersLogin: boolean;
  apiTokensEnabled: boolean;
  forcePermissions: boolean;
  authStrategy: z.infer<typeof authStrategy>;
  machineToMachineAuthStrategy: z.infer<typeof machineToMachineAuthStrategy>;
  cookieSameSite: 'NONE' | 'LAX' | 'STRICT';
  defaultTokenExpiration: number;
  defaultRefreshTokenExpiration: number;
  allowOverridePasswordComplexity: boolean;
  allowOverridePasswordExpiration: boolean;
  allowOverrideEnforcePasswordHistory: boolean;
  publicKey: string;
}

/** The sign-in strategies as the auth contract answers them, each per-method flag set. */
export type AuthStrategiesConfig = Required<z.infer<typeof authStrategies>>;

export interface EntitlementFeature {
  expireTime: number | null;
  featureFlag?: { on: boolean; defaultTreatment: boolean };
  planIds: string[];
  linkedPermissions: string[];
}

export interface Entitlements {
  features: Record<string, EntitlementFeature>;
  plans: Record<string, { defaultTreatment: boolean; rules: unknown[] }>;
  permissions: Record<string, boolean>;
}

export interface MfaDevices {
  webauthn: { id: string; deviceType: string; name: string; createdAt: string }[];
  phones: { id: string; phoneNumber: string }[];
  authenticators: { id: string }[];
  emails: { email: string }[];
}

/** Who is signed in to the preview, and in which tenant. */
export interface PreviewSession {
  signedIn: boolean;
  userId: string;
  activeTenantId: string;
}

/** An application of the vendor (TEAM-021); `userIds`: the users assigned (MANAGED_ACCESS only). */
export interface Application {
  id: string;
  name: string;
  appURL: string;
  accessType: z.infer<typeof applicationAccessType>;
  isDefault: boolean;
  vendorId: string;
  createdAt: string;
  userIds: string[];
}

/** A phone number of a user (PHONE-005: id and phoneNumber), as the reference server keeps it. */
export interface UserPhoneNumberRow {
  id: string;
  userId: string;
  phoneNumber: string;
  verified: boolean;
  createdAt: string;
}

export interface SampleState {
  vendor: Vendor;
  /** The caller's address as the preview sees it (IP restriction checks, "My IP"). */
  currentIp: string;
  session: PreviewSession;
  tenants: Tenant[];
  permissionCategories: PermissionCategory[];
  permissions: Permission[];
  roles: Role[];
  users: User[];
  groups: Group[];
  groupConfiguration: GroupConfiguration;
  sessions: Session[];
  userApiTokens: ApiToken[];
  tenantApiTokens: ApiToken[];
  userAccessTokens: AccessToken[];
  tenantAccessTokens: AccessToken[];
  ipRestrictions: IpRestriction[];
  ipRestrictionsConfig: IpRestrictionsConfig;
  domainRestrictions: DomainRestriction[];
  domainRestrictionsConfig: DomainRestrictionsConfig;
  audits: AuditRow[];
  auditStats: AuditStats;
  auditColumns: AuditColumn[];
  securityCenter: SecurityCenter;
  plans: Plan[];
  subscriptions: Subscription[];
  invoices: Invoice[];
  paymentMethods: PaymentMethod[];
  billingSummary: BillingSummary;
  vendorBillingConfig: { allowPlanDowngrade: boolean; allowPlanCancellation: boolean };
  billingProvider: BillingProvider;
  setupIntents: SetupIntent[];
  accountSettings: AccountSettings;
  sessionConfiguration: SessionConfiguration;
  lockoutPolicy: LockoutPolicy;
  passwordHistoryPolicy: PasswordHistoryPolicy;
  /** The account's password rules and rotation (SECURITY-020), as the server's defaults. */
  passwordRules: PasswordRules;
  passwordRotationPolicy: { isActive: boolean; rotationPeriod: number; notificationPeriod: number };
  mfaPolicy: MfaPolicy;
  /** Captcha on sign-in and sign-up (the public answer and the account's; off unless a test turns it on). */
  captchaPolicy: { id: string; enabled: boolean };
  securityPolicy: SecurityPolicy;
  authStrategies: AuthStrategiesConfig;
  mfaDevices: MfaDevices;
  entitlements: Entitlements;
  /** The portal configuration (`rows[0].configuration` of GET /metadata?entityName=adminBox). */
  adminBoxMetadata: {
    navigation: Record<string, unknown>;
    theme: Record<string, unknown>;
    fields?: Record<string, unknown>;
    tabs?: Record<string, unknown>;
  };
  inviteLinks: InviteLink[];
  /** The users' phone numbers (PHONE-005..011). */
  userPhoneNumbers: UserPhoneNumberRow[];
  /** Multi-app administration (TEAM-021..023), as the reference server seeds it. */
  applications: Application[];
  /** Flags the preview's flags answer turns on besides the fixed ones, for the sample account's signed-in users. */
  sampleFlags: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Builders: every field has a default, so a test states only what it is about.

const DAY_MS = 86_400_000;
/** The time builders use for dates they are not given. */
let builderNow = (): Date => new Date();
let sequence = 0;

/** A readable unique id: `role-7`, `user-12`. */
export function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

const iso = (date: Date): string => date.toISOString();
const ago = (now: Date, days: number): string => iso(new Date(now.getTime() - days * DAY_MS));
const ahead = (now: Date, days: number): string => iso(new Date(now.getTime() + days * DAY_MS));

/** Inactive-user threshold: 90 days (000 §9). */
export const INACTIVE_THRESHOLD_SECONDS = 7_776_000;

export function buildTenant(overrides: Partial<Tenant> = {}): Tenant {
  const id = overrides.tenantId ?? overrides.id ?? nextId('tenant');
  return {
    name: 'Tenant',
    parentTenantId: null,
    isReseller: false,
    deletedAt: null,
    metadata: '{}',
    address: '',
    timezone: 'UTC',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: 'HH:mm',
    currency: 'USD',
    logo: '',
    alias: null,
    hasCustomLogin: false,
    tenantType: overrides.isReseller ? 'reseller' : 'customer',
    subAccountAccessType: 'defaultOn',
    vendorId: SAMPLE_VENDOR_ID,
    createdAt: iso(builderNow()),
    ...overrides,
    id,
    tenantId: id,
  };
}

export function buildPermission(overrides: Partial<Permission> & { key: string }): Permission {
  const words = overrides.key.split('.').slice(1).join(' ');
  return {
    id: nextId('perm'),
    name: words.charAt(0).toUpperCase() + words.slice(1),
    description: '',
    categoryId: 'cat-general',
    fePermission: overrides.key.startsWith('fe.'),
    assignmentType: 'ASSIGNABLE',
    createdAt: iso(builderNow()),
    ...overrides,
  };
}

export function buildRole(overrides: Partial<Role> = {}): Role {
  const now = iso(builderNow());
  const name = overrides.name ?? overrides.key ?? 'Role';
  return {
    id: nextId('role'),
    key: name,
    name,
    description: '',
    isDefault: false,
    permissions: [],
    tenantId: null,
    vendorId: SAMPLE_VENDOR_ID,
    level: 0,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function buildUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId('user');
  const tenantId = overrides.tenantId ?? SAMPLE_TENANT_ID;
  return {
    email: `${id}@example.com`,
    name: 'Sample User',
    phoneNumber: null,
    profilePictureUrl: null,
    tenantIds: [tenantId],
    vendorId: SAMPLE_VENDOR_ID,
    roleIds: [],
    verified: true,
    activatedForTenant: true,
    createdAt: iso(builderNow()),
    lastLogin: null,
    mfaEnrolled: false,
    metadata: '{}',
    isBreachedPassword: false,
    isLocked: false,
    provider: 'local',
    subAccountAccessAllowed: false,
    temporaryExpirationDate: null,
    isDisabled: false,
    ...overrides,
    id,
    tenantId,
  };
}

export function buildGroup(overrides: Partial<Group> = {}): Group {
  const now = iso(builderNow());
  return {
    id: nextId('group'),
    name: 'Group',
    color: '#5B8DEF',
    description: '',
    metadata: '{}',
    managedBy: 'frontegg',
    tenantId: SAMPLE_TENANT_ID,
    roleIds: [],
    userIds: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    id: nextId('session'),
    userId: SAMPLE_USER_ID,
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    createdAt: iso(builderNow()),
    ipAddress: '203.0.113.10',
    current: false,
    ...overrides,
  };
}

/** What every sample token starts as: made now by the sample user in the sample tenant, never expiring. */
const newToken = (description: string) => ({
  description,
  createdAt: iso(builderNow()),
  createdByUserId: SAMPLE_USER_ID,
  tenantId: SAMPLE_TENANT_ID,
  expires: null,
});

export function buildApiToken(overrides: Partial<ApiToken> = {}): ApiToken {
  const clientId = overrides.clientId ?? nextId('client');
  return {
    id: clientId,
    clientId,
    ...newToken('API token'),
    type: 'ClientCredentials',
    lastUsed: null,
    metadata: {},
    ...overrides,
  };
}

export function buildAccessToken(overrides: Partial<AccessToken> = {}): AccessToken {
  return {
    id: nextId('access-token'),
    ...newToken('Access token'),
    type: 'AccessToken',
    ...overrides,
  };
}

export function buildIpRestriction(overrides: Partial<IpRestriction> = {}): IpRestriction {
  const now = iso(builderNow());
  return {
    id: nextId('ip'),
    ip: '198.51.100.1',
    isActive: true,
    strategy: 'ALLOW',
    description: '',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function buildDomainRestriction(overrides: Partial<DomainRestriction> = {}): DomainRestriction {
  return { id: nextId('domain'), domain: 'example.com', type: 'ALLOW', ...overrides };
}

export function buildAuditRow(overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    frontegg_id: nextId('audit'),
    createdAt: iso(builderNow()),
    email: SAMPLE_USER_EMAIL,
    action: 'User logged in',
    description: 'User logged in with email and password',
    ip: '203.0.113.10',
    severity: 'INFO',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15',
    json: {},
    tenantId: SAMPLE_TENANT_ID,
    vendorId: SAMPLE_VENDOR_ID,
    ...overrides,
  };
}

export function buildPlan(overrides: Partial<Plan> & { name: string }): Plan {
  const slug = overrides.slug ?? overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const id = overrides.id ?? `plan-${slug}`;
  return {
    externalId: `price_${slug.replace(/\W/g, '')}`,
    description: '',
    price: { id: `${id}-price`, externalId: `price_${slug.replace(/\W/g, '')}`, amount: 0, currency: 'usd' },
    features: [],
    seatLimit: null,
    trialDays: 0,
    rank: 0,
    isDefault: false,
    ...overrides,
    id,
    slug,
  };
}

export function buildSubscription(
  overrides: Partial<Subscription> & { planId: string; plan: { slug: string } },
): Subscription {
  const now = builderNow();
  const id = overrides.id ?? nextId('sub');
  return {
    externalId: `sub_${id.replace(/\W/g, '')}`,
    tenantId: SAMPLE_TENANT_ID,
    startDate: ago(now, 90),
    status: 'active',
    externallyManaged: false,
    cancellation: null,
    currentPeriodStart: ago(now, 10),
    currentPeriodEnd: ahead(now, 20),
    paymentMethodId: null,
    ...overrides,
    id,
  };
}

export function buildInvoice(overrides: Partial<Invoice> & { subscriptionId: string }): Invoice {
  const id = overrides.id ?? nextId('inv');
  const now = builderNow();
  return {
    externalId: `in_${id.replace(/\W/g, '')}`,
    paymentDate: iso(now),
    totalAmount: 0,
    currency: 'usd',
    paid: true,
    receiptNumber: `R-${id}`,
    description: '',
    periodStart: ago(now, 30),
    periodEnd: iso(now),
    ...overrides,
    id,
  };
}

export function buildPaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  const id = overrides.id ?? nextId('pm');
  return {
    externalId: `pm_${id.replace(/\W/g, '')}`,
    type: 'card',
    isDefault: true,
    last4: '4242',
    expMonth: 12,
    expYear: builderNow().getUTCFullYear() + 3,
    brand: 'visa',
    billingDetails: {
      ...samplePaymentMethod.billingDetails,
      address: { ...samplePaymentMethod.billingDetails.address },
    },
    ...overrides,
    id,
  };
}

/** Stats the audits header shows: rows of the current UTC day, and SEVERE rows of the last 7 days. */
export function computeAuditStats(rows: readonly AuditRow[], now: Date): AuditStats {
  const today = iso(now).slice(0, 10);
  const weekAgo = now.getTime() - 7 * DAY_MS;
  return {
    totalToday: rows.filter((r) => r.createdAt.slice(0, 10) === today).length,
    severeThisWeek: rows.filter((r) => r.severity === 'SEVERE' && Date.parse(r.createdAt) >= weekAgo).length,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The sample dataset.

/** The sample catalog with the fields of the preview's entity. */
const permissionCatalog = sharedCatalog.map(({ category, keys }) => ({
  category: { ...category, feCategory: true, createdAt: '' } as PermissionCategory,
  keys,
}));

export interface SampleStateOptions {
  /** The time the dataset is relative to (last logins, audits, billing periods). Default: now. */
  now?: Date;
  /** Whether the sample user starts signed in. Default: true, so the portal shows data at once. */
  signedIn?: boolean;
}

/** The id of a sample role in the preview: `role-admin`. */
const roleId = (name: SampleRoleName): string => `role-${name.toLowerCase()}`;

function buildSampleState(now: Date, signedIn: boolean): SampleState {
  const at = (days: number): string => ago(now, days);
  const acme = SAMPLE_TENANT_ID;

  const tenants: Tenant[] = sampleTenants.map(({ createdDaysAgo, alias, ...tenant }) =>
    buildTenant({ ...tenant, ...(alias ? { alias } : {}), createdAt: at(createdDaysAgo) }),
  );

  const permissionCategories = permissionCatalog.map(({ category }) => ({ ...category, createdAt: at(400) }));
  const permissions = permissionCatalog.flatMap(({ category, keys }) =>
    keys.map((key) =>
      buildPermission({
        id: `perm-${key.slice(3).replace(/\./g, '-')}`,
        key,
        categoryId: category.id,
        createdAt: at(400),
      }),
    ),
  );

  const roles = sampleRoleNames.map((name) =>
    buildRole({
      id: roleId(name),
      key: name,
      name,
      description: roleDescriptions[name],
      isDefault: name === 'ReadOnly',
      level: name === 'Admin' ? 0 : 1,
      permissions: permissions.filter((p) => roleKeys[name](p.key)).map((p) => p.id),
      createdAt: at(400),
      updatedAt: at(30),
    }),
  );

  const users: User[] = sampleUsers.map(({ roles: names, lastLoginDaysAgo, createdDaysAgo = 300, ...user }) =>
    buildUser({
      ...user,
      roleIds: names.map(roleId),
      lastLogin: at(lastLoginDaysAgo),
      createdAt: at(createdDaysAgo),
    }),
  );

  const groups: Group[] = sampleGroups.map(({ roles: names, createdDaysAgo, updatedDaysAgo, ...group }) =>
    buildGroup({
      ...group,
      roleIds: names.map(roleId),
      createdAt: at(createdDaysAgo),
      updatedAt: at(updatedDaysAgo),
    }),
  );

  const sessions: Session[] = [
    buildSession({ id: 'session-current', current: true, createdAt: at(0), ipAddress: '203.0.113.10' }),
    buildSession({
      id: 'session-windows',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ipAddress: '198.51.100.23',
      createdAt: at(2),
    }),
    buildSession({
      id: 'session-iphone',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ipAddress: '192.0.2.44',
      createdAt: at(6),
    }),
  ];

  const audits: AuditRow[] = sampleAuditRows.map(({ createdDaysAgo = 0, createdMinutesAgo = 0, ...row }) =>
    buildAuditRow({
      ...row,
      createdAt: iso(new Date(now.getTime() - createdDaysAgo * DAY_MS - createdMinutesAgo * 60_000)),
    }),
  );

  const plans: Plan[] = samplePlans.map(({ amount, ...plan }) => {
    const id = `plan-${plan.slug}`;
    return buildPlan({
      ...plan,
      id,
      price: { id: `${id}-price`, externalId: `price_${plan.slug}`, amount, currency: 'usd' },
    });
  });

  const paymentMethod = buildPaymentMethod({
    ...samplePaymentMethod,
    billingDetails: {
      ...samplePaymentMethod.billingDetails,
      address: { ...samplePaymentMethod.billingDetails.address },
    },
  });
  const {
    startDaysAgo,
    currentPeriodStartDaysAgo,
    currentPeriodEndDaysAhead,
    planSlug,
    ...subscriptionFields
  } = sampleSubscription;
  const subscription = buildSubscription({
    ...subscriptionFields,
    plan: { slug: planSlug },
    paymentMethodId: paymentMethod.id,
    startDate: at(startDaysAgo),
    currentPeriodStart: at(currentPeriodStartDaysAgo),
    currentPeriodEnd: ahead(now, currentPeriodEndDaysAhead),
  });
  const invoices = sampleInvoices.map(({ paidDaysAgo, ...invoice }) =>
    buildInvoice({
      ...invoice,
      subscriptionId: subscription.id,
      paymentDate: at(paidDaysAgo),
      periodStart: at(paidDaysAgo),
      periodEnd: ahead(now, 30 - paidDaysAgo),
    }),
  );

  const allKeys = permissions.map((p) => p.key);
  return {
    vendor: { ...sampleVendor },
    currentIp: sampleCurrentIp,
    session: { signedIn, userId: SAMPLE_USER_ID, activeTenantId: acme },
    tenants,
    permissionCategories,
    permissions,
    roles,
    users,
    groups,
    groupConfiguration: { enabled: true, rolesEnabled: true },
    sessions,
    userApiTokens: sampleUserApiTokens.map(({ createdDaysAgo, expiresDaysAhead, ...token }) =>
      buildApiToken({
        ...token,
        createdAt: at(createdDaysAgo),
        ...(expiresDaysAhead ? { expires: ahead(now, expiresDaysAhead) } : {}),
      }),
    ),
    tenantApiTokens: sampleTenantApiTokens.map(({ createdDaysAgo, roleIds, ...token }) =>
      buildApiToken({ ...token, createdAt: at(createdDaysAgo), roleIds: [...roleIds] }),
    ),
    userAccessTokens: sampleUserAccessTokens.map(({ createdDaysAgo, ...token }) =>
      buildAccessToken({ ...token, createdAt: at(createdDaysAgo) }),
    ),
    tenantAccessTokens: sampleTenantAccessTokens.map(({ createdDaysAgo, roleIds, ...token }) =>
      buildAccessToken({ ...token, createdAt: at(createdDaysAgo), roleIds: [...roleIds] }),
    ),
    ipRestrictions: sampleIpRestrictions.map(({ createdDaysAgo, updatedDaysAgo, ...restriction }) =>
      buildIpRestriction({ ...restriction, createdAt: at(createdDaysAgo), updatedAt: at(updatedDaysAgo) }),
    ),
    ipRestrictionsConfig: { ...sampleIpRestrictionsConfig },
    domainRestrictions: sampleDomainRestrictions.map((restriction) => buildDomainRestriction(restriction)),
    domainRestrictionsConfig: { ...sampleDomainRestrictionsConfig },
    audits,
    auditStats: computeAuditStats(audits, now),
    auditColumns: sampleAuditColumns.map(
      ({ sortable = true, filterable = true, showInTable = true, ...column }): AuditColumn => ({
        ...column,
        sortable,
        filterable,
        showInTable,
        showInMoreInfo: true,
        isPredefined: true,
      }),
    ),
    securityCenter: {
      // SECCENTER-009. The preview fills the counts from the sample users and drops the session
      // recommendations a saved session policy has met (preview/securityCenter.ts).
      score: 79,
      recommendations: [
        { code: 'BREACHED_PASSWORDS_EXIST', severity: 'SEVERE', category: 'PASSWORD' },
        { code: 'FORCE_MFA', severity: 'WARNING', category: 'MFA' },
        // ENUM-053: Frontegg's sample data writes these two categories in lowercase.
        {
          code: 'ENABLE_USER_LOCKOUT',
          severity: 'WARNING',
          category: 'password',
          metadata: { password: { userLockoutRecommendation: 5 } },
        },
        {
          code: 'ENABLE_PASSWORD_HISTORY',
          severity: 'INFO',
          category: 'password',
          metadata: { password: { historyRecommendations: 5 } },
        },
        {
          code: 'SET_IDLE_SESSION',
          severity: 'INFO',
          category: 'SESSIONS',
          metadata: { sessions: { idleTimeoutRecommendation: 1800, configuredSessionSettings: 3 } },
        },
        {
          code: 'ENABLE_IP_RESTRICTIONS',
          severity: 'INFO',
          category: 'IP',
          metadata: { restrictions: { ipsCount: 0 } },
        },
        {
          code: 'ENABLE_DOMAIN_RESTRICTIONS',
          severity: 'INFO',
          category: 'domain',
          metadata: { restrictions: { domainsCount: 0 } },
        },
        { code: 'CONFIGURE_SSO', severity: 'INFO', category: 'SSO' },
      ],
      insights: [
        { category: 'MFA', code: 'PARTIAL_MFA_USAGE' },
        { category: 'PASSWORD', code: 'BREACHED_PASSWORD_USERS_EXIST' },
        {
          category: 'PASSWORD',
          code: 'IMPROVE_LOCKOUT_POLICY',
          metadata: { password: { userLockoutRecommendation: 5 } },
        },
        {
          category: 'PASSWORD',
          code: 'IMPROVE_PASSWORD_HISTORY_POLICY',
          metadata: { password: { historyRecommendations: 5 } },
        },
        {
          category: 'SESSIONS',
          code: 'FULL_SESSION_SETTINGS',
          metadata: { sessions: { configuredSessionSettings: 3 } },
        },
        { category: 'IP', code: 'NO_IP_RESTRICTIONS', metadata: { restrictions: { ipsCount: 0 } } },
        {
          category: 'DOMAIN',
          code: 'NO_DOMAIN_RESTRICTIONS',
          metadata: { restrictions: { domainsCount: 0 } },
        },
      ],
    },
    plans,
    subscriptions: [subscription],
    invoices,
    paymentMethods: [paymentMethod],
    billingSummary: {
      subscriptionId: subscription.id,
      paymentMethodId: paymentMethod.id,
      ...sampleBillingSummary,
    },
    vendorBillingConfig: { ...sampleVendorBillingConfig },
    billingProvider: { ...sampleProvider },
    setupIntents: [],
    accountSettings: { ...sampleAccountSettings, customLogin: null, hasCustomLogin: false },
    sessionConfiguration: {
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 10 },
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 3600 },
      sessionTimeoutConfiguration: { isActive: true, timeout: 7_776_000 },
    },
    lockoutPolicy: { id: 'lockout-policy', enabled: false, maxAttempts: 5 },
    captchaPolicy: { id: 'captcha-policy', enabled: false },
    passwordHistoryPolicy: { id: 'password-history-policy', enabled: false, historySize: 1 },
    passwordRules: {
      minLength: 8,
      requireLowercase: false,
      requireUppercase: false,
      requireNumbers: false,
      requireSpecialChars: false,
      checkThreeRepeatedChars: false,
    },
    passwordRotationPolicy: { isActive: false, rotationPeriod: 90, notificationPeriod: 7 },
    mfaPolicy: {
      id: 'mfa-policy',
      enforceMFAType: 'DontForce',
      allowRememberMyDevice: true,
      mfaDeviceExpiration: 1_209_600,
    },
    securityPolicy: {
      id: 'security-policy',
      allowSignups: true,
      allowNotVerifiedUsersLogin: false,
      apiTokensEnabled: true,
      forcePermissions: false,
      authStrategy: 'EmailAndPassword',
      machineToMachineAuthStrategy: 'ClientCredentials',
      cookieSameSite: 'STRICT',
      defaultTokenExpiration: 300,
      defaultRefreshTokenExpiration: 2_592_000,
      allowOverridePasswordComplexity: true,
      allowOverridePasswordExpiration: true,
      allowOverrideEnforcePasswordHistory: true,
      publicKey: '',
    },
    authStrategies: {
      password: { isActive: true },
      magicLink: { isActive: false },
      code: { isActive: false },
      smsCode: { isActive: false },
      sso: { isActive: true },
      passkeys: { isActive: true },
      mainAuthStrategies: [{ strategy: 'EmailAndPassword', isActive: true }],
      secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }],
    },
    mfaDevices: { webauthn: [], phones: [], authenticators: [{ id: 'authenticator-demo' }], emails: [] },
    entitlements: {
      features: {
        sso: {
          expireTime: -1,
          planIds: ['plan-enterprise'],
          linkedPermissions: ['fe.secure.read.samlConfiguration'],
        },
        'audit-logs': {
          expireTime: -1,
          planIds: ['plan-pro', 'plan-enterprise'],
          linkedPermissions: ['fe.secure.read.audits'],
        },
        'ip-restrictions': {
          expireTime: -1,
          planIds: ['plan-pro', 'plan-enterprise'],
          linkedPermissions: [],
        },
        groups: { expireTime: -1, planIds: [], linkedPermissions: ['fe.secure.read.groups'] },
      },
      plans: { 'plan-pro': { defaultTreatment: true, rules: [] } },
      permissions: Object.fromEntries(allKeys.map((key) => [key, true])),
    },
    adminBoxMetadata: { navigation: {}, theme: {} },
    inviteLinks: [],
    userPhoneNumbers: [
      {
        id: 'phone-demo',
        userId: SAMPLE_USER_ID,
        phoneNumber: '+12025550143',
        verified: true,
        createdAt: at(30),
      },
    ],
    applications: sampleApplications.map(({ createdDaysAgo, ...app }) => ({
      ...app,
      vendorId: SAMPLE_VENDOR_ID,
      createdAt: at(createdDaysAgo),
      userIds: app.accessType === 'MANAGED_ACCESS' ? [SAMPLE_USER_ID, 'user-maya'] : [],
    })),
    // fe-usage-page: the usage entry for Acme, as the server's demo seed turns it on (SCREEN-040).
    sampleFlags: ['fe-multi-apps', 'fe-usage-page'],
  };
}

/** A fresh, independent copy of the sample dataset: writes to one copy never show in another. */
export function createSampleState(options: SampleStateOptions = {}): SampleState {
  const now = options.now ?? new Date();
  const previous = builderNow;
  builderNow = () => now;
  try {
    return structuredClone(buildSampleState(now, options.signedIn ?? true));
  } finally {
    builderNow = previous;
  }
}
