/** fe-elements: every element, and the page-level API. */
import './elements/app/scripts';
export { FeLoginBoxElement } from './elements/login-box/index';
export { FeAdminPortalElement } from './elements/admin-portal/index';
export { FeCheckoutElement } from './elements/checkout/index';
export { FeSecurityCenterElement } from './elements/security-center/index';
export { configure, getApp } from './shared/options/configure';
export { setTheme } from './shared/element/themeSetter';
export { stepUp } from './shared/auth/stepUpRequest';
export type { HostOptions, HostOptionsInput } from './shared/options/options';
export type { ThemeInput } from './themes/types';
