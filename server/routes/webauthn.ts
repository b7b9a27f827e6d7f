// Passkeys: sign-in (webAuthnPreLogin / webAuthnPostLogin) and the user's own passkeys (register, list,
// delete). Security keys as an MFA factor are in routes/mfaWebauthn.ts.
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { webauthnContracts as wc } from '../../shared/api/contracts/webauthn';
import { paths } from '../../shared/api/paths';
import { writeAudit } from '../audit';
import { createSessionIssuer } from '../auth/session';
import { finishSignIn } from '../auth/signin';
import {
  authenticationOptions,
  completeAuthentication,
  completeRegistration,
  deviceView,
  registrationOptions,
  webauthnAmr,
} from '../auth/webauthn';
import { apiError, caller, readBody } from '../context';
import { featureFlags, users, webauthnCredentials } from '../db/schema';
import { devEndpoint, defineFamily, signIn, userEndpoint, publicEndpoints } from './endpoints';

/** One answer for every failed passkey sign-in: nothing tells which check failed. */
const PASSKEY_FAILED = 'Passkey sign-in failed';

/** Passkey sign-in (public) and the user's own passkeys (any signed-in user). */
export const webauthnEndpointsByName = {
  ...signIn(publicEndpoints(paths.auth, 'webAuthnPreLogin', 'webAuthnPostLogin')),
  webAuthnCreateNewDeviceSession: userEndpoint(paths.auth.webAuthnCreateNewDeviceSession, 'own passkeys'),
  verifyNewDeviceSession: userEndpoint(paths.auth.verifyNewDeviceSession, 'own passkeys'),
  getWebAuthnDevices: userEndpoint(paths.auth.getWebAuthnDevices, 'own passkeys'),
  deleteWebAuthnDevice: userEndpoint(paths.auth.deleteWebAuthnDevice, 'own passkeys'),
} as const;

export const webauthnRoutes = defineFamily(webauthnEndpointsByName, (on, e, services) => {
  const { db, config, vendorId } = services;
  const sessions = createSessionIssuer(services);

  // Sign-in, step 1: options for a discoverable credential. The answer never depends on the email (no
  // allowCredentials list, no lookup), so it tells nothing about which accounts exist; a given email only
  // binds the ceremony: the passkey used must belong to that account.
  on(e.webAuthnPreLogin, async (c) => {
    const body = await readBody(c, wc.webAuthnPreLogin.body);
    const { options } = await authenticationOptions(db, config, {
      purpose: 'passkey-login',
      data: body.email ? { email: body.email } : {},
    });
    // Frontegg's shape: the request options themselves (IWebAuthnPreLoginResponse).
    return c.json(options satisfies AnswerOf<typeof wc.webAuthnPreLogin>);
  });

  // Sign-in, step 2: the signed challenge; ends in finishSignIn like every other sign-in path.
  on(e.webAuthnPostLogin, async (c) => {
    const body = await readBody(c, wc.webAuthnPostLogin.body);
    const result = await completeAuthentication(db, config, {
      answer: body,
      purpose: 'passkey-login',
      usage: 'passkey',
      requireUserVerification: true,
    });
    const ownerId = result.ok ? result.credential.userId : result.credential?.userId;
    const [user] = ownerId
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.id, ownerId), eq(users.vendorId, vendorId)))
      : [];
    const email = result.ok ? (result.challenge.data as { email?: string }).email : undefined;
    const locked = Boolean(user?.lockedUntil && user.lockedUntil > new Date());
    const emailMatches = !email || user?.email.toLowerCase() === email;
    if (!result.ok || !user || !user.verified || locked || !emailMatches) {
      const cloned = !result.ok && result.reason === 'counter';
      await writeAudit(db, {
        vendorId,
        tenantId: user?.activeTenantId,
        userId: user?.id,
        email: user?.email,
        action: cloned
          ? 'Passkey refused: signature counter went back (possible cloned authenticator)'
          : 'User login failed',
        severity: cloned ? 'High' : 'Medium',
        json: { method: 'passkey', reason: result.ok ? 'account' : result.reason },
        ...caller(c),
      });
      throw apiError(401, PASSKEY_FAILED);
    }
    return c.json(
      await finishSignIn(c, services, sessions, user, {
        amr: webauthnAmr(result.credential),
        method: 'passkey',
      }),
    );
  });

  // Registration, step 1: creation options for a discoverable credential of the signed-in user.
  on(e.webAuthnCreateNewDeviceSession, async (c) => {
    const { sub } = c.get('auth');
    const [user] = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.id, sub), eq(users.vendorId, vendorId)));
    if (!user) throw apiError(401, 'Unauthorized');
    const { options } = await registrationOptions(db, config, user, 'passkey', 'passkey-register');
    // Frontegg's shape: the creation options themselves (ICreateNewDeviceSessionResponse).
    return c.json(options satisfies AnswerOf<typeof wc.webAuthnCreateNewDeviceSession>);
  });

  // Registration, step 2: the attestation; the new passkey is stored and answered.
  on(e.verifyNewDeviceSession, async (c) => {
    const body = await readBody(c, wc.verifyNewDeviceSession.body);
    const { sub } = c.get('auth');
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, sub));
    const result = await completeRegistration(db, config, {
      userId: sub,
      answer: body,
      usage: 'passkey',
      purpose: 'passkey-register',
      name: body.name || `Passkey ${count + 1}`,
    });
    if (!result.ok) {
      await c.var.audit({
        action: 'Passkey registration failed',
        severity: 'Medium',
        json: { reason: result.reason },
      });
      throw result.reason === 'duplicate'
        ? apiError(409, 'This passkey is already registered')
        : apiError(400, 'The passkey could not be registered');
    }
    await c.var.audit({
      action: 'Passkey registered',
      json: { deviceId: result.credential.id, name: result.credential.name },
    });
    return c.json(deviceView(result.credential) satisfies AnswerOf<typeof wc.verifyNewDeviceSession>);
  });

  on(e.getWebAuthnDevices, async (c) => {
    const rows = await db
      .select()
      .from(webauthnCredentials)
      .where(and(eq(webauthnCredentials.userId, c.get('auth').sub), eq(webauthnCredentials.usage, 'passkey')))
      .orderBy(webauthnCredentials.createdAt);
    return c.json({ devices: rows.map(deviceView) } satisfies AnswerOf<typeof wc.getWebAuthnDevices>);
  });

  on(e.deleteWebAuthnDevice, async (c) => {
    const deleted = await db
      .delete(webauthnCredentials)
      .where(
        and(
          eq(webauthnCredentials.id, c.req.param('deviceId') ?? ''),
          eq(webauthnCredentials.userId, c.get('auth').sub),
          eq(webauthnCredentials.usage, 'passkey'),
        ),
      )
      .returning();
    if (!deleted.length) throw apiError(404, 'Passkey not found');
    await c.var.audit({
      action: 'Passkey deleted',
      json: { deviceId: deleted[0]!.id, name: deleted[0]!.name },
    });
    return c.json({} satisfies AnswerOf<typeof wc.deleteWebAuthnDevice>);
  });
});

export const webauthnDevEndpointsByName = {
  setFeatureFlag: devEndpoint(
    { method: 'PUT', path: '/dev/feature-flags/{key}' },
    'a feature flag on or off',
  ),
} as const;

// With DEV_ROUTES=1 a test or a demo turns a feature flag on or off (e.g. show-passkeys-new, LOGIN-012).
export const webauthnDevRoutes = defineFamily(webauthnDevEndpointsByName, (on, e, { db, vendorId }) => {
  on(e.setFeatureFlag, async (c) => {
    const key = z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/)
      .safeParse(c.req.param('key'));
    if (!key.success) throw apiError(400, 'key: letters, digits and _ . : -');
    const { on: isOn } = await readBody(c, z.object({ on: z.boolean() }));
    await db
      .insert(featureFlags)
      .values({ id: randomUUID(), vendorId, key: key.data, on: isOn, defaultTreatment: true })
      .onConflictDoUpdate({ target: [featureFlags.vendorId, featureFlags.key], set: { on: isOn } });
    return c.json({ key: key.data, on: isOn });
  });
});
