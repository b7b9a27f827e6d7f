import { paths } from '../../shared/api/paths';
import { hostedLoginPage } from '../hosted/page';
import { escapeHtml, htmlDocument, type PageContext } from '../html';

/** Not in the paths table (the elements never call it: they navigate to it). */
export const AUTHORIZE_PATH = '/oauth/authorize';

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The hand-over from the hosted page to the authorization request. It runs before the login box loads:
 * - `prompt=login`: ends the browser's identity session first, so the login box shows its form;
 * - otherwise, when the identity session (refresh cookie) is live: trades it for an access token and posts
 *   the authorization request with it to POST /oauth/authorize, which sets the hosted cookie and answers
 *   the redirect with the code;
 * - else loads the login box with `authenticatedUrl` = this authorize URL without `prompt`, so its
 *   redirect after sign-in (200 ms) reloads this page, and the hand-over above succeeds.
 */
function bridgeScript(loginBoxSrc: string): string {
  const config = {
    loginBox: loginBoxSrc,
    refresh: paths.auth.refreshToken.path,
    logout: paths.auth.logout.path,
    authorize: AUTHORIZE_PATH,
  };
  return `
const config = ${scriptJson(config)};
const query = new URLSearchParams(location.search);
const again = new URLSearchParams(query);
again.delete('prompt');
const post = (url, body, headers = {}) =>
  fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
async function handOver() {
  const refreshed = await post(config.refresh, {});
  if (!refreshed.ok) return false;
  const { accessToken } = await refreshed.json();
  const answer = await post(config.authorize, Object.fromEntries(again), { authorization: 'Bearer ' + accessToken });
  if (!answer.ok) return false;
  location.replace((await answer.json()).redirectTo);
  return true;
}
let handedOver = false;
if (query.get('prompt') === 'login') await post(config.logout, {}).catch(() => undefined);
else handedOver = await handOver().catch(() => false);
if (!handedOver) {
  const box = document.querySelector('fe-login-box');
  box.setAttribute('routes', JSON.stringify({ authenticatedUrl: config.authorize + '?' + again }));
  await import(config.loginBox);
}
`;
}

/** The hosted login page of /oauth/authorize: the /account/* page whose login box loads after the hand-over. */
export function authorizePage(context: PageContext): string {
  const page = hostedLoginPage(context);
  const eager = /<script nonce="[^"]*" type="module" src="([^"]+)"><\/script>\s*/.exec(page);
  if (!eager?.[1]) throw new Error('hostedLoginPage has no login-box module script to defer');
  const nonce = escapeHtml(context.nonce);
  return page
    .replace(eager[0], '')
    .replace(
      '</body>',
      () => `<script nonce="${nonce}" type="module">${bridgeScript(eager[1]!)}</script>\n  </body>`,
    );
}

/** A plain page: OAuth errors that must not redirect, and the signed-out page. */
export function messagePage(title: string, message: string): string {
  return htmlDocument({
    title,
    head: '<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f5f7;font-family:system-ui,sans-serif}main{max-width:32rem;padding:2rem;background:#fff;border-radius:8px}</style>',
    body: `<main>
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(message)}</p>
    </main>`,
  });
}
