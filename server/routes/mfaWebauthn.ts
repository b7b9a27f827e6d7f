// Security keys as an MFA factor (MFA-002/003): enrolment at login (forced MFA, nothing enrolled) and from the
// profile, verification at login with the mfaToken, and disabling (which clears every security key, MFA-008).
// The ceremonies are those of auth/webauthn.ts; credentials are stored with usage 'mfa'.
import { and, eq } from 'drizzle-orm';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { webauthnContracts as wc } from '../../shared/api/contracts/webauthn';
import { paths } from '../../shared/api/paths';
import { createSessionIssuer } from '../auth/session';
import {
  authenticationOptions,
  completeAuthentication,
  completeRegistration,
  deviceView,
  registrationOptions,
  type RegistrationAnswer,
  type WebAuthnPurpose,
  webauthnAmr,
} from '../auth/webauthn';
import type { Context } from 'hono';
import type { Challenge } from '../auth/challenges';
import { apiError, readBody, type AppEnv, type Services } from '../context';
import { webauthnCredentials } from '../db/schema';
import { TOO_MANY_ATTEMPTS } from '../mfa/codes';
import { countFactorAttempt, newRecoveryCode } from '../mfa/devices';
import { loginEnrolment, stillEnrolled } from '../mfa/enrolment';
import { completeMfa, mfaChallengeOf } from '../mfa/login';
import { type SubApp, family, mfaTokenEndpoint, signIn, userEndpoint } from './endpoints';
import { auditMfa, mfaUser } from '../mfa/user';

const KEY_FAILED = 'The security key could not be verified';

/** The credential comes as `options` (the wire shape of the call) or as the credential itself. */
const credentialOf = <T>(input: { options: T } | T): T =>
  input && typeof input === 'object' && 'options' in (input as object)
    ? (input as { options: T }).options
    : (input as T);

export const mfaWebauthnEndpointsByName = {
  preEnrollMFAWebAuthnForLogin: signIn(mfaTokenEndpoint(paths.auth.preEnrollMFAWebAuthnForLogin)),
  enrollMFAWebAuthnForLogin: signIn(mfaTokenEndpoint(paths.auth.enrollMFAWebAuthnForLogin)),
  preVerifyMFAWebAuthnForLogin: signIn(mfaTokenEndpoint(paths.auth.preVerifyMFAWebAuthnForLogin)),
  verifyMFAWebAuthnForLogin: signIn(mfaTokenEndpoint(paths.auth.verifyMFAWebAuthnForLogin)),
  preEnrollMFAWebAuthn: userEndpoint(paths.auth.preEnrollMFAWebAuthn),
  enrollMFAWebAuthn: userEndpoint(paths.auth.enrollMFAWebAuthn),
  preDisableMFAWebAuthn: userEndpoint(paths.auth.preDisableMFAWebAuthn),
  disableMFAWebAuthn: userEndpoint(paths.auth.disableMFAWebAuthn),
} as const;

export function mfaWebauthnRoutes(services: Services): SubApp {
  const { db, config } = services;
  const e = mfaWebauthnEndpointsByName;
  const { on, done } = family(services, e);
  const sessions = createSessionIssuer(services);

  const userRow = (id: string) => mfaUser(services, id);
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

  /** Registers the user's new security key (a failure is audited, 400) and gives a new recovery code. */
  const enrollKey = async (
    c: Context<AppEnv>,
    user: Awaited<ReturnType<typeof mfaUser>>,
    key: { answer: RegistrationAnswer; name?: string; purpose: WebAuthnPurpose },
    accept?: (challenge: Challenge) => boolean,
  ) => {
    const result = await completeRegistration(db, config, {
      userId: user.id,
      answer: key.answer,
      usage: 'mfa',
      purpose: key.purpose,
      name: key.name || 'Security key',
      ...(accept ? { accept } : {}),
    });
    if (!result.ok) {
      await auditMfa(c, user, 'MFA enrolment failed', { kind: 'webauthn', reason: result.reason }, 'Medium');
      throw apiError(400, KEY_FAILED);
    }
    const recoveryCode = await newRecoveryCode(db, user.id);
    await auditMfa(c, user, 'MFA enrolled', { kind: 'webauthn', deviceId: result.credential.id });
    return { credential: result.credential, recoveryCode };
  };

  // ------------------------------------------------------------------ login: enrolment (forced, none enrolled)

  // Registered before the `{deviceId}` routes of the same prefix: 'enroll' is not a device id.
  on(e.preEnrollMFAWebAuthnForLogin, async (c) => {
    const input = await readBody(c, wc.preEnrollMFAWebAuthnForLogin.body);
    const { mfa, user } = await loginEnrolment(services, input.mfaToken);
    const { options, token } = await registrationOptions(db, config, user, 'mfa', 'mfa-enroll-login', {
      mfaChallengeId: mfa.challenge.id,
    });
    return c.json({ options, webauthnToken: token } satisfies AnswerOf<
      typeof wc.preEnrollMFAWebAuthnForLogin
    >);
  });

  on(e.enrollMFAWebAuthnForLogin, async (c) => {
    const input = await readBody(c, wc.enrollMFAWebAuthnForLogin.body);
    const { mfa, user } = await loginEnrolment(services, input.mfaToken);
    const key = { answer: credentialOf(input), name: input.name, purpose: 'mfa-enroll-login' as const };
    const { credential, recoveryCode } = await enrollKey(
      c,
      user,
      key,
      (challenge) => (challenge.data as { mfaChallengeId?: string }).mfaChallengeId === mfa.challenge.id,
    );
    return c.json(
      await completeMfa(
        c,
        services,
        sessions,
        mfa,
        user,
        { amr: webauthnAmr(credential), label: 'webauthn' },
        { recoveryCode },
      ),
    );
  });

  // ------------------------------------------------------------------ login: verification with a security key

  on(e.preVerifyMFAWebAuthnForLogin, async (c) => {
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

  on(e.verifyMFAWebAuthnForLogin, async (c) => {
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
      await auditMfa(
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

  on(e.preEnrollMFAWebAuthn, async (c) => {
    const user = await userRow(c.get('auth').sub);
    const { options, token } = await registrationOptions(db, config, user, 'mfa', 'mfa-enroll');
    return c.json({ options, webauthnToken: token } satisfies AnswerOf<typeof wc.preEnrollMFAWebAuthn>);
  });

  on(e.enrollMFAWebAuthn, async (c) => {
    const input = await readBody(c, wc.enrollMFAWebAuthn.body);
    const user = await userRow(c.get('auth').sub);
    const { credential, recoveryCode } = await enrollKey(c, user, {
      answer: credentialOf(input),
      name: input.name,
      purpose: 'mfa-enroll',
    });
    return c.json({
      recoveryCode,
      mfaEnrolled: true,
      device: deviceView(credential),
    } satisfies AnswerOf<typeof wc.enrollMFAWebAuthn>);
  });

  // Disabling asks the key itself first; it then clears every security key of the user (MFA-008).
  on(e.preDisableMFAWebAuthn, async (c) => {
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

  on(e.disableMFAWebAuthn, async (c) => {
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
    const left = await stillEnrolled(db, user.id);
    await auditMfa(c, user, 'MFA disabled', { kind: 'webauthn' }, 'Medium');
    return c.json({ mfaEnrolled: left } satisfies AnswerOf<typeof wc.disableMFAWebAuthn>);
  });

  return done();
}
