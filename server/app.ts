import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { ADMIN_BOX_CDN_VERSION } from '../shared/options/cdn';
import { auditContext } from './audit/request';
import { apiError, type AppEnv, type Services } from './context';
import { clientAddress } from './middleware/client-address';
import { cors, publicScripts } from './middleware/cors';
import { prefixedCookies, routingPath } from './middleware/frontegg-prefix';
import { inputText } from './middleware/input-text';
import { unknownSignInPath } from './middleware/rate-limit/signIn';
import { securityHeaders, trustedHtmlFiles } from './middleware/security-headers';
import { accountPoliciesRoutes } from './routes/account/policies';
import { accountProfileRoutes } from './routes/account/profile';
import { accountSessionsRoutes } from './routes/account/sessions';
import { accountStrategiesRoutes } from './routes/account/strategies';
import { accountTenantsRoutes } from './routes/account/tenants';
import { accountSettingsRoutes } from './routes/accountSettings';
import { applicationsRoutes } from './routes/applications';
import { auditsRoutes } from './routes/audits';
import { billingRoutes } from './routes/billing';
import { stripeWebhookRoutes } from './routes/stripeWebhook';
import { authRoutes } from './routes/auth';
import { flagsRoutes } from './routes/flags';
import { groupsRoutes } from './routes/groups';
import { hostedRoutes } from './routes/hosted';
import { impersonateRoutes } from './routes/impersonate';
import { ipRestrictionsRoutes } from './routes/ipRestrictions';
import { securityCenterRoutes } from './routes/securityCenter';
import { apiTokenExchangeRoutes, apiTokensRoutes } from './routes/apiTokens';
import { ssoConfigurationsRoutes } from './routes/ssoConfigurations';
import { domainRestrictionsDevRoutes, domainRestrictionsRoutes } from './routes/domainRestrictions';
import { metadataRoutes } from './routes/metadata';
import { mfaLoginRoutes } from './routes/mfaLogin';
import { mfaProfileRoutes } from './routes/mfaProfile';
import { oauthRoutes } from './routes/oauth';
import { passwordlessDevRoutes, passwordlessRoutes } from './routes/passwordless';
import { phoneRoutes } from './routes/phone';
import { profileRoutes } from './routes/profile';
import { securityPolicyRoutes } from './routes/securityPolicy';
import { captchaRoutes } from './routes/captcha';
import { rolesRoutes } from './routes/roles';
import { signupRoutes } from './routes/signup';
import { stepUpRoutes } from './routes/stepup';
import { teamRoutes } from './routes/team';
import { socialDevRoutes, socialRoutes } from './routes/social';
import { ssoDevRoutes, ssoRoutes } from './routes/sso';
import { mfaWebauthnRoutes } from './routes/mfaWebauthn';
import { webauthnDevRoutes, webauthnRoutes } from './routes/webauthn';
import { devRoutes } from './routes/dev';
import { directoryRoutes } from './routes/directory';
import { scimRoutes } from './routes/scim';
import { hierarchyRoutes } from './routes/hierarchy';
import { subTenantUsersRoutes } from './routes/subTenantUsers';
import { connectivityRoutes } from './routes/connectivity';
import { uncountedPaths, type SubApp } from './routes/endpoints';
import { log } from './log';

export interface AppDeps extends Services {
  /** Folder holding dist/ and examples/ (the repository root). */
  root: string;
}

/** The reference server: the API the elements call, the built elements (as a CDN would) and the examples. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { root, config, tokens } = deps;
  // Every path also answers under `/frontegg/` (the default `urlPrefix` of Frontegg's client): same routes.
  const app = new Hono<AppEnv>({ getPath: routingPath });

  // The cookies of an answer under `/frontegg/` are scoped under it too (last to touch the answer).
  app.use('*', prefixedCookies);
  // Who the client is (the socket's peer, or the client a TRUSTED_PROXIES peer names), before anything reads it.
  app.use('*', clientAddress(config.trustedProxies));
  // First, so that every answer (errors and 413s included) carries them. The hosted pages take credentials and are
  // never framed (clickjacking); the examples are host pages, framed by the configured host origins only.
  app.use(
    '*',
    securityHeaders({
      publicUrl: config.publicUrl,
      frameAncestors: (path) => (path.startsWith('/examples/') ? config.allowedOrigins : []),
    }),
  );
  // Host pages on ALLOWED_ORIGINS call the API with credentials; the built scripts are public to any origin.
  app.use('*', cors(config, { skip: (path) => path.startsWith('/cdn/') }));
  app.use('/cdn/*', publicScripts);
  app.use(
    '*',
    bodyLimit({
      maxSize: config.bodyLimit,
      onError: () => Promise.reject(apiError(413, 'Error request is too large')),
    }),
  );
  // Before any route, after the body limit (it reads the body): NUL and lone surrogates never reach the database.
  app.use('*', inputText);
  app.use('*', auditContext(deps));
  app.get('/health', (c) => c.json({ status: 'ok' }));
  // Browsers ask every origin for a favicon: "none" answered plainly, not a 404 in every host's console.
  app.get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': 'public, max-age=86400' }));
  app.get('/.well-known/jwks.json', (c) => c.json(tokens.jwks()));

  // Each family's sub-app at its common path prefix; its endpoint table states the regime and the budget of
  // every route (routes/endpoints.ts).
  const families: SubApp[] = [
    authRoutes(deps),
    mfaLoginRoutes(deps),
    mfaProfileRoutes(deps),
    stepUpRoutes(deps),
    passwordlessRoutes(deps),
    passwordlessDevRoutes(deps),
    phoneRoutes(deps),
    impersonateRoutes(deps),
    signupRoutes(deps),
    accountProfileRoutes(deps),
    accountTenantsRoutes(deps),
    accountSessionsRoutes(deps),
    accountPoliciesRoutes(deps),
    accountStrategiesRoutes(deps),
    oauthRoutes(deps),
    flagsRoutes(deps),
    metadataRoutes(deps),
    ssoRoutes(deps),
    ssoDevRoutes(deps),
    socialRoutes(deps),
    socialDevRoutes(deps),
    mfaWebauthnRoutes(deps),
    webauthnRoutes(deps),
    webauthnDevRoutes(deps),
    devRoutes(deps),
    rolesRoutes(deps),
    groupsRoutes(deps),
    accountSettingsRoutes(deps),
    profileRoutes(deps),
    teamRoutes(deps),
    applicationsRoutes(deps),
    securityPolicyRoutes(deps),
    captchaRoutes(deps),
    ipRestrictionsRoutes(deps),
    domainRestrictionsRoutes(deps),
    domainRestrictionsDevRoutes(deps),
    apiTokensRoutes(deps),
    apiTokenExchangeRoutes(deps),
    auditsRoutes(deps),
    securityCenterRoutes(deps),
    ssoConfigurationsRoutes(deps),
    directoryRoutes(deps),
    scimRoutes(deps),
    billingRoutes(deps),
    stripeWebhookRoutes(deps),
    hierarchyRoutes(deps),
    subTenantUsersRoutes(deps),
    connectivityRoutes(deps),
  ];
  // A family whose paths share no root (e.g. `/identity/...` and `/team/...`) mounts at `/`.
  for (const family of families) app.route(family.prefix || '/', family.app);

  app.route('/', hostedRoutes(deps));
  // The browser bundles, as a CDN would serve them: /cdn/<version>/login-box/index.js, ...
  const cdnPrefix = `/cdn/${ADMIN_BOX_CDN_VERSION}`;
  app.use(
    `${cdnPrefix}/*`,
    serveStatic({ root, rewriteRequestPath: (path) => path.replace(cdnPrefix, '/dist/cdn') }),
  );
  app.use('/dist/*', serveStatic({ root }));
  // The example pages are repository files: their scripts get the request's CSP nonce; the rest is static.
  app.use('/examples/*', trustedHtmlFiles(root, 'examples'));
  app.use('/examples/*', serveStatic({ root }));

  // An unknown path under a sign-in prefix (a variant of a sign-in path) still counts against the budget.
  const countUnknown = unknownSignInPath(deps, uncountedPaths(families));
  app.notFound(async (c) => {
    await countUnknown(c);
    return apiError(404, 'Not found').getResponse();
  });
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    // Never a stack trace or SQL text in an answer; the log keeps the detail (the route pattern, not its values).
    log.error({ err: error, method: c.req.method, route: c.req.routePath }, 'request failed');
    return apiError(500, 'Internal server error').getResponse();
  });
  return app;
}
