// Account settings of a tenant (TENANTS-004..008) with its custom login box, on the `accountSettings` group
// of the paths table.
import { z } from 'zod';
import { DATE_FORMATS, TIME_FORMATS } from '../formats';
import { paths } from '../paths';
import { contract } from './contract';
import { id } from './common';

/** Formats the account page offers (moment-style tokens, as the elements format dates with). */
export const dateFormat = z.enum(DATE_FORMATS, {
  error: `dateFormat must be one of ${DATE_FORMATS.join(', ')}`,
});
export const timeFormat = z.enum(TIME_FORMATS, {
  error: `timeFormat must be one of ${TIME_FORMATS.join(', ')}`,
});

const hexColor = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #5B8DEF');

/** How the account's own sign-in page looks (the customLogin tab, TENANTS-006). */
export const customLogin = z.strictObject({
  title: z.string().trim().max(200).optional(),
  subtitle: z.string().trim().max(500).optional(),
  /** An https URL or a raster data image (the server checks the bytes). */
  logo: z.string().max(800_000).optional(),
  backgroundImage: z.string().max(800_000).optional(),
  primaryColor: hexColor.optional(),
  backgroundColor: hexColor.optional(),
  themeMode: z.enum(['light', 'dark']).optional(),
});

/** Account settings (TENANTS-004), Frontegg's ISettingsResponse with our website and custom login box. */
export const accountSettings = z.object({
  id,
  tenantId: z.string(),
  name: z.string(),
  address: z.string(),
  website: z.string(),
  timezone: z.string(),
  dateFormat: z.string(),
  timeFormat: z.string(),
  currency: z.string(),
  logo: z.string(),
  applicationUrl: z.string().optional(),
  loginUrl: z.string().optional(),
  hasCustomLogin: z.boolean(),
  customLogin: customLogin.nullable(),
});

/**
 * The public settings (Frontegg's IPublicSettingsResponse), answered without sign-in: the tenant (the token's;
 * before sign-in the one the caller named), where the application and its login live. The localisation
 * only to a signed-in member of the tenant.
 */
export const publicSettings = accountSettings
  .pick({
    applicationUrl: true,
    loginUrl: true,
    timezone: true,
    dateFormat: true,
    timeFormat: true,
    currency: true,
  })
  .partial()
  .extend({ tenantId: z.string() });

/** A change of the settings: only the fields given change. */
export const settingsUpdate = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(200).optional(),
  address: z.string().trim().max(500).optional(),
  website: z.string().trim().max(2048).optional(),
  timezone: z.string().max(100).optional(),
  dateFormat: dateFormat.optional(),
  timeFormat: timeFormat.optional(),
  currency: z.string().max(10).optional(),
  logo: z.string().max(800_000).optional(),
  customLogin: customLogin.nullable().optional(),
});

export const accountSettingsContracts = {
  getSettings: contract({ route: paths.accountSettings.getSettings, response: accountSettings }),
  updateSettings: contract({
    route: paths.accountSettings.updateSettings,
    body: settingsUpdate,
    response: accountSettings,
  }),
  getPublicSettings: contract({
    route: paths.accountSettings.getPublicSettings,
    query: z.object({ tenantId: z.string().optional() }),
    response: publicSettings,
  }),
  getPublicCustomLogin: contract({
    route: paths.accountSettings.getPublicCustomLogin,
    query: z.object({ tenantId: z.string().optional() }),
    response: z.object({ customLogin: customLogin.nullable() }),
  }),
} as const;
