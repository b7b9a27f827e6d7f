// The reference server's schema (PostgreSQL dialect: PGlite embedded, or a PostgreSQL server).
// Migrations are generated from it by drizzle-kit into server/db/migrations and committed.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey();
/** A moment in time, with its time zone (timestamptz). */
const instant = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => instant('created_at').notNull().defaultNow();
/** JSON that starts as an empty object or an empty list. */
const jsonObject = (name: string) =>
  jsonb(name)
    .notNull()
    .default(sql`'{}'::jsonb`);
const jsonList = (name: string) =>
  jsonb(name)
    .notNull()
    .default(sql`'[]'::jsonb`);
/** A reference to the row this one belongs to: deleting that row deletes this one. */
const ownedBy = (column: string, target: () => AnyPgColumn) =>
  text(column).notNull().references(target, { onDelete: 'cascade' });
/** The vendor, user or tenant a row belongs to. */
const vendorOwner = () => ownedBy('vendor_id', () => vendors.id);
const userOwner = () => ownedBy('user_id', () => users.id);
const tenantOwner = () => ownedBy('tenant_id', () => tenants.id);
/** The vendor of a tenant, user or role: a vendor with any of them cannot be deleted. */
const vendorRef = () =>
  text('vendor_id')
    .notNull()
    .references(() => vendors.id);

/**
 * A table of things a user owns (sessions, MFA devices, recovery codes, keys, phone numbers): an id, the owner,
 * `columns`, the creation time, and an index `<table>_user` on the owner.
 */
const userOwnedTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
) =>
  pgTable(name, { id: id(), userId: userOwner(), ...columns, createdAt: createdAt() }, (t) => [
    index(`${name}_user`).on(t.userId),
  ]);

/** A vendor's catalog keyed by `key` (feature flags, features): an id, the vendor, the key unique per vendor. */
const vendorKeyedTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
) =>
  pgTable(
    name,
    { id: id(), vendorId: vendorOwner(), key: text('key').notNull(), ...columns, createdAt: createdAt() },
    (t) => [uniqueIndex(`${name}_vendor_key`).on(t.vendorId, t.key)],
  );

export const vendors = pgTable('vendors', {
  id: id(),
  name: text('name').notNull(),
  /**
   * The role (a vendor role's key) the creator of a new account gets at sign-up: they administer what they
   * created. Members who join later get the roles they were invited with, or the `isDefault` roles.
   * Frontegg marks such roles `firstUserRole`; one vendor-level key keeps it a single setting here.
   */
  signUpRoleKey: text('sign_up_role_key').notNull().default('Admin'),
  /** Billing (BILLING-018): a tenant may move to a cheaper plan / cancel its subscription from the portal. */
  allowPlanDowngrade: boolean('allow_plan_downgrade').notNull().default(true),
  allowPlanCancellation: boolean('allow_plan_cancellation').notNull().default(true),
  createdAt: createdAt(),
});

export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    vendorId: vendorRef(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    isReseller: boolean('is_reseller').notNull().default(false),
    /** The account's category (ENUM-029: customer, spam, test, reseller, headquarter). */
    tenantType: text('tenant_type').notNull().default('customer'),
    /**
     * Whether the members of this account reach its sub-accounts (Frontegg's SubAccountAccessTypeEnum): `defaultOn`
     * (new members may, and an administrator can deny it), `defaultOff` (new members may not until allowed),
     * `alwaysOn` (every member may; denying is refused).
     */
    subAccountAccessType: text('sub_account_access_type').notNull().default('defaultOn'),
    metadata: jsonObject('metadata'),
    // Account settings (TENANTS-004/005/008).
    address: text('address').notNull().default(''),
    website: text('website').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    dateFormat: text('date_format').notNull().default('DD/MM/YYYY'),
    timeFormat: text('time_format').notNull().default('HH:mm'),
    currency: text('currency').notNull().default('USD'),
    logo: text('logo').notNull().default(''),
    alias: text('alias'),
    /** The custom login box of the account (TENANTS-006/007); null when never saved. */
    customLogin: jsonb('custom_login'),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
  },
  // The hierarchy is walked one level at a time (children of a set of tenants).
  (t) => [index('tenants_parent_id').on(t.parentId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    vendorId: vendorRef(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    verified: boolean('verified').notNull().default(false),
    phoneNumber: text('phone_number'),
    profilePictureUrl: text('profile_picture_url'),
    metadata: jsonObject('metadata'),
    activeTenantId: text('active_tenant_id'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: instant('locked_until'),
    lastLogin: instant('last_login'),
    /** A temporary user is removed after this moment (TEAM-019); null = permanent. */
    temporaryExpirationDate: instant('temporary_expiration_date'),
    /** Flagged by the breached-password check at sign-in (LOGIN-011). */
    isBreachedPassword: boolean('is_breached_password').notNull().default(false),
    /** When the current password was set (password rotation, SECURITY-020); rows before it: now(). */
    passwordChangedAt: instant('password_changed_at').notNull().defaultNow(),
    /** How the user signs in: local, saml, oidc, social provider name, scim. */
    provider: text('provider').notNull().default('local'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_vendor_email').on(t.vendorId, sql`lower(${t.email})`),
    index('users_vendor_name').on(t.vendorId, t.name),
    index('users_vendor_created').on(t.vendorId, t.createdAt),
    // "Contains" search of the users page (lower(name) like '%…%'): trigram indexes (extension pg_trgm).
    index('users_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

export const userTenants = pgTable(
  'user_tenants',
  {
    userId: userOwner(),
    tenantId: tenantOwner(),
    /** Disabled in this tenant: cannot sign in to it or refresh into it. */
    disabled: boolean('disabled').notNull().default(false),
    /** False until an invited user accepts the invitation to this tenant. */
    activatedForTenant: boolean('activated_for_tenant').notNull().default(true),
    /** May act in the sub-accounts of this tenant (TENANTS-013). */
    subAccountAccessAllowed: boolean('sub_account_access_allowed').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), index('user_tenants_tenant').on(t.tenantId)],
);

export const permissionCategories = pgTable('permission_categories', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  feCategory: boolean('fe_category').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const permissions = pgTable('permissions', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  categoryId: text('category_id').references(() => permissionCategories.id),
  fePermission: boolean('fe_permission').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: id(),
  vendorId: vendorRef(),
  /** Null: a vendor role every tenant can use. */
  tenantId: text('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: ownedBy('role_id', () => roles.id),
    permissionId: ownedBy('permission_id', () => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: userOwner(),
    tenantId: tenantOwner(),
    roleId: ownedBy('role_id', () => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId, t.roleId] })],
);

/** RS256 signing keys; the newest active one signs, every one not retired is in the JWKS. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
  retiredAt: instant('retired_at'),
});

export const sessions = userOwnedTable('sessions', {
  tenantId: text('tenant_id').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  ipAddress: text('ip_address').notNull().default(''),
  lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
  revokedAt: instant('revoked_at'),
  /** How the user proved who they are in this session (RFC 8176 values: pwd, otp, sms, hwk, mfa, ...). */
  amr: jsonList('amr'),
  /** The authentication context class; the multi-factor policy value after MFA (step-up, STEPUP-002). */
  acr: text('acr'),
  /** When the user last authenticated in this session (step-up maxAge, STEPUP-005). */
  authTime: instant('auth_time').notNull().defaultNow(),
  /** Set when an administrator acts as this user (IMPERSONATE-*): audit rows of the session name them. */
  impersonatorId: text('impersonator_id'),
});

/** Opaque refresh tokens, stored only as a SHA-256 hash; rotated on use, a reused one revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    sessionId: ownedBy('session_id', () => sessions.id),
    userId: userOwner(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

export const audits = pgTable(
  'audits',
  {
    id: id(),
    createdAt: createdAt(),
    vendorId: text('vendor_id').notNull(),
    tenantId: text('tenant_id'),
    userId: text('user_id'),
    email: text('email'),
    action: text('action').notNull(),
    description: text('description').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    severity: text('severity').notNull().default('Info'),
    json: jsonObject('json'),
  },
  (t) => [
    // The audits page (server/audits/query.ts): a tenant's rows by time (the default sort and its keyset, the
    // date range, today's count, the histogram), by severity in time (the severity filter in time order, the
    // week's severe count), one index per other sort (its keyset; the expressions are the query's sort keys:
    // keep them equal), and the text search (lower(…) like '%…%' over the searched fields, joined by the unit
    // separator U+001F, which no search may contain: no match spans two fields; the expression is
    // AUDIT_SEARCH_TEXT's).
    index('audits_tenant_created_id').on(t.tenantId, t.createdAt, t.id),
    index('audits_tenant_severity_created_id').on(t.tenantId, t.severity, t.createdAt, t.id),
    index('audits_tenant_email_id').on(t.tenantId, sql`coalesce(${t.email}, '')`, t.id),
    index('audits_tenant_action_id').on(t.tenantId, t.action, t.id),
    index('audits_tenant_ip_id').on(t.tenantId, t.ipAddress, t.id),
    index('audits_tenant_severity_rank').on(
      t.tenantId,
      sql`(case ${t.severity} when 'High' then 3 when 'Medium' then 2 else 1 end)`,
      t.createdAt,
      t.id,
    ),
    index('audits_search_trgm').using(
      'gin',
      sql`lower(coalesce(${t.email}, '') || E'\\x1f' || ${t.action} || E'\\x1f' || ${t.description} || E'\\x1f' || ${t.ipAddress} || E'\\x1f' || ${t.userAgent}) gin_trgm_ops`,
    ),
    // Retention (server/audits/retention.ts): the oldest rows of every tenant.
    index('audits_created').on(t.createdAt),
  ],
);

/**
 * A tenant's audit rows per UTC hour and stored severity: what the audits chart counts over long ranges
 * (server/audits/query.ts). Kept by statement triggers on `audits` (migration 0014: inserts add, deletes — the
 * retention sweep — subtract, a truncate empties it), whatever writes the rows; vendor rows (no tenant) are
 * not counted. `hour` is the UTC wall clock of the hour's start.
 */
export const auditHourCounts = pgTable(
  'audit_hour_counts',
  {
    tenantId: text('tenant_id').notNull(),
    hour: timestamp('hour', { mode: 'string' }).notNull(),
    severity: text('severity').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.hour, t.severity] })],
);

/** The dev outbox: mail the server would send, readable at GET /dev/outbox with DEV_ROUTES=1. */
export const outbox = pgTable('outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

/** One-time tokens mailed to users (activation, invitation, password reset), stored only as a hash. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userOwner(),
    tenantId: text('tenant_id'),
    data: jsonObject('data'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('user_tokens_user_kind').on(t.userId, t.kind)],
);

/** Previous password hashes, for the password-history policy. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: id(),
    userId: userOwner(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user').on(t.userId, t.createdAt)],
);

/** Security policies (lockout, password history, MFA, sessions, ...) per vendor, or per tenant when set. */
export const policies = pgTable(
  'policies',
  {
    id: id(),
    vendorId: text('vendor_id').notNull(),
    tenantId: text('tenant_id'),
    kind: text('kind').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('policies_scope_kind').on(t.vendorId, sql`coalesce(${t.tenantId}, '')`, t.kind)],
);

/** OAuth clients of the hosted login: exact redirect URIs only. */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  vendorId: text('vendor_id').notNull(),
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').notNull(),
  createdAt: createdAt(),
});

/** Authorization codes: single use, at most 10 minutes, bound to the PKCE challenge (S256). */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  userId: userOwner(),
  sessionId: text('session_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scope: text('scope').notNull().default('openid email profile'),
  nonce: text('nonce'),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/** Fixed-window counters of the rate limiter (shared by every server process on one database). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: instant('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Feature flags (FLAGS-001): evaluated per caller by GET /flags with `evaluateFeatureFlag`. */
export const featureFlags = vendorKeyedTable('feature_flags', {
  description: text('description').notNull().default(''),
  on: boolean('on').notNull().default(false),
  offTreatment: boolean('off_treatment').notNull().default(false),
  defaultTreatment: boolean('default_treatment').notNull().default(false),
  /** `Rule[]` of shared/flags: `{ conditions: [{ attribute, op, value, negate? }], treatment }`. */
  rules: jsonList('rules'),
});

/** Entitlement features: granted directly, by a feature flag (by key) or by a plan. */
export const features = vendorKeyedTable('features', {
  name: text('name').notNull(),
  /** Key of a feature flag that grants the feature when it evaluates to true. */
  featureFlagKey: text('feature_flag_key'),
  /** Permission keys that only an entitled user holds (ENTITLE-008). */
  linkedPermissions: jsonList('linked_permissions'),
});

/** Plans: a bundle of features (keys) with targeting rules, assignable to tenants. */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    vendorId: vendorOwner(),
    name: text('name').notNull(),
    /** `Rule[]` of shared/flags; with none holding, `defaultTreatment`. */
    rules: jsonList('rules'),
    defaultTreatment: boolean('default_treatment').notNull().default(false),
    /** Feature keys of the plan. */
    features: jsonList('features'),
    // Billing (BILLING-006): a plan with a price is sold on the subscriptions wire; null price: an entitlement
    // bundle only (never in the pricing table).
    /** Unique per vendor among sold plans; subscriptions name their plan by it (`plan.slug`). */
    slug: text('slug'),
    description: text('description').notNull().default(''),
    /** Minor units (cents) per month; null: not sold. */
    priceAmount: integer('price_amount'),
    /** ISO 4217, lower case (Stripe's spelling); usd by default (BILLING-008). */
    currency: text('currency').notNull().default('usd'),
    /** Days of trial a new account gets on this plan (the vendor's trial plan has > 0). */
    trialDays: integer('trial_days').notNull().default(0),
    /** Order in the pricing table; a higher rank is an upgrade, a lower one a downgrade. */
    rank: integer('rank').notNull().default(0),
    /** Seats (users of the account) the plan includes; null: unlimited (the usage page, SCREEN-040). */
    seatLimit: integer('seat_limit'),
    /** The plan every account falls back to (a trial ended without a card: change_to_default). One per vendor. */
    isDefault: boolean('is_default').notNull().default(false),
    /** The provider's price (Stripe `price_…`); null for the local provider. */
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plans_vendor_slug').on(t.vendorId, t.slug)],
);

/**
 * What a tenant is granted: one feature (`featureKey`) or every feature of a plan (`planId`), until
 * `expireTime` (epoch ms; -1 never expires). A past expiry is kept: it answers BUNDLE_EXPIRED.
 */
export const tenantEntitlements = pgTable(
  'tenant_entitlements',
  {
    id: id(),
    tenantId: tenantOwner(),
    featureKey: text('feature_key'),
    planId: text('plan_id').references(() => plans.id, { onDelete: 'cascade' }),
    expireTime: bigint('expire_time', { mode: 'number' }).notNull().default(-1),
    createdAt: createdAt(),
  },
  (t) => [
    index('tenant_entitlements_tenant').on(t.tenantId),
    check('tenant_entitlements_one_target', sql`(${t.featureKey} is null) <> (${t.planId} is null)`),
  ],
);

/** Groups of users in a tenant (GROUPS-001/002): a group carries roles its members hold in that tenant. */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    tenantId: tenantOwner(),
    name: text('name').notNull(),
    color: text('color').notNull().default(''),
    description: text('description').notNull().default(''),
    metadata: jsonObject('metadata'),
    managedBy: text('managed_by').notNull().default('frontegg'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('groups_tenant_name').on(t.tenantId, sql`lower(${t.name})`)],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: ownedBy('group_id', () => groups.id),
    roleId: ownedBy('role_id', () => roles.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.roleId] })],
);

export const groupUsers = pgTable(
  'group_users',
  {
    groupId: ownedBy('group_id', () => groups.id),
    userId: userOwner(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_users_user').on(t.userId)],
);

/**
 * The tenant's shareable invitation link (TEAM-020): one per tenant. The token is kept readable because
 * administrators read the link back; it only lets someone sign up into this tenant until it expires.
 */
export const inviteLinks = pgTable('invite_links', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  expiresAt: instant('expires_at').notNull(),
  shouldSendEmail: boolean('should_send_email').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * The vendor's metadata entities (`GET /metadata?entityName=…`): `adminBox` is the portal configuration
 * (navigation, field and tab appearance, theme). A vendor without a row gets the built-in default.
 */
export const vendorMetadata = pgTable(
  'vendor_metadata',
  {
    vendorId: vendorOwner(),
    entityName: text('entity_name').notNull(),
    configuration: jsonb('configuration').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.entityName] })],
);

// ---------------------------------------------------------------------------------------------------------
// Sign-in paths beyond the password: one-time challenges, MFA, WebAuthn, phone numbers, SSO and social

/**
 * One-time challenges of every sign-in path: an MFA login token, a passwordless code or magic link, an
 * enrolment in progress, a WebAuthn challenge, a step-up, a phone reset, an SSO/OAuth state. Secrets are
 * stored only as SHA-256 hashes; each challenge counts its own failed attempts and is used at most once.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: id(),
    /** e.g. mfa-login, mfa-enroll, otc, magic-link, sms-login, webauthn, stepup, phone-reset, sso-state */
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id'),
    /** Hash of the bearer secret that names the challenge (mfaToken, magic-link token, state). */
    tokenHash: text('token_hash').unique(),
    /** Hash of the short code the user types, when there is one. */
    codeHash: text('code_hash'),
    data: jsonObject('data'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('auth_challenges_user_kind').on(t.userId, t.kind)],
);

/** MFA devices other than WebAuthn: authenticator apps (TOTP), SMS phones, email. */
export const mfaDevices = userOwnedTable('mfa_devices', {
  /** authenticator | sms | email */
  kind: text('kind').notNull(),
  name: text('name').notNull().default(''),
  /** TOTP secret (base32) of an authenticator app. */
  secret: text('secret'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  /** The last TOTP time step accepted: a code is accepted once (no replay within its window). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Null while the enrolment is not verified yet. */
  verifiedAt: instant('verified_at'),
  lastUsedAt: instant('last_used_at'),
});

/** Recovery codes of a user's MFA (MFA-006): stored hashed, each usable once. */
export const recoveryCodes = userOwnedTable('recovery_codes', {
  codeHash: text('code_hash').notNull(),
  usedAt: instant('used_at'),
});

/** Browsers remembered after MFA when the policy allows it: the cookie's secret, hashed. */
export const trustedDevices = pgTable('trusted_devices', {
  id: id(),
  userId: userOwner(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
});

/** WebAuthn credentials: passkeys (primary sign-in) and security keys (an MFA factor). */
export const webauthnCredentials = userOwnedTable('webauthn_credentials', {
  /** passkey | mfa */
  usage: text('usage').notNull(),
  /** base64url credential id. */
  credentialId: text('credential_id').notNull().unique(),
  /** base64url COSE public key. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: jsonList('transports'),
  deviceType: text('device_type').notNull().default('singleDevice'),
  backedUp: boolean('backed_up').notNull().default(false),
  name: text('name').notNull().default(''),
  lastUsedAt: instant('last_used_at'),
});

/** A user's phone numbers (PHONE-005..011); verified before they can be used. */
export const userPhoneNumbers = userOwnedTable('user_phone_numbers', {
  phoneNumber: text('phone_number').notNull(),
  verifiedAt: instant('verified_at'),
});

/** The SMS outbox of the local SMS provider (read at GET /dev/sms with DEV_ROUTES=1). */
export const smsOutbox = pgTable('sms_outbox', {
  id: id(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/**
 * A tenant's single sign-on (SSO-002): an OIDC or SAML identity provider for the email domains it claims
 * (`sso_domains`), the roles its users get (SSO-008) and the IdP groups mapped to roles and groups (`sso_groups`).
 */
export const ssoConfigurations = pgTable(
  'sso_configurations',
  {
    id: id(),
    tenantId: tenantOwner(),
    /** oidc | saml */
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * OIDC: issuer, clientId, clientSecret; SAML: entryPoint, idpCert, idpIssuer (by fields, or read from the
     * IdP's metadata). `{}` while a SAML configuration is being filled in.
     */
    config: jsonb('config').notNull(),
    /** SAML: sign the AuthnRequest (Frontegg's signRequest). */
    signRequest: boolean('sign_request').notNull().default(false),
    /** The IdP claim (OIDC) or SAML attribute carrying the user's groups, mapped by `sso_groups`. */
    groupsClaim: text('groups_claim').notNull().default('groups'),
    /** Where the SAML metadata came from, when by URL (SSO-006): refetched on an update by URL. */
    metadataUrl: text('metadata_url'),
    /** Roles given to users signing in through this provider (SSO-008), re-applied at every SSO sign-in. */
    defaultRoleIds: jsonList('default_role_ids'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sso_configurations_tenant').on(t.tenantId)],
);

/**
 * An email domain an SSO configuration claims (SSO-004): a DNS TXT record proves it. Only a validated domain
 * routes sign-ins; a domain validated by one tenant cannot be validated by another (the partial unique index).
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: id(),
    configurationId: ownedBy('configuration_id', () => ssoConfigurations.id),
    tenantId: tenantOwner(),
    /** Lower-case, without a trailing dot. */
    domain: text('domain').notNull(),
    validated: boolean('validated').notNull().default(false),
    /** The TXT record value to publish at the domain (random, per domain row). */
    txtRecord: text('txt_record').notNull(),
    validatedAt: instant('validated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_domains_configuration_domain').on(t.configurationId, t.domain),
    uniqueIndex('sso_domains_validated_domain')
      .on(t.domain)
      .where(sql`${t.validated}`),
    index('sso_domains_tenant').on(t.tenantId),
  ],
);

/** An IdP group of an SSO configuration mapped to our roles and groups (SSO-008, Frontegg's ISamlRolesGroup). */
export const ssoGroups = pgTable(
  'sso_groups',
  {
    id: id(),
    configurationId: ownedBy('configuration_id', () => ssoConfigurations.id),
    /** The group's value in the IdP's claim or attribute (compared case-insensitively). */
    group: text('group').notNull(),
    roleIds: jsonList('role_ids'),
    /** Ours: our groups (of the configuration's tenant) a member of the IdP group is put in. */
    groupIds: jsonList('group_ids'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sso_groups_configuration_group').on(t.configurationId, sql`lower(${t.group})`)],
);

/**
 * SAML assertions already consumed (replay protection for IdP-initiated SAML, which has no request and
 * RelayState to take once): the issuer's assertion id until the assertion expires.
 */
export const ssoSeenAssertions = pgTable('sso_seen_assertions', {
  /** sha256(issuer + assertion id). */
  key: text('key').primaryKey(),
  expiresAt: instant('expires_at').notNull(),
});

/**
 * A SCIM 2.0 directory connection of a tenant (SCIM-001, Frontegg's Scim2ConnectionConfigResponse): its
 * bearer token is stored only as a SHA-256 hash (32 random bytes) and shown once at creation.
 */
export const directoryConfigurations = pgTable(
  'directory_configurations',
  {
    id: id(),
    tenantId: tenantOwner(),
    /** frontegg | okta | azure-ad | other */
    source: text('source').notNull(),
    connectionName: text('connection_name').notNull(),
    syncToUserManagement: boolean('sync_to_user_management').notNull().default(true),
    tokenHash: text('token_hash').notNull(),
    lastSyncAt: instant('last_sync_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('directory_configurations_tenant').on(t.tenantId),
    uniqueIndex('directory_configurations_token').on(t.tokenHash),
  ],
);

/** A user provisioned by a directory connection: the SCIM resource's own attributes beside our user. */
export const directoryUsers = pgTable(
  'directory_users',
  {
    configurationId: ownedBy('configuration_id', () => directoryConfigurations.id),
    userId: userOwner(),
    externalId: text('external_id'),
    /** The SCIM userName (unique per connection, case-insensitive per RFC 7643 §4.1.1). */
    userName: text('user_name').notNull(),
    active: boolean('active').notNull().default(true),
    /** The SCIM User resource as last written (name, emails, phoneNumbers, enterprise extension…). */
    resource: jsonObject('resource'),
    /** meta.version: bumped on every write. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.configurationId, t.userId] }),
    uniqueIndex('directory_users_user_name').on(t.configurationId, sql`lower(${t.userName})`),
    index('directory_users_user').on(t.userId),
  ],
);

/** A group provisioned by a directory connection: one of our groups (managedBy scim2), members in group_users. */
export const directoryGroups = pgTable(
  'directory_groups',
  {
    configurationId: ownedBy('configuration_id', () => directoryConfigurations.id),
    groupId: ownedBy('group_id', () => groups.id),
    externalId: text('external_id'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.configurationId, t.groupId] })],
);

/** Social login providers of the vendor (google, github, microsoft, ...): OAuth/OIDC clients. */
export const socialProviders = pgTable(
  'social_providers',
  {
    id: id(),
    vendorId: vendorOwner(),
    provider: text('provider').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** issuer (OIDC discovery) or explicit endpoints, clientId, clientSecret, scopes. */
    config: jsonb('config').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_providers_vendor_provider').on(t.vendorId, t.provider)],
);

/** External identities linked to a user: `sso:<configurationId>` or `social:<provider>`, by subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: userOwner(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject').on(t.provider, t.subject)],
);

/** The vendor's applications (TEAM-021): FREE_ACCESS ones are open to every user, MANAGED_ACCESS to assignees. */
export const applications = pgTable('applications', {
  id: id(),
  vendorId: vendorOwner(),
  name: text('name').notNull(),
  appUrl: text('app_url').notNull().default(''),
  /** FREE_ACCESS | MANAGED_ACCESS */
  accessType: text('access_type').notNull().default('MANAGED_ACCESS'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
});

/** Which users of a tenant may use a MANAGED_ACCESS application. */
export const applicationUsers = pgTable(
  'application_users',
  {
    applicationId: ownedBy('application_id', () => applications.id),
    userId: userOwner(),
    tenantId: tenantOwner(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId, t.tenantId] }),
    index('application_users_user').on(t.userId),
  ],
);

/**
 * IP restrictions of a tenant (SECURITY-005): allow or block entries of an IPv4/IPv6 address or CIDR range
 * (canonical text), one per address and list.
 */
export const ipRestrictions = pgTable(
  'ip_restrictions',
  {
    id: id(),
    tenantId: tenantOwner(),
    ip: text('ip').notNull(),
    /** ALLOW | BLOCK */
    strategy: text('strategy').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ip_restrictions_tenant_ip').on(t.tenantId, t.strategy, t.ip),
    check('ip_restrictions_strategy', sql`${t.strategy} in ('ALLOW', 'BLOCK')`),
  ],
);

/** A tenant's IP-restrictions config (SECURITY-006): enforced when active, as an allow or a block list. */
export const ipRestrictionConfigs = pgTable(
  'ip_restriction_configs',
  {
    tenantId: tenantOwner().primaryKey(),
    isActive: boolean('is_active').notNull().default(false),
    /** ALLOW | BLOCK */
    strategy: text('strategy').notNull().default('ALLOW'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('ip_restriction_configs_strategy', sql`${t.strategy} in ('ALLOW', 'BLOCK')`)],
);

/**
 * Email-domain restrictions of a tenant (SECURITY-014): allow or block entries of an email domain (lower-case,
 * covering its subdomains), one per domain and list.
 */
export const emailDomainRestrictions = pgTable(
  'email_domain_restrictions',
  {
    id: id(),
    tenantId: tenantOwner(),
    domain: text('domain').notNull(),
    /** ALLOW | BLOCK */
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_domain_restrictions_tenant_domain').on(t.tenantId, t.type, t.domain),
    check('email_domain_restrictions_type', sql`${t.type} in ('ALLOW', 'BLOCK')`),
  ],
);

/**
 * A tenant's email-domain config (SECURITY-014): its list applied when active (the entries of `listType`), and
 * free-mail providers refused when `blockPublicDomains`. No row: inactive, public domains allowed.
 */
export const emailDomainRestrictionConfigs = pgTable(
  'email_domain_restriction_configs',
  {
    tenantId: tenantOwner().primaryKey(),
    active: boolean('active').notNull().default(false),
    /** ALLOW | BLOCK */
    listType: text('list_type').notNull().default('BLOCK'),
    blockPublicDomains: boolean('block_public_domains').notNull().default(false),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('email_domain_restriction_configs_list_type', sql`${t.listType} in ('ALLOW', 'BLOCK')`)],
);

/**
 * API tokens (TOKENS-001): a personal token (`user_id` set: it acts as that user in `tenant_id`) or a tenant
 * token (`user_id` null: it acts with `role_ids`). The secret is stored only as a SHA-256 hash (32 random bytes:
 * a fast hash is right for it); `client_id` is the public half. Deleting the user or the tenant deletes its
 * tokens; a deleted token keeps its row (`deleted_at`) for the audit trail and the liveness check.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    tenantId: tenantOwner(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    description: text('description').notNull().default(''),
    roleIds: jsonList('role_ids'),
    createdByUserId: text('created_by_user_id').notNull(),
    expiresAt: instant('expires_at'),
    lastUsedAt: instant('last_used_at'),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_tenant').on(t.tenantId), index('api_tokens_user').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------------------
// Billing (issue 19, BILLING-*): one billing account per tenant (Frontegg's tenant configuration and the
// provider's customer), its subscriptions, cards, invoices; the local provider's setup intents; the provider
// events already applied (a webhook delivered twice is applied once).

/** A tenant's billing: the provider that bills it and its customer there (BILLING-016, BILLING-058/059). */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    id: id(),
    vendorId: vendorOwner(),
    tenantId: tenantOwner(),
    /** `local` or `stripe` (server/billing/provider.ts); answered as Frontegg's ProviderType `Stripe`. */
    providerType: text('provider_type').notNull(),
    /** Billed outside the product (a contract): the portal changes nothing (BILLING-026). */
    externallyManaged: boolean('externally_managed').notNull().default(false),
    /** The provider's customer (Stripe `cus_…`); null until created. */
    customerId: text('customer_id'),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_accounts_tenant').on(t.tenantId),
    index('billing_accounts_customer').on(t.customerId),
  ],
);

/**
 * A subscription (BILLING-004): status in Frontegg's wire spelling (ENUM-021: active, canceled, incomplete,
 * expired, trialing, trialEnded); `cancellationPolicy` atPeriodEnd or null (ENUM-022).
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: id(),
    vendorId: vendorOwner(),
    tenantId: tenantOwner(),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    /** The provider's subscription (Stripe `sub_…`; local: `lsub_…`). */
    externalId: text('external_id').notNull(),
    status: text('status').notNull(),
    externallyManaged: boolean('externally_managed').notNull().default(false),
    startDate: instant('start_date').notNull(),
    currentPeriodStart: instant('current_period_start').notNull(),
    currentPeriodEnd: instant('current_period_end').notNull(),
    trialEnd: instant('trial_end'),
    cancellationPolicy: text('cancellation_policy'),
    /** When it stopped (canceled or expired); null while it runs. */
    endedAt: instant('ended_at'),
    /** The card that pays for it (a payment_methods id); null: none yet (a trial). */
    paymentMethodId: text('payment_method_id'),
    /** What a trial's end does without a card (ENUM-026): change_to_default or retain_trial. */
    trialEndAction: text('trial_end_action').notNull().default('change_to_default'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_subscriptions_tenant').on(t.tenantId),
    uniqueIndex('billing_subscriptions_external').on(t.vendorId, t.externalId),
    // The renewal job: subscriptions whose period (or trial) ended.
    index('billing_subscriptions_due').on(t.status, t.currentPeriodEnd),
    // One running subscription per account: two creations racing cannot both land.
    uniqueIndex('billing_subscriptions_one_running')
      .on(t.tenantId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** A card on file (BILLING-015): never its number or CVC, only what the provider tells (brand, last 4, expiry). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    tenantId: tenantOwner(),
    /** The provider's payment method (Stripe `pm_…`; local: `lpm_…`). */
    externalId: text('external_id').notNull(),
    /** ENUM-023: card or unknown. */
    type: text('type').notNull().default('card'),
    isDefault: boolean('is_default').notNull().default(false),
    brand: text('brand').notNull().default(''),
    last4: text('last4').notNull().default(''),
    expMonth: integer('exp_month').notNull().default(0),
    expYear: integer('exp_year').notNull().default(0),
    billingName: text('billing_name').notNull().default(''),
    billingEmail: text('billing_email').notNull().default(''),
    /** { addressLine1, addressLine2, city, state, postalCode, country } (Frontegg's BillingDetailsAddress). */
    billingAddress: jsonObject('billing_address'),
    /** Replaced by a newer card (kept: old invoices name it); null while usable. */
    detachedAt: instant('detached_at'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_tenant').on(t.tenantId), index('payment_methods_external').on(t.externalId)],
);

/** An invoice (BILLING-010): one per billed period and per immediate plan change; amounts in minor units. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    vendorId: vendorOwner(),
    tenantId: tenantOwner(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    /** The provider's invoice (Stripe `in_…`; local: `lin_…`). */
    externalId: text('external_id').notNull(),
    /** Human-readable, unique per vendor (`1001-0001`). */
    receiptNumber: text('receipt_number').notNull(),
    planId: text('plan_id').references(() => plans.id),
    /** The line the PDF prints (`Pro plan, 1 Mar – 1 Apr 2026`). */
    description: text('description').notNull().default(''),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    paid: boolean('paid').notNull().default(false),
    paymentDate: instant('payment_date'),
    /** The card charged; null when none was. */
    paymentMethodId: text('payment_method_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_tenant_created').on(t.tenantId, t.createdAt),
    uniqueIndex('invoices_vendor_receipt').on(t.vendorId, t.receiptNumber),
    uniqueIndex('invoices_vendor_external').on(t.vendorId, t.externalId),
  ],
);

/**
 * The local provider's setup intents (BILLING-061): the browser holds the secret and sends the card with it
 * once; only the secret's SHA-256 is kept.
 */
export const billingSetupIntents = pgTable('billing_setup_intents', {
  id: id(),
  tenantId: tenantOwner(),
  secretHash: text('secret_hash').notNull(),
  /** The card it replaces (BILLING-061's optional paymentMethodId); null: a new card. */
  replacesPaymentMethodId: text('replaces_payment_method_id'),
  /** requires_payment_method, succeeded or canceled. */
  status: text('status').notNull().default('requires_payment_method'),
  expiresAt: instant('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Provider events applied (Stripe webhook event ids): a redelivered event changes nothing. */
export const billingProviderEvents = pgTable('billing_provider_events', {
  id: text('id').primaryKey(),
  vendorId: vendorOwner(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Connectivity (issue 21, CONNECT-*): a tenant's webhooks, email and SMS channels per event key, Slack
// subscriptions; the durable delivery queue every channel sends from; the log of every webhook attempt.

/** A webhook (Frontegg's IWebhooksConfigurations): events of `eventKeys` are POSTed to `url`, signed. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    vendorId: vendorOwner(),
    tenantId: tenantOwner(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    /** The Standard Webhooks secret (`whsec_…`): kept to sign, answered only by the save that made it. */
    secret: text('secret').notNull(),
    eventKeys: jsonList('event_keys'),
    isActive: boolean('is_active').notNull().default(true),
    /** Deliveries queued for it so far. */
    invocations: integer('invocations').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_tenant').on(t.tenantId)],
);

/** The email or SMS channel of one event key in a tenant (Frontegg's IEmailSMSConfigResponse). */
export const channelConfigs = pgTable(
  'channel_configs',
  {
    id: id(),
    tenantId: tenantOwner(),
    /** `email` or `sms`. */
    channel: text('channel').notNull(),
    eventKey: text('event_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_configs_key').on(t.tenantId, t.channel, t.eventKey)],
);

/** A named list of recipients of a channel configuration (emails or E.164 numbers). */
export const channelSubscriptions = pgTable(
  'channel_subscriptions',
  {
    id: id(),
    configId: ownedBy('config_id', () => channelConfigs.id),
    name: text('name').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    recipients: jsonList('recipients'),
    createdAt: createdAt(),
  },
  (t) => [index('channel_subscriptions_config').on(t.configId)],
);

/** A Slack subscription (Frontegg's ISlackSubscription): per event, the incoming-webhook URLs it posts to. */
export const slackSubscriptions = pgTable(
  'slack_subscriptions',
  {
    id: id(),
    tenantId: tenantOwner(),
    isActive: boolean('is_active').notNull().default(true),
    /** `[{ eventKey, channelIds, title?, message? }]`. */
    slackEvents: jsonList('slack_events'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('slack_subscriptions_tenant').on(t.tenantId)],
);

/**
 * The durable delivery queue: one row per event and destination (a webhook, an email or SMS recipient, a Slack
 * channel). Its id is the idempotency id (`webhook-id`), the same on every attempt. A worker claims due rows
 * (`locked_until`), sends, and records the outcome; a row claimed by a process that died is claimed again once
 * its lock expires (at-least-once).
 */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    id: id(),
    vendorId: vendorOwner(),
    tenantId: tenantOwner(),
    /** `webhook`, `email`, `sms` or `slack`. */
    channel: text('channel').notNull(),
    /** The webhook, channel subscription or Slack subscription it comes from. */
    targetId: text('target_id').notNull(),
    /** The email address, phone number or Slack URL (null for a webhook: its URL is read at send time). */
    recipient: text('recipient'),
    eventKey: text('event_key').notNull(),
    payload: jsonObject('payload'),
    /** `pending`, `delivered` or `failed`. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    index('integration_deliveries_due').on(t.status, t.nextAttemptAt),
    index('integration_deliveries_target').on(t.targetId),
  ],
);

/** Every attempt to a webhook, a test included (Frontegg's IWebhookLog, with ours). */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: id(),
    vendorId: vendorOwner(),
    tenantId: tenantOwner(),
    /** Null for a test of an unsaved form. */
    webhookId: text('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The delivery (its idempotency id); a test's own id. */
    deliveryId: text('delivery_id').notNull(),
    eventKey: text('event_key').notNull(),
    attempt: integer('attempt').notNull(),
    /** The receiver's status ('' when no answer came). */
    statusCode: text('status_code').notNull(),
    ok: boolean('ok').notNull(),
    /** `delivered`, `retrying` or `failed`: the delivery after this attempt. */
    deliveryStatus: text('delivery_status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    requestBody: text('request_body').notNull(),
    responseBody: text('response_body').notNull().default(''),
    error: text('error'),
    /** `event`, `test` or `retry`. */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_logs_webhook').on(t.webhookId, t.createdAt)],
);
