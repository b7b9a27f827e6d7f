// The server's own HTML pages: the hosted login box and the demo portal app.
import { ADMIN_BOX_CDN_VERSION } from '../../shared/options/cdn';
import { escapeHtml, htmlDocument, type PageContext } from '../html';

/** The hosted login page: `<fe-login-box>` served by the server itself, at every /account/* route. */
export function hostedLoginPage({ baseUrl, nonce }: PageContext, title = 'Sign in'): string {
  return htmlDocument({
    title,
    head: `<script nonce="${escapeHtml(nonce)}" type="module" src="/cdn/${ADMIN_BOX_CDN_VERSION}/login-box/index.js"></script>
    <style>body{margin:0;background:#f4f5f7;font-family:system-ui,sans-serif}fe-login-box::part(backdrop){min-height:100vh}</style>`,
    body: `<fe-login-box base-url="${escapeHtml(baseUrl)}" lazy></fe-login-box>`,
  });
}

/** The demo app at `/`: the portal of the signed-in user, against this server (not preview). */
export function hostedAppPage({ baseUrl, nonce }: PageContext): string {
  return htmlDocument({
    title: 'fe-elements · Acme',
    head: `<script nonce="${escapeHtml(nonce)}" type="module" src="/cdn/${ADMIN_BOX_CDN_VERSION}/admin-portal/index.js"></script>
    <style>
      body{margin:0;font-family:system-ui,sans-serif;background:#f4f5f7;color:#1a1a1a}
      header{display:flex;gap:16px;align-items:center;padding:12px 32px;background:#1f2937;color:#fff}
      header a{color:#fff}
      main{padding:24px 32px}
    </style>`,
    body: `<header>
      <strong>Acme</strong>
      <a href="/account/login">Sign in</a>
      <a href="/account/logout">Sign out</a>
      <a href="/examples/vanilla/">Preview example</a>
    </header>
    <main><fe-admin-portal base-url="${escapeHtml(baseUrl)}" navigation="${escapeHtml(DEMO_NAVIGATION)}" entitlements="${escapeHtml(DEMO_ENTITLEMENTS)}"></fe-admin-portal></main>`,
  });
}

/**
 * The demo app shows the roles, groups, API tokens, SSO, provisioning, subscriptions, usage and webhooks pages
 * (hidden by default, ROUTE-022/023/025/026/036) to whoever may read them. Provisioning also needs the plan's feature
 * `scim-provisioning` (Enterprise): with entitlements on, a plan change shows or hides the entry at once.
 */
const DEMO_NAVIGATION = JSON.stringify({
  roles: { visibility: 'byPermissions' },
  groups: { visibility: 'byPermissions' },
  personalApiTokens: { visibility: 'byPermissions' },
  apiTokens: { visibility: 'byPermissions' },
  sso: { visibility: 'byPermissions' },
  provisioning: { visibility: 'byPermissions', feature: 'scim-provisioning' },
  subscriptions: { visibility: 'byPermissions' },
  usage: { visibility: 'byPermissions' },
  webhooks: { visibility: 'byPermissions' },
});

/** Entitlements on (the seed turns their flag `fe-entitlements` on): entries gated by a feature follow the plan. */
const DEMO_ENTITLEMENTS = JSON.stringify({ enabled: true });
