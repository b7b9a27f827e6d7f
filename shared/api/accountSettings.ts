// Account settings of the signed-in user's tenant (TENANTS-004..008), with its custom login box.
import { adminPortalApi, type ApiClient } from './client';
import { paths } from './paths';

/** How the account's own sign-in page looks (the customLogin tab, TENANTS-006). */
export interface CustomLogin {
  title?: string;
  subtitle?: string;
  logo?: string;
  backgroundImage?: string;
  primaryColor?: string;
  backgroundColor?: string;
  themeMode?: 'light' | 'dark';
}

/** Account settings (TENANTS-004: address, timezone, dateFormat, timeFormat, currency, logo, tenantId, name). */
export interface AccountSettings {
  id?: string;
  tenantId: string;
  name: string;
  address: string;
  website?: string;
  timezone: string;
  dateFormat: string;
  timeFormat: string;
  currency: string;
  logo: string;
  hasCustomLogin?: boolean;
  customLogin?: CustomLogin | null;
  [key: string]: unknown;
}

export type AccountSettingsUpdate = Partial<
  Pick<
    AccountSettings,
    'name' | 'address' | 'website' | 'timezone' | 'dateFormat' | 'timeFormat' | 'currency' | 'logo'
  >
> & { customLogin?: CustomLogin | null };

/** The formats the account page offers (moment-style tokens; the server accepts the same lists). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY', 'DD-MM-YYYY'] as const;
export const TIME_FORMATS = ['HH:mm', 'hh:mm A', 'HH:mm:ss', 'hh:mm:ss A'] as const;

/** The answer of a custom login box saved without a change (TENANTS-007). */
export const NO_CHANGES_TO_UPDATE = 'No changes to update';

export function createAccountSettingsApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET account-settings/v1. */
    getSettings: () => client.request<AccountSettings>(paths.accountSettings.getSettings),
    /** PUT account-settings/v1 (only the fields given change). */
    updateSettings: (body: AccountSettingsUpdate) =>
      client.request<AccountSettings>(paths.accountSettings.updateSettings, { body }),
    /** The look of an account's login box, before sign-in (public; an unknown account answers null). */
    getPublicCustomLogin: (tenantId: string) =>
      client.request<{ customLogin: CustomLogin | null }>(paths.accountSettings.getPublicCustomLogin, {
        query: { tenantId },
      }),
  };
}

export const accountSettingsApi = createAccountSettingsApi(adminPortalApi);
