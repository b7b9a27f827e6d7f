// Security keys as an MFA factor (MFA-002/003): enrolment at login (forced MFA, nothing enrolled) and from the
// profile, verification at login with the mfaToken, and disabling (which clears every security key, MFA-008).
// The ceremonies are those of auth/webauthn.ts; credentials are stored with usage 'mfa'.
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { webauthnContracts as wc } from '../../shared/api/contracts/webauthn';
import { paths } from '../../shared/api/paths';
import { createSessionIssuer } from '../auth/session';
import {
  authenticationOptions,
  type AuthenticationAnswer,
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
import { apiError, readBody, type AppEnv } from '../context';
import { webauthnCredentials } from '../db/schema';
import { TOO_MANY_ATTEMPTS } from '../mfa/codes';
import { countFactorAttempt, newRecoveryCode, securityKey, securityKeysOf } from '../mfa/devices';
import { loginEnrolment, stillEnrolled } from '../mfa/enrolment';
import { completeMfa, mfaChallengeOf } from '../mfa/login';
import { defineFamily, signIn, userEndpoints, mfaTokenEndpoints } from './endpoints';
import { auditMfa, mfaUser } from '../mfa/user';

const KEY_FAILED = 'The security key could not be verified';

/** The credential comes as `options` (the wire shape of the call) or as the credential itself. */
const credentialOf = <T>(input: { options: T } | T): T =>
  input && typeof input === 'object' && 'options' in (input as object)
    ? (input as { options: T }).options
    : (input as T);

export const mfaWebauthnEndpointsByName = {
  ...signIn(
    mfaTokenEndpoints(
      paths.auth,
      'preEnrollMFAWebAuthnForLogin',
      'enrollMFAWebAuthnForLogin',
      'preVerifyMFAWebAuthnForLogin',
      'verifyMFAWebAuthnForLogin',
    ),
  ),
  ...userEndpoints(
    paths.auth,
    'preEnrollMFAWebAuthn',
    'enrollMFAWebAuthn',
    'preDisableMFAWebAuthn',
    'disableMFAWebAuthn',
  ),
} as const;

export const mfaWebauthnRoutes = defineFamily(mfaWebauthnEndpointsByName, (on, e, services) => {
  const { db, config } = services;
  const sessions = createSessionIssuer(services);

  const userRow = (id: string) => mfaUser(services, id);

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
    const key = await securityKey(db, mfa.userId, c.req.param('deviceId') ?? '');
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

  /**
   * Checks the answer of the security key the path names (`deviceId`, one of the user's) to a challenge of
   * `purpose` that `accept` admits: an MFA proof, without user verification.
   */
  const checkSecurityKey = (
    c: Context<AppEnv>,
    answer: AuthenticationAnswer,
    purpose: WebAuthnPurpose,
    userId: string,
    accept: (challenge: Challenge) => boolean,
  ) => {
    const deviceId = c.req.param('deviceId') ?? '';
    return completeAuthentication(db, config, {
      answer,
      purpose,
      usage: 'mfa',
      requireUserVerification: false,
      accept: (challenge, credential) =>
        accept(challenge) && credential.id === deviceId && credential.userId === userId,
    });
  };

  on(e.verifyMFAWebAuthnForLogin, async (c) => {
    const input = await readBody(c, wc.verifyMFAWebAuthnForLogin.body);
    const mfa = await mfaChallengeOf(services, input.mfaToken);
    const user = await userRow(mfa.userId);
    // The security key has its own attempt counter on the MFA challenge.
    if (!(await countFactorAttempt(db, mfa.challenge.id, 'webauthn'))) throw apiError(401, TOO_MANY_ATTEMPTS);
    const result = await checkSecurityKey(
      c,
      credentialOf(input),
      'mfa-login',
      user.id,
      (challenge) => (challenge.data as { mfaChallengeId?: string }).mfaChallengeId === mfa.challenge.id,
    );
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
    const key = await securityKey(db, userId, c.req.param('deviceId') ?? '');
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
    const result = await checkSecurityKey(
      c,
      credentialOf(input),
      'mfa-disable',
      user.id,
      (challenge) => challenge.userId === user.id,
    );
    if (!result.ok) throw apiError(400, KEY_FAILED);
    await db.delete(webauthnCredentials).where(securityKeysOf(user.id));
    const left = await stillEnrolled(db, user.id);
    await auditMfa(c, user, 'MFA disabled', { kind: 'webauthn' }, 'Medium');
    return c.json({ mfaEnrolled: left } satisfies AnswerOf<typeof wc.disableMFAWebAuthn>);
  });
});
