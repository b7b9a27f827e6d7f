// The portal's configurable fields and tabs: read by the admin portal (appearance) and by the reference
// server (the default portal metadata it serves and the keys it accepts).

/** The fields of each page whose appearance a host may set (000 §2 pages and their fields). */
export const portalFields = {
  profile: ['name', 'phoneNumber', 'address', 'jobTitle'],
  privacy: ['loginSessions', 'mfa'],
  account: ['companyName', 'address', 'website', 'timezone', 'currency', 'dateFormat', 'timeFormat', 'logo'],
  security: [
    'idleSessionTimeout',
    'forceReLogin',
    'maximumConcurrentSessions',
    'mfa',
    'userLockout',
    'passwordHistory',
    'ipAddressRestrictions',
    'restrictSignupByEmailDomain',
  ],
} as const;

/** The tabs of each page whose appearance a host may set. */
export const portalTabs = {
  account: ['settings', 'customLogin'],
  security: ['sessionManagement', 'generalSettings', 'ipRestrictions', 'domainRestrictions'],
} as const;

/** Every `page.field` key of `portalFields`. */
export const portalFieldKeys: readonly string[] = Object.entries(portalFields).flatMap(([page, fields]) =>
  fields.map((field) => `${page}.${field}`),
);

/** Every `page.tab` key of `portalTabs`. */
export const portalTabKeys: readonly string[] = Object.entries(portalTabs).flatMap(([page, tabs]) =>
  tabs.map((tab) => `${page}.${tab}`),
);
