import { z } from 'zod';
import { isIpOrCidr } from '../shared/api/ipAddress';
import { isLoopbackHost } from './middleware/dev-only';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  NODE_ENV: z.string().default('development'),
  DEMO_ADMIN_EMAIL: z.string().email().default('admin@acme.test'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('fe-elements <no-reply@fe-elements.local>'),
  COOKIE_SAME_SITE: z.enum(['Strict', 'Lax', 'None']).default('Lax'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  AUTH_STRATEGY: z.enum(['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode']).default('EmailAndPassword'),
  DEV_ROUTES: z.enum(['0', '1', '']).default(''),
  ALLOWED_ORIGINS: z.string().default(''),
  TRUSTED_PROXIES: z.string().default(''),
  REQUEST_HEAD_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ALLOW_OVERRIDE_PASSWORD_COMPLEXITY: z.enum(['0', '1']).default('1'),
  ALLOW_OVERRIDE_PASSWORD_EXPIRATION: z.enum(['0', '1']).default('1'),
  ALLOW_OVERRIDE_PASSWORD_HISTORY: z.enum(['0', '1']).default('1'),
  API_TOKENS_ENABLED: z.enum(['0', '1']).default('1'),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .default('5,30,120,600,3600,21600')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(
      z
        .array(
          z
            .number()
            .min(0)
            .max(7 * 86_400),
        )
        .max(20),
    ),
  WEBHOOK_LOCK_SECONDS: z.coerce.number().int().min(15).max(3_600).default(60),
  SLACK_CLIENT_ID: z.string().optional(),
  SLACK_CLIENT_SECRET: z.string().optional(),
  SLACK_API_URL: z.string().url().default('https://slack.com/api'),
  DNS_SERVERS: z.string().default(''),
  ALLOW_PRIVATE_NETWORK_FETCH: z.enum(['0', '1', '']).default(''),
  BILLING_PROVIDER: z.enum(['local', 'stripe', 'none']).default('local'),
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_PUBLISHABLE_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_API_URL: z.string().url().optional(),
});

/** The vendor's main sign-in strategy (public auth strategies config, LOGIN-002..005). */
export type AuthStrategy = 'EmailAndPassword' | 'MagicLink' | 'Code' | 'SmsCode';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The origin the server is reached at (issuer of tokens, links in mail). */
  publicUrl: string;
  production: boolean;
  demoAdminEmail: string;
  demoAdminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  cookieSameSite: 'Strict' | 'Lax' | 'None';
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Largest accepted request body (bytes); larger gets 413. */
  bodyLimit: number;
  /** Requests per minute and client (IPv4 address or IPv6 /64) to the sign-in endpoints. */
  authRateLimitPerMinute: number;
  /** The vendor's main sign-in strategy; with DEV_ROUTES=1 `PUT /dev/auth-strategy` switches it. */
  authStrategy: AuthStrategy;
  /** Development routes (`/dev/*`: outboxes, test IdPs, strategy and flag switches): only with DEV_ROUTES=1, loopback peers only. */
  devRoutes: boolean;
  /**
   * The DNS servers domain validation asks (SSO-004), `ip` or `ip:port`; empty: the system's resolvers.
   */
  dnsServers: string[];
  /**
   * Outbound requests to customer-given URLs (SAML metadata, webhooks) may reach loopback, private,
   * link-local and metadata addresses, and plain http outside development (ALLOW_PRIVATE_NETWORK_FETCH=1):
   * for tests and self-hosters whose IdP is on their own network.
   */
  allowPrivateNetworkFetch: boolean;
  /** Exact origins of host pages on another origin (CORS, cookie-authenticated endpoints, embeds). */
  allowedOrigins: string[];
  /**
   * CIDR ranges (or addresses) of the reverse proxies in front of the server: only a peer in them may name the
   * client in `X-Forwarded-For` (proxy-addr). Empty: the client is the socket's peer.
   */
  trustedProxies: string[];
  /**
   * Budgets of codes and mails issued (account/issuance.ts), each kind apart: per account key (email, phone or
   * user id) and per client address, in fixed windows of `windowMs`.
   */
  issuanceLimits: { perAccount: number; perAddress: number; windowMs: number };
  /**
   * Which password policies a tenant may set for itself (else the vendor's value applies in every tenant):
   * complexity (the password rules), expiration (rotation) and history.
   */
  allowOverride: { passwordComplexity: boolean; passwordExpiration: boolean; passwordHistory: boolean };
  /** Personal and tenant API tokens (creation and exchange); off: those calls answer 403. */
  apiTokensEnabled: boolean;
  /** Exchanges of one API token's clientId per minute (besides the sign-in budget of the client's address). */
  apiTokenExchangesPerMinute: number;
  /** Longest wait for a request's head (request line and headers); then 408 and the socket is closed. */
  requestHeadTimeoutMs: number;
  /** Longest wait for a whole request (head and body); then 408 and the socket is closed. */
  requestTimeoutMs: number;
  /** Days an audit row is kept (older ones are deleted in batches, hourly and at start); 0 keeps them forever. */
  auditRetentionDays: number;
  /** Billing (issue 19): the payment provider and, for Stripe, its keys. Secrets never reach the browser. */
  billing: BillingConfig;
  /**
   * Connectivity (issue 21). `retryDelaysSeconds`: the waits before each retry of a failed delivery
   * (WEBHOOK_RETRY_DELAYS; each with ±20 % jitter); after the last, the delivery is failed. `slack`: a Slack
   * app (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET; SLACK_API_URL points elsewhere: a stand-in) for Slack's app
   * registration; without one, Slack channels are incoming-webhook URLs.
   */
  connectivity: {
    retryDelaysSeconds: number[];
    /**
     * How long a worker holds the deliveries it claimed (WEBHOOK_LOCK_SECONDS, default 60, at least 15: more
     * than a send's 10 s limit): a process that died with deliveries claimed leaves them to others after it.
     */
    lockSeconds?: number;
    slack?: { clientId: string; clientSecret: string; apiUrl: string };
  };
}

/**
 * `local`: the built-in provider (test cards, periods run by the server; the default, for demos, tests and
 * self-hosters without a card processor). `stripe`: Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY,
 * STRIPE_WEBHOOK_SECRET; STRIPE_API_URL points the SDK elsewhere: the tests' stand-in). `none`: no provider
 * (the billing calls answer 'Internal feature failure' / 'Payment provider not configured').
 */
export interface BillingConfig {
  provider: 'local' | 'stripe' | 'none';
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string };
}

/** `ALLOWED_ORIGINS`: comma-separated exact origins (scheme://host[:port]); anything else stops the start-up. */
function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let origin: string;
      try {
        origin = new URL(o).origin;
      } catch {
        origin = 'null';
      }
      if (origin === 'null' || origin !== o.replace(/\/+$/, ''))
        throw new Error(`Invalid server configuration: ALLOWED_ORIGINS: ${o} is not an origin`);
      return origin;
    });
}

/** `TRUSTED_PROXIES`: comma-separated CIDR ranges or addresses; anything else stops the start-up. */
function parseTrustedProxies(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (!isIpOrCidr(entry))
        throw new Error(
          `Invalid server configuration: TRUSTED_PROXIES: ${entry} is not an IP address or CIDR range`,
        );
      return entry;
    });
}

/** Reads the configuration from the environment; a bad value stops the start-up with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid server configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.DEV_ROUTES === '1' && !isLoopbackHost(e.HOST))
    throw new Error(
      `Invalid server configuration: DEV_ROUTES=1 (mail outbox, test identity providers) on HOST=${e.HOST}, which is not loopback; bind 127.0.0.1 or set DEV_ROUTES=0`,
    );
  if (e.DEV_ROUTES === '1' && e.NODE_ENV === 'production')
    throw new Error('Invalid server configuration: DEV_ROUTES=1 is refused with NODE_ENV=production');
  // Node's http server refuses a head timeout longer than the whole request's.
  if (
    e.BILLING_PROVIDER === 'stripe' &&
    !(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET)
  )
    throw new Error(
      'Invalid server configuration: BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  if (e.REQUEST_HEAD_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS)
    throw new Error(
      'Invalid server configuration: REQUEST_HEAD_TIMEOUT_MS is longer than REQUEST_TIMEOUT_MS',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    production: e.NODE_ENV === 'production',
    demoAdminEmail: e.DEMO_ADMIN_EMAIL,
    demoAdminPassword: e.DEMO_ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    cookieSameSite: e.COOKIE_SAME_SITE,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    bodyLimit: 1024 * 1024,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    authStrategy: e.AUTH_STRATEGY,
    devRoutes: e.DEV_ROUTES === '1',
    dnsServers: e.DNS_SERVERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    allowPrivateNetworkFetch: e.ALLOW_PRIVATE_NETWORK_FETCH === '1',
    allowedOrigins: parseOrigins(e.ALLOWED_ORIGINS),
    trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES),
    // 5 per account: room for retries, at most 25 guesses of a 6-digit code; 30 per address: a shared NAT.
    issuanceLimits: { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 },
    allowOverride: {
      passwordComplexity: e.ALLOW_OVERRIDE_PASSWORD_COMPLEXITY === '1',
      passwordExpiration: e.ALLOW_OVERRIDE_PASSWORD_EXPIRATION === '1',
      passwordHistory: e.ALLOW_OVERRIDE_PASSWORD_HISTORY === '1',
    },
    apiTokensEnabled: e.API_TOKENS_ENABLED === '1',
    apiTokenExchangesPerMinute: 20,
    requestHeadTimeoutMs: e.REQUEST_HEAD_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    billing: {
      provider: e.BILLING_PROVIDER,
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        apiUrl: e.STRIPE_API_URL,
      },
    },
    connectivity: {
      retryDelaysSeconds: e.WEBHOOK_RETRY_DELAYS,
      lockSeconds: e.WEBHOOK_LOCK_SECONDS,
      ...(e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET
        ? {
            slack: {
              clientId: e.SLACK_CLIENT_ID,
              clientSecret: e.SLACK_CLIENT_SECRET,
              apiUrl: e.SLACK_API_URL.replace(/\/+$/, ''),
            },
          }
        : {}),
    },
  };
}

/** A configuration for tests: in-memory database, fixed origin, a rate limit tests do not reach. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({ DATA_DIR: 'memory://', PUBLIC_URL: 'http://localhost:8080' });
  return { ...base, authRateLimitPerMinute: 100_000, devRoutes: true, ...overrides };
}
