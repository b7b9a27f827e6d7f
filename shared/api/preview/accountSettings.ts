// Account settings: bodies parsed with the account settings contract, answers in its shape.
import { accountSettingsContracts as asc } from '../contracts/accountSettings';
import { paths } from '../paths';
import { fail, find, type Json, merge, on, parseWith, type PreviewRoute, record } from './common';
import type { AccountSettings } from './sampleData';
import { scopedTenant } from './views';

const ACCOUNT_SETTINGS_FIELDS = [
  'name',
  'address',
  'website',
  'timezone',
  'dateFormat',
  'timeFormat',
  'currency',
  'logo',
] as const;

/** JSON with sorted keys and no undefined values: equal objects compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Json)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export const accountSettingsHandlers: PreviewRoute[] = [
  // Account settings
  // Another account's (a sub-account's token, TENANTS-011): read from its tenant record.
  on(paths.accountSettings.getSettings, (req) => {
    const { state } = req;
    const tenantId = scopedTenant(req);
    if (tenantId === state.accountSettings.tenantId) return state.accountSettings;
    const t = find(state.tenants, (x) => x.tenantId === tenantId && x.deletedAt === null, 'Tenant');
    const { address, timezone, dateFormat, timeFormat, currency, logo, hasCustomLogin } = t;
    return {
      id: `account-settings-${tenantId}`,
      tenantId,
      name: t.name,
      address,
      website: '',
      timezone,
      dateFormat,
      timeFormat,
      currency,
      logo,
      customLogin: null,
      hasCustomLogin,
    } satisfies AccountSettings;
  }),
  // Public: the preview is always signed in, so it answers the member's view (tenant, where the app lives,
  // the localisation), as the server does for a signed-in member.
  on(paths.accountSettings.getPublicSettings, ({ state }) => {
    const { tenantId, timezone, dateFormat, timeFormat, currency } = state.accountSettings;
    const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
    return {
      tenantId,
      applicationUrl: origin,
      loginUrl: `${origin}/account/login`,
      timezone,
      dateFormat,
      timeFormat,
      currency,
    };
  }),
  // No token needed: the sample account's look to its login box; any other tenant id gets the default look.
  on(paths.accountSettings.getPublicCustomLogin, ({ state, query }) => ({
    customLogin:
      query.get('tenantId') === state.accountSettings.tenantId
        ? (state.accountSettings.customLogin ?? null)
        : null,
  })),
  on(paths.accountSettings.updateSettings, ({ state, body }) => {
    const input = record(parseWith(asc.updateSettings.body, body));
    // The custom login box saved as it is fails, as on the server (TENANTS-007).
    if ('customLogin' in input) {
      const customLogin = input.customLogin === null ? null : record(input.customLogin);
      const current = state.accountSettings as unknown as Json;
      const othersChanged = ACCOUNT_SETTINGS_FIELDS.some(
        (key) => input[key] !== undefined && input[key] !== current[key],
      );
      if (!othersChanged && canonical(customLogin) === canonical(state.accountSettings.customLogin))
        throw fail(400, 'No changes to update');
      state.accountSettings.customLogin = customLogin;
      state.accountSettings.hasCustomLogin = customLogin !== null;
    }
    const settings = merge(state.accountSettings, input, ACCOUNT_SETTINGS_FIELDS);
    for (const tenant of state.tenants)
      if (tenant.tenantId === settings.tenantId) tenant.name = settings.name;
    return settings;
  }),
];
