// Account settings of the signed-in user's tenant (TENANTS-004..008), with its custom login box.
import type { z } from 'zod';
import { adminPortalApi, type ApiClient } from './client';
import type { accountSettingsContracts as c, customLogin } from './contracts/accountSettings';
import type { AnswerOf, BodyOf } from './contracts/contract';
import { paths } from './paths';

/** How the account's own sign-in page looks (the customLogin tab, TENANTS-006). */
export type CustomLogin = z.infer<typeof customLogin>;

/** Account settings (TENANTS-004: address, timezone, dateFormat, timeFormat, currency, logo, tenantId, name). */
export type AccountSettings = AnswerOf<typeof c.getSettings>;

/** A change of the settings: only the fields given change. */
export type AccountSettingsUpdate = BodyOf<typeof c.updateSettings>;

/** The formats the account page offers (the contract accepts the same lists). */
export { DATE_FORMATS, TIME_FORMATS } from './formats';

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
      client.request<AnswerOf<typeof c.getPublicCustomLogin>>(paths.accountSettings.getPublicCustomLogin, {
        query: { tenantId },
      }),
  };
}

export const accountSettingsApi = createAccountSettingsApi(adminPortalApi);
