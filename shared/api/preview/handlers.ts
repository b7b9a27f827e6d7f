// The preview router: every family's table (`./<family>.ts`, named like shared/api/ and server/routes/), one
// list. A tiny router compiles each template once; the request's pathname is matched by suffix, so any base URL
// works.
import { type ApiPath, type HttpMethod } from '../paths';
import { fail, PreviewReply, type PreviewHandler, type PreviewRoute } from './common';
import { type SampleState } from './sampleData';
import { accountSettingsHandlers } from './accountSettings';
import { apiTokensHandlers } from './apiTokens';
import { applicationsHandlers } from './applications';
import { auditsHandlers } from './audits';
import { authHandlers } from './auth';
import { billingHandlers } from './billing';
import { captchaHandlers } from './captcha';
import { connectivityHandlers } from './connectivity';
import { directoryHandlers } from './directory';
import { flagsHandlers } from './flags';
import { groupsHandlers } from './groups';
import { impersonateHandlers } from './impersonate';
import { metadataHandlers } from './metadata';
import { mfaHandlers } from './mfa';
import { passwordlessHandlers } from './passwordless';
import { phoneHandlers } from './phone';
import { profileHandlers } from './profile';
import { rolesHandlers } from './roles';
import { securityCenterHandlers } from './securityCenter';
import { securityPolicyHandlers } from './securityPolicy';
import { sessionsHandlers } from './sessions';
import { signupHandlers } from './signup';
import { socialHandlers } from './social';
import { ssoHandlers } from './sso';
import { ssoConfigurationsHandlers } from './ssoConfigurations';
import { teamHandlers } from './team';
import { tenantsHandlers } from './tenants';
import { webauthnHandlers } from './webauthn';

export { fail, PreviewReply, parseWith, type PreviewHandler, type PreviewRequest } from './common';
export { LOGIN_FAILED_MESSAGE, WRONG_PASSWORD } from './auth';
export { CURRENT_PASSWORD_WRONG, PREVIEW_BAD_LINK_TOKEN } from './signup';
export { DEFAULT_INVITE_LINK_MINUTES } from './team';
export { previewFeatureFlags } from './flags';

export const NOT_FOUND_MESSAGE = 'Not found in preview data';

/** Every family's table. Order matters where two entries share a method and path: the first answers. */
export const previewRoutes: readonly PreviewRoute[] = [
  ...authHandlers,
  ...signupHandlers,
  ...profileHandlers,
  ...mfaHandlers,
  ...webauthnHandlers,
  ...phoneHandlers,
  ...tenantsHandlers,
  ...teamHandlers,
  ...applicationsHandlers,
  ...rolesHandlers,
  ...groupsHandlers,
  ...sessionsHandlers,
  ...apiTokensHandlers,
  ...securityPolicyHandlers,
  ...captchaHandlers,
  ...metadataHandlers,
  ...auditsHandlers,
  ...flagsHandlers,
  ...securityCenterHandlers,
  ...billingHandlers,
  ...accountSettingsHandlers,
  ...ssoHandlers,
  ...ssoConfigurationsHandlers,
  ...socialHandlers,
  ...passwordlessHandlers,
  ...impersonateHandlers,
  ...directoryHandlers,
  ...connectivityHandlers,
];

// ---------------------------------------------------------------------------------------------------------
// Router

interface CompiledRoute {
  route: ApiPath;
  regex: RegExp;
  names: string[];
  /** Literal characters of the template: the most specific route wins. */
  weight: number;
  handler: PreviewHandler;
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Template without its `?{query}` part and trailing slashes: `/a/b/`, `/a/b?{q}` → `/a/b`. */
const templatePath = (path: string): string => (path.split('?')[0] ?? '').replace(/\/+$/, '') || '/';

function compile(route: ApiPath, handler: PreviewHandler): CompiledRoute {
  const template = templatePath(route.path);
  const names: string[] = [];
  let weight = 0;
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (param) {
        names.push(param[1] ?? '');
        return '([^/]+)';
      }
      weight += part.length;
      return escapeRegExp(part);
    })
    .join('');
  // Any prefix (base URL path) may come before the known path.
  return { route, regex: new RegExp(`^(?:.*)${source}/*$`), names, weight, handler };
}

function compileAll(routes: ReadonlyArray<readonly [ApiPath, PreviewHandler]>): Map<string, CompiledRoute[]> {
  const byMethod = new Map<string, CompiledRoute[]>();
  const seen = new Set<string>();
  for (const [route, handler] of routes) {
    // Several table entries share a method and path (login and loginv2): the first handler answers them all.
    const key = `${route.method} ${templatePath(route.path)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byMethod.get(route.method) ?? [];
    list.push(compile(route, handler));
    byMethod.set(route.method, list);
  }
  for (const list of byMethod.values()) list.sort((a, b) => b.weight - a.weight);
  return byMethod;
}

const compiledRoutes = compileAll(previewRoutes);

export interface RouteMatch {
  route: ApiPath;
  params: Record<string, string>;
  handler: PreviewHandler;
}

/** The route answering `method pathname`, or null. */
export function matchRoute(method: string, pathname: string): RouteMatch | null {
  for (const compiled of compiledRoutes.get(method.toUpperCase()) ?? []) {
    const match = compiled.regex.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    compiled.names.forEach((name, index) => {
      const raw = match[index + 1] ?? '';
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        params[name] = raw;
      }
    });
    return { route: compiled.route, params, handler: compiled.handler };
  }
  return null;
}

export interface PreviewCall {
  state: SampleState;
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
  now?: Date;
}

/** Answers one call from the sample state; never throws. */
export function handlePreviewRequest(call: PreviewCall): PreviewReply {
  const method = call.method.toUpperCase() as HttpMethod;
  const match = matchRoute(method, call.url.pathname);
  if (!match) return fail(404, NOT_FOUND_MESSAGE);
  try {
    const result = match.handler({
      state: call.state,
      method,
      params: match.params,
      query: call.url.searchParams,
      body: call.body,
      headers: call.headers,
      now: call.now ?? new Date(),
    });
    return result instanceof PreviewReply ? result : new PreviewReply(200, result ?? {});
  } catch (error) {
    if (error instanceof PreviewReply) return error;
    return fail(500, error instanceof Error ? error.message : String(error));
  }
}
