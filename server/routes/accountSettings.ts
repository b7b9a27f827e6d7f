// Account settings of the caller's tenant (TENANTS-004..008): company name, address, website, localisation,
// logo, and the account's custom login box (TENANTS-006/007), saved with the same PUT; the box's look is also
// answered publicly, to the login box of the account's users.
import { eq } from 'drizzle-orm';
import { type Context } from 'hono';
import { z } from 'zod';
import { accountSettingsContracts as asc } from '../../shared/api/contracts/accountSettings';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { paths } from '../../shared/api/paths';
import { apiError, caller, readBody, type AppEnv } from '../context';
import { tenants } from '../db/schema';
import { addressPasses } from '../ipRestrictions';
import { MAX_IMAGE_DATA_URL, parseDataImage } from '../images/dataImage';
import { tenantPermissions } from '../middleware/authorize';
import { findTenant, type TenantRow } from '../tenants/tenants';
import { endpoint, publicEndpoint, type Endpoint, defineFamily } from './endpoints';

/** Routes of the account page, with the permission each requires. */
export const accountSettingsEndpointsByName = {
  getSettings: endpoint(paths.accountSettings.getSettings, 'fe.secure.read.accountSettings'),
  updateSettings: endpoint(
    paths.accountSettings.updateSettings,
    'fe.secure.write.accountSettings',
    'also saves the custom login box (customLogin)',
  ),
  // Public (Frontegg's IPublicSettingsResponse): the tenant, where the application and its login live; the
  // localisation of the account only to an enabled member of the token's tenant.
  getPublicSettings: publicEndpoint(
    paths.accountSettings.getPublicSettings,
    "localisation only to an enabled member of the token's tenant",
  ),
  getPublicCustomLogin: publicEndpoint(
    paths.accountSettings.getPublicCustomLogin,
    'the look of the login box only; an unknown account answers the default',
  ),
} as const;

export const accountSettingsEndpoints: Endpoint[] = Object.values(accountSettingsEndpointsByName);

// ---------------------------------------------------------------------------------------------------------
// Images: https URLs, or raster data images (server/images/dataImage.ts)

function isUrl(value: string, protocols: string[]): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && !url.username && !url.password && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A logo or background: an https URL or a raster data image. */
const imageField = (name: string) =>
  z
    .string()
    .max(MAX_IMAGE_DATA_URL)
    .refine(
      (v) => (v.startsWith('data:') ? parseDataImage(v) !== null : isUrl(v, ['https:'])),
      `${name} must be an https URL or a base64 PNG, JPEG, GIF or WebP image (at most 512 KiB)`,
    );

// ---------------------------------------------------------------------------------------------------------
// Bodies

// UTC is not in Intl's list (it lists zones, UTC is an alias) but is every tenant's default.
const timeZones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
const currencies = new Set(Intl.supportedValuesOf('currency'));

/** The account's custom login box (the contract's), its images checked byte by byte. */
const customLoginSchema = asc.updateSettings.body.shape.customLogin
  .unwrap()
  .unwrap()
  .extend({
    logo: imageField('customLogin.logo').optional(),
    backgroundImage: imageField('customLogin.backgroundImage').optional(),
  });

/** The contract's body, narrowed: real URLs, zones, currencies and images. */
const settingsBody = asc.updateSettings.body.extend({
  website: z
    .string()
    .trim()
    .refine((v) => v === '' || isUrl(v, ['http:', 'https:']), 'website must be an http or https URL')
    .optional(),
  timezone: z
    .string()
    .refine((v) => timeZones.has(v), 'timezone must be an IANA time zone such as Europe/London')
    .optional(),
  currency: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => currencies.has(v), 'currency must be an ISO 4217 code such as USD')
    .optional(),
  logo: z
    .union([z.literal(''), imageField('logo')], {
      error: 'logo must be an https URL or a base64 PNG, JPEG, GIF or WebP image (at most 512 KiB)',
    })
    .optional(),
  customLogin: customLoginSchema.nullable().optional(),
});

/** JSON with sorted keys: two equal objects compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** The settings as the API answers them (TENANTS-004). */
const settingsView = (t: TenantRow): AnswerOf<typeof asc.getSettings> => ({
  id: t.id,
  tenantId: t.id,
  name: t.name,
  address: t.address,
  website: t.website,
  timezone: t.timezone,
  dateFormat: t.dateFormat,
  timeFormat: t.timeFormat,
  currency: t.currency,
  logo: t.logo,
  hasCustomLogin: t.customLogin !== null,
  customLogin: publicCustomLogin(t.customLogin),
});

/** A saved custom login box as the public call answers it: its look only, null when it does not read as one. */
const publicCustomLogin = (value: unknown) => {
  const parsed = customLoginSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The localisation of an account, for its members. */
const localisation = (t: TenantRow) => ({
  timezone: t.timezone,
  dateFormat: t.dateFormat,
  timeFormat: t.timeFormat,
  currency: t.currency,
});

// ---------------------------------------------------------------------------------------------------------
// Routes

/** Account settings of the caller's tenant (the token's tenant, never one named in the request). */
export const accountSettingsRoutes = defineFamily(accountSettingsEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;

  async function tenantOf(tenantId: string) {
    const row = await findTenant(db, vendorId, tenantId);
    if (!row) throw apiError(404, 'Account not found');
    return row;
  }

  on(e.getSettings, async (c) => c.json(settingsView(await tenantOf(c.get('auth').tenantId))));

  /**
   * The token's tenant when the caller is an enabled member of it (a valid token) and its IP restrictions let
   * the client's address in, else null.
   */
  async function memberTenant(c: Context<AppEnv>): Promise<string | null> {
    const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return null;
    try {
      const claims = await services.tokens.verify(token);
      if (!(await addressPasses(db, claims.tenantId, caller(c).ipAddress))) return null;
      // An enabled membership of the token's tenant (null for a disabled or former member).
      return (await tenantPermissions(db, claims.sub, claims.tenantId)) ? claims.tenantId : null;
    } catch {
      return null;
    }
  }

  // Public: before sign-in the tenant is the one the caller names (echoed, nothing looked up: the answer tells
  // nothing about which ids exist); a signed-in member gets their own tenant with its localisation.
  on(e.getPublicSettings, async (c) => {
    c.header('Cache-Control', 'no-store');
    const where = {
      applicationUrl: services.config.publicUrl,
      loginUrl: `${services.config.publicUrl}/account/login`,
    };
    const member = await memberTenant(c);
    if (member) {
      const tenant = await tenantOf(member);
      return c.json({ tenantId: tenant.id, ...where, ...localisation(tenant) } satisfies AnswerOf<
        typeof asc.getPublicSettings
      >);
    }
    const named = c.req.query('tenantId') ?? '';
    return c.json({ tenantId: named.length <= 100 ? named : '', ...where } satisfies AnswerOf<
      typeof asc.getPublicSettings
    >);
  });

  // Public (no token): the login box of an account's users shows its look before anyone signs in. Only the
  // look is answered (never the name, address or website); an unknown, deleted or malformed tenant id gets the
  // default look, the same answer as an account without one, so the call tells nothing about which ids exist.
  on(e.getPublicCustomLogin, async (c) => {
    c.header('Cache-Control', 'no-store');
    const tenantId = c.req.query('tenantId') ?? '';
    if (!tenantId || tenantId.length > 100) return c.json({ customLogin: null });
    const row = await findTenant(db, vendorId, tenantId);
    return c.json({ customLogin: publicCustomLogin(row?.customLogin) });
  });

  on(e.updateSettings, async (c) => {
    const tenant = await tenantOf(c.get('auth').tenantId);
    const body = await readBody(c, settingsBody);
    const changes: Partial<typeof tenants.$inferInsert> = {};
    const plain = ['name', 'address', 'website', 'timezone', 'dateFormat', 'timeFormat', 'currency', 'logo'];
    for (const key of plain as (keyof typeof body & keyof TenantRow)[]) {
      const value = body[key];
      if (value !== undefined && value !== tenant[key]) Object.assign(changes, { [key]: value });
    }
    if (body.customLogin !== undefined && canonical(body.customLogin) !== canonical(tenant.customLogin))
      changes.customLogin = body.customLogin;
    // Saving the custom login box as it is fails (TENANTS-007).
    if (body.customLogin !== undefined && !Object.keys(changes).length)
      throw apiError(400, 'No changes to update');
    if (!Object.keys(changes).length) return c.json(settingsView(tenant));
    const [row] = await db.update(tenants).set(changes).where(eq(tenants.id, tenant.id)).returning();
    await c.var.audit({
      action: 'Account settings updated',
      json: { fields: Object.keys(changes) },
    });
    return c.json(settingsView(row!));
  });
});
