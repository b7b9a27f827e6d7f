/** The version folder the CDN serves the element scripts under (SHELL-011). */
export const ADMIN_BOX_CDN_VERSION = '6.187.0';

/** The CDN paths of the element scripts (SHELL-012, SHELL-013). */
export const cdnScriptPaths = {
  loginBox: 'login-box/index.js',
  adminPortal: 'admin-portal/index.js',
  checkout: 'checkout/index.js',
  securityCenter: 'security-center/index.js',
  classic: 'fe-elements.js',
} as const;

/** `<cdn origin>/cdn/<version>/<script path>`. */
export function cdnScriptUrl(origin: string, script: keyof typeof cdnScriptPaths): string {
  return `${origin.replace(/\/+$/, '')}/cdn/${ADMIN_BOX_CDN_VERSION}/${cdnScriptPaths[script]}`;
}
