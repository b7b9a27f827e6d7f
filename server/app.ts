import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { paths } from '../shared/api/paths';
import { ADMIN_BOX_CDN_VERSION } from '../shared/options/cdn';
import { apiError, type AppEnv, type Services } from './context';
import { readOutbox } from './mail/mailer';
import { readSmsOutbox } from './sms/sms';
import { cors, publicScripts } from './middleware/cors';
import { prefixedCookies, routingPath } from './middleware/frontegg-prefix';
import { devOnly } from './middleware/dev-only';
import { inputText } from './middleware/input-text';
import { rateLimit } from './middleware/rate-limit';
import { securityHeaders, trustedHtmlFiles } from './middleware/security-headers';
import { accountRoutes } from './routes/account';
import { accountSettingsRoutes } from './routes/accountSettings';
import { applicationsRoutes } from './routes/applications';
import { authRoutes } from './routes/auth';
import { flagsRoutes } from './routes/flags';
import { groupsRoutes } from './routes/groups';
import { hostedRoutes } from './routes/hosted';
import { impersonateRoutes } from './routes/impersonate';
import { metadataRoutes } from './routes/metadata';
import { mfaRoutes } from './routes/mfa';
import { oauthRoutes } from './routes/oauth';
import { passwordlessRoutes } from './routes/passwordless';
import { phoneRoutes } from './routes/phone';
import { profileRoutes } from './routes/profile';
import { securityPolicyRoutes } from './routes/securityPolicy';
import { rolesRoutes } from './routes/roles';
import { signupRoutes } from './routes/signup';
import { stepUpRoutes } from './routes/stepup';
import { teamRoutes } from './routes/team';
import { socialRoutes } from './routes/social';
import { ssoRoutes } from './routes/sso';
import { mfaWebauthnRoutes } from './routes/mfaWebauthn';
import { webauthnRoutes } from './routes/webauthn';
import { log } from './log';

export interface AppDeps extends Services {
  /** Folder holding dist/ and examples/ (the repository root). */
  root: string;
}

/** The reference server: the API the elements call, the built elements (as a CDN would) and the examples. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { root, config, db, tokens } = deps;
  // Every path also answers under `/frontegg/` (the default `urlPrefix` of Frontegg's client): same routes.
  const app = new Hono<AppEnv>({ getPath: routingPath });

  // The cookies of an answer under `/frontegg/` are scoped under it too (last to touch the answer).
  app.use('*', prefixedCookies);
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
  app.get('/health', (c) => c.json({ status: 'ok' }));
  // Browsers ask every origin for a favicon: "none" answered plainly, not a 404 in every host's console.
  app.get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': 'public, max-age=86400' }));
  app.get('/.well-known/jwks.json', (c) => c.json(tokens.jwks()));

  // Every sign-in endpoint shares one budget per client: path variants and spoofed headers do not escape it.
  // Token refresh and silent authorize present random 256-bit secrets (nothing to guess): not counted.
  const authLimit = rateLimit(db, {
    bucket: 'auth',
    max: config.authRateLimitPerMinute,
    windowMs: 60_000,
    exempt: [paths.auth.refreshToken.path, paths.auth.silentOAuthRefreshToken.path],
  });
  const signInPaths = [
    paths.auth.signUpUser,
    paths.auth.getActivateAccountStrategy,
    paths.auth.activateAccount,
    paths.auth.resendActivationEmail,
    paths.auth.activateAccountWithOTC,
    paths.auth.acceptInvitation,
    paths.auth.acceptInvitationWithOTC,
    paths.auth.verifyInviteToken,
    paths.auth.resendInvitationEmail,
    paths.auth.forgotPassword,
    paths.auth.resetPasswordViaEmail,
    paths.auth.resetPasswordViaSms,
    paths.auth.verifyPasswordViaSms,
    paths.auth.signUpUserWithPhoneNumber,
    paths.auth.signUpUserWithUsername,
    paths.auth.validateResetPasswordToken,
    paths.auth.resetPassword,
    paths.teams.changePassword,
    paths.auth.resetPhoneNumber,
    paths.auth.verifyResetPhoneNumber,
    paths.auth.changePhoneNumber,
  ].map((route) => route.path);
  for (const path of ['/identity/resources/auth/*', '/oauth/*', ...signInPaths]) app.use(path, authLimit);
  // Development routes exist only with DEV_ROUTES=1 (each family mounts its own) and answer loopback peers only.
  if (config.devRoutes) app.use('/dev/*', devOnly);
  app.route('/', authRoutes(deps));
  app.route('/', mfaRoutes(deps));
  app.route('/', stepUpRoutes(deps));
  app.route('/', passwordlessRoutes(deps));
  app.route('/', phoneRoutes(deps));
  app.route('/', impersonateRoutes(deps));
  app.route('/', signupRoutes(deps));
  app.route('/', accountRoutes(deps));
  app.route('/', oauthRoutes(deps));
  app.route('/', flagsRoutes(deps));
  app.route('/', rolesRoutes(deps));
  app.route('/', groupsRoutes(deps));
  app.route('/', accountSettingsRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', teamRoutes(deps));
  app.route('/', applicationsRoutes(deps));
  app.route('/', metadataRoutes(deps));
  app.route('/', securityPolicyRoutes(deps));
  app.route('/', ssoRoutes(deps));
  app.route('/', socialRoutes(deps));
  app.route('/', mfaWebauthnRoutes(deps));
  app.route('/', webauthnRoutes(deps));

  if (config.devRoutes) {
    app.get('/dev/outbox', async (c) => c.json(await readOutbox(db)));
    app.get('/dev/sms', async (c) => c.json(await readSmsOutbox(db)));
  }

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

  app.notFound(() => apiError(404, 'Not found').getResponse());
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    // Never a stack trace or SQL text in an answer; the log keeps the detail (the route pattern, not its values).
    log.error({ err: error, method: c.req.method, route: c.req.routePath }, 'request failed');
    return apiError(500, 'Internal server error').getResponse();
  });
  return app;
}
