// Security keys as an MFA factor (MFA-002/003): enrolment at login (forced MFA, nothing enrolled) and from the
// profile, verification at login with the mfaToken, and disabling (which clears every security key, MFA-008).
// The ceremonies are those of auth/webauthn.ts; credentials are stored with usage 'mfa'.
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { webauthnContracts as wc } from '../../shared/api/contracts/webauthn';
import { paths } from '../../shared/api/paths';
import { route } from '../account/guards';
import { writeAudit } from '../audit';
import { createSessionIssuer } from '../auth/session';
import {
  authenticationOptions,
  completeAuthentication,
  completeRegistration,
  deviceView,
  registrationOptions,
  webauthnAmr,
} from '../auth/webauthn';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { recoveryCodes, users, webauthnCredentials } from '../db/schema';
import { requireUser } from '../middleware/bearer';
import { countFactorAttempt, deviceCount, listDevices, newRecoveryCode } from '../mfa/devices';
import { completeMfa, mfaChallengeOf } from '../mfa/login';

const ALREADY_ENROLLED = 'MFA is already enrolled';
const KEY_FAILED = 'The security key could not be verified';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Sign in again';

/** The credential comes as `options` (the wire shape of the call) or as the credential itself. */
const credentialOf = <T>(input: { options: T } | T): T =>
  input && typeof input === 'object' && 'options' in (input as object)
    ? (input as { options: T }).options
    : (input as T);

export function mfaWebauthnRoutes(services: Services): Hono<AppEnv> {
  const { db, config, vendorId, tokens } = services;
  const app = new Hono<AppEnv>();
  const sessions = createSessionIssuer(services);
  const bearer = requireUser(tokens);

  const userRow = async (id: string) => {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.vendorId, vendorId)));
    if (!user) throw apiError(401, 'Unauthorized');
    return user;
  };
  const audit = (
    c: Context,
    user: { id: string; email: string; activeTenantId: string | null },
    action: string,
    json: Record<string, unknown> = {},
    severity: 'Info' | 'Medium' | 'High' = 'Info',
  ) =>
    writeAudit(db, {
      vendorId,
      tenantId: user.activeTenantId,
      userId: user.id,
      email: user.email,
      action,
      json,
      severity,
      ...caller(c),
    });
  const securityKey = async (userId: string, id: string) => {
    const [row] = await db
      .select()
      .from(webauthnCredentials)
      .where(
        and(
          eq(webauthnCredentials.id, id),
          eq(webauthnCredentials.userId, userId),
          eq(webauthnCredentials.usage, 'mfa'),
        ),
      );
    if (!row) throw apiError(404, 'No such device');
    return row;
  };

  // ------------------------------------------------------------------ login: enrolment (forced, none enrolled)

  /** Login-time enrolment is only for a user with no device: it must never add a device past the MFA. */
  const loginEnrolment = async (token: string) => {
    const mfa = await mfaChallengeOf(services, token);
    if (deviceCount(await listDevices(db, mfa.userId, { mask: true })) > 0)
      throw apiError(400, ALREADY_ENROLLED);
    return { mfa, user: await userRow(mfa.userId) };
  };

  // Registered before the `{deviceId}` routes of the same prefix: 'enroll' is not a device id.
  app.post(paths.auth.preEnrollMFAWebAuthnForLogin.path, async (c) => {
    const input = await readBody(c, wc.preEnrollMFAWebAuthnForLogin.body);
    const { mfa, user } = await loginEnrolment(input.mfaToken);
    const { options, token } = await registrationOptions(db, config, user, 'mfa', 'mfa-enroll-login', {
      mfaChallengeId: mfa.challenge.id,
    });
    return c.json({ options, webauthnToken: token } satisfies AnswerOf<
      typeof wc.preEnrollMFAWebAuthnForLogin
    >);
  });

  app.post(paths.auth.enrollMFAWebAuthnForLogin.path, async (c) => {
    const input = await readBody(c, wc.enrollMFAWebAuthnForLogin.body);
    const { mfa, user } = await loginEnrolment(input.mfaToken);
    const result = await completeRegistration(db, config, {
      userId: user.id,
      answer: credentialOf(input),
      usage: 'mfa',
      purpose: 'mfa-enroll-login',
      name: input.name || 'Security key',
      accept: (challenge) =>
        (challenge.data as { mfaChallengeId?: string }).mfaChallengeId === mfa.challenge.id,
    });
    if (!result.ok) {
      await audit(c, user, 'MFA enrolment failed', { kind: 'webauthn', reason: result.reason }, 'Medium');
      throw apiError(400, KEY_FAILED);
    }
    const recoveryCode = await newRecoveryCode(db, user.id);
    await audit(c, user, 'MFA enrolled', { kind: 'webauthn', deviceId: result.credential.id });
    return c.json(
      await completeMfa(
        c,
        services,
        sessions,
        mfa,
        user,
        { amr: webauthnAmr(result.credential), label: 'webauthn' },
        { recoveryCode },
      ),
    );
  });

  // ------------------------------------------------------------------ login: verification with a security key

  app.post(route(paths.auth.preVerifyMFAWebAuthnForLogin.path), async (c) => {
    const input = await readBody(c, wc.preVerifyMFAWebAuthnForLogin.body);
    const mfa = await mfaChallengeOf(services, input.mfaToken);
    const key = await securityKey(mfa.userId, c.req.param('deviceId') ?? '');
    const { options, token } = await authenticationOptions(db, config, {
      purpose: 'mfa-login',
      userId: mfa.userId,
      allow: [key],
      userVerification: 'preferred',
      data: { mfaChallengeId: mfa.challenge.id, deviceId: key.id },
    });
    return c.json({ options, webauthnToken: token } satisfies AnswerOf<
      typeof wc.preVerifyMFAWebAuthnForLogin
    >);
  });

  app.post(route(paths.auth.verifyMFAWebAuthnForLogin.path), async (c) => {
    const input = await readBody(c, wc.verifyMFAWebAuthnForLogin.body);
    const mfa = await mfaChallengeOf(services, input.mfaToken);
    const user = await userRow(mfa.userId);
    // The security key has its own attempt counter on the MFA challenge.
    if (!(await countFactorAttempt(db, mfa.challenge.id, 'webauthn'))) throw apiError(401, TOO_MANY_ATTEMPTS);
    const deviceId = c.req.param('deviceId') ?? '';
    const result = await completeAuthentication(db, config, {
      answer: credentialOf(input),
      purpose: 'mfa-login',
      usage: 'mfa',
      requireUserVerification: false,
      accept: (challenge, credential) =>
        (challenge.data as { mfaChallengeId?: string }).mfaChallengeId === mfa.challenge.id &&
        credential.id === deviceId &&
        credential.userId === user.id,
    });
    if (!result.ok) {
      const cloned = result.reason === 'counter';
      await audit(
        c,
        user,
        cloned
          ? 'Security key refused: signature counter went back (possible cloned authenticator)'
          : 'MFA verification failed',
        { factor: 'webauthn', reason: result.reason },
        cloned ? 'High' : 'Medium',
      );
      throw apiError(400, KEY_FAILED);
    }
    return c.json(
      await completeMfa(c, services, sessions, mfa, user, {
        amr: webauthnAmr(result.credential),
        label: 'webauthn',
        rememberDevice: input.rememberDevice,
      }),
    );
  });

  // ------------------------------------------------------------------ profile (Bearer)

  app.post(paths.auth.preEnrollMFAWebAuthn.path, bearer, async (c) => {
    const user = await userRow(c.get('auth').sub);
    const { options, token } = await registrationOptions(db, config, user, 'mfa', 'mfa-enroll');
    return c.json({ options, webauthnToken: token } satisfies AnswerOf<typeof wc.preEnrollMFAWebAuthn>);
  });

  app.post(paths.auth.enrollMFAWebAuthn.path, bearer, async (c) => {
    const input = await readBody(c, wc.enrollMFAWebAuthn.body);
    const user = await userRow(c.get('auth').sub);
    const result = await completeRegistration(db, config, {
      userId: user.id,
      answer: credentialOf(input),
      usage: 'mfa',
      purpose: 'mfa-enroll',
      name: input.name || 'Security key',
    });
    if (!result.ok) {
      await audit(c, user, 'MFA enrolment failed', { kind: 'webauthn', reason: result.reason }, 'Medium');
      throw apiError(400, KEY_FAILED);
    }
    const recoveryCode = await newRecoveryCode(db, user.id);
    await audit(c, user, 'MFA enrolled', { kind: 'webauthn', deviceId: result.credential.id });
    return c.json({
      recoveryCode,
      mfaEnrolled: true,
      device: deviceView(result.credential),
    } satisfies AnswerOf<typeof wc.enrollMFAWebAuthn>);
  });

  // Disabling asks the key itself first; it then clears every security key of the user (MFA-008).
  app.post(route(paths.auth.preDisableMFAWebAuthn.path), bearer, async (c) => {
    const userId = c.get('auth').sub;
    const key = await securityKey(userId, c.req.param('deviceId') ?? '');
    const { options, token } = await authenticationOptions(db, config, {
      purpose: 'mfa-disable',
      userId,
      allow: [key],
      userVerification: 'preferred',
      data: { deviceId: key.id },
    });
    return c.json({ options, webauthnToken: token } satisfies AnswerOf<typeof wc.preDisableMFAWebAuthn>);
  });

  app.post(route(paths.auth.disableMFAWebAuthn.path), bearer, async (c) => {
    const input = await readBody(c, wc.disableMFAWebAuthn.body);
    const user = await userRow(c.get('auth').sub);
    const deviceId = c.req.param('deviceId') ?? '';
    const result = await completeAuthentication(db, config, {
      answer: credentialOf(input),
      purpose: 'mfa-disable',
      usage: 'mfa',
      requireUserVerification: false,
      accept: (challenge, credential) => challenge.userId === user.id && credential.id === deviceId,
    });
    if (!result.ok) throw apiError(400, KEY_FAILED);
    await db
      .delete(webauthnCredentials)
      .where(and(eq(webauthnCredentials.userId, user.id), eq(webauthnCredentials.usage, 'mfa')));
    const left = deviceCount(await listDevices(db, user.id, { mask: true })) > 0;
    if (!left) await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await audit(c, user, 'MFA disabled', { kind: 'webauthn' }, 'Medium');
    return c.json({ mfaEnrolled: left } satisfies AnswerOf<typeof wc.disableMFAWebAuthn>);
  });

  return app;
}
