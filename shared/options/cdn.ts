/**
 * The version folder the CDN serves the element scripts under (SHELL-011): `/cdn/6.187.0/login-box/index.js`
 * (SHELL-012), `/cdn/6.187.0/admin-portal/index.js` (SHELL-013), and so on for each element.
 */
export const ADMIN_BOX_CDN_VERSION = '6.187.0';
