// Profile-time MFA calls (MFA-*, users/v1/mfa/*) with a Bearer token: the signed-in user's own devices,
// enrolment and disabling (a device is disabled with a current code of it).
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { mfaContracts as mc } from '../../shared/api/contracts/mfa';
import { paths } from '../../shared/api/paths';
import type { AuditSeverity } from '../audit';
import { apiError, readBody, type AppEnv } from '../context';
import { mfaDevices, recoveryCodes, webauthnCredentials } from '../db/schema';
import { CODE_EXPIRED, checkOtc, issueOtc, limitCodes, WRONG_CODE } from '../mfa/codes';
import {
  devicesOf,
  listDevices,
  maskPhone,
  securityKeysOf,
  spendRecoveryCode,
  verifyAnyTotp,
  verifyTotp,
} from '../mfa/devices';
import {
  enrollAuthenticator,
  enrollSms,
  preEnrollAuthenticator,
  preEnrollSms,
  stillEnrolled,
} from '../mfa/enrolment';
import { auditMfa, mfaUser } from '../mfa/user';
import { defineFamily, userEndpoints } from './endpoints';

/** The kind of the challenge of a texted code that turns SMS off. */
const DISABLE_SMS = 'mfa-disable-sms';

/** The signed-in user's own devices. */
export const mfaProfileEndpointsByName = userEndpoints(
  paths.auth,
  'getMFADevices',
  'preEnrollMFAAuthenticatorApp',
  'enrollMfa',
  'enrollMFAAuthenticatorApp',
  'verifyMfa',
  'preEnrollMFASMS',
  'enrollMFASMS',
  'disableMFAAuthenticatorApp',
  'preDisableMFASMS',
  'disableMFASMS',
  'disableMfa',
);

export const mfaProfileRoutes = defineFamily(mfaProfileEndpointsByName, (on, e, services) => {
  const { db, sms } = services;

  const me = (c: Context<AppEnv>) => mfaUser(services, c.get('auth').sub);
  /** The audit row of a disable: the user it is about, what went. */
  const auditDisabled = async (c: Context<AppEnv>, kind: string, severity: AuditSeverity) =>
    auditMfa(c, await me(c), 'MFA disabled', { kind }, severity);

  on(e.getMFADevices, async (c) =>
    c.json(
      (await listDevices(db, c.get('auth').sub, { mask: false })) satisfies AnswerOf<typeof mc.getMFADevices>,
    ),
  );

  const preEnroll = async (c: Context<AppEnv>) =>
    c.json(
      (await preEnrollAuthenticator(db, await me(c))) satisfies AnswerOf<
        typeof mc.preEnrollMFAAuthenticatorApp
      >,
    );
  on(e.preEnrollMFAAuthenticatorApp, preEnroll);
  on(e.enrollMfa, preEnroll);

  const enroll = async (c: Context<AppEnv>) => {
    const { token: typed } = await readBody(c, mc.enrollMFAAuthenticatorApp.body);
    const user = await me(c);
    const recoveryCode = await enrollAuthenticator(db, user.id, typed);
    await auditMfa(c, user, 'MFA enrolled', { kind: 'authenticator' });
    return c.json({ recoveryCode, mfaEnrolled: true } satisfies AnswerOf<typeof mc.verifyMfa>);
  };
  on(e.enrollMFAAuthenticatorApp, enroll);
  on(e.verifyMfa, enroll);

  on(e.preEnrollMFASMS, async (c) => {
    const { phoneNumber } = await readBody(c, mc.preEnrollMFASMS.body);
    const user = await me(c);
    return c.json(
      (await preEnrollSms(services, c, user.id, phoneNumber)) satisfies AnswerOf<typeof mc.preEnrollMFASMS>,
    );
  });

  on(e.enrollMFASMS, async (c) => {
    const input = await readBody(c, mc.enrollMFASMS.body);
    const user = await me(c);
    const recoveryCode = await enrollSms(db, user.id, input.otcToken, input.code);
    await auditMfa(c, user, 'MFA enrolled', { kind: 'sms' });
    return c.json({ recoveryCode, mfaEnrolled: true } satisfies AnswerOf<typeof mc.enrollMFASMS>);
  });

  /** Disabling one device clears every device of that kind (MFA-008); no device left → no recovery codes. */
  const clearKind = async (c: Context<AppEnv>, userId: string, kind: 'authenticator' | 'sms') => {
    await db.delete(mfaDevices).where(and(eq(mfaDevices.userId, userId), eq(mfaDevices.kind, kind)));
    const left = await stillEnrolled(db, userId);
    await auditDisabled(c, kind, 'Medium');
    return { mfaEnrolled: left } satisfies AnswerOf<typeof mc.disableMFASMS>;
  };

  // The authenticator is disabled with a current code of it.
  on(e.disableMFAAuthenticatorApp, async (c) => {
    const { token: typed } = await readBody(c, mc.disableMFAAuthenticatorApp.body);
    const userId = c.get('auth').sub;
    const [device] = await devicesOf(db, userId, 'authenticator', { id: c.req.param('deviceId') ?? '' });
    if (!device) throw apiError(404, 'No such device');
    if (!(await verifyTotp(db, device, typed))) throw apiError(400, WRONG_CODE);
    return c.json(await clearKind(c, userId, 'authenticator'));
  });

  // SMS: a code to the phone first, then the disable with it.
  on(e.preDisableMFASMS, async (c) => {
    const userId = c.get('auth').sub;
    await limitCodes(services, c, userId);
    const [device] = await devicesOf(db, userId, 'sms', { id: c.req.param('deviceId') ?? '' });
    if (!device?.phoneNumber) throw apiError(404, 'No such device');
    const issued = await issueOtc(db, DISABLE_SMS, userId, { deviceId: device.id });
    await sms.send({ to: device.phoneNumber, text: `Your code to turn off SMS sign-in is ${issued.code}.` });
    return c.json({
      otcToken: issued.token,
      phoneNumber: maskPhone(device.phoneNumber),
    } satisfies AnswerOf<typeof mc.preDisableMFASMS>);
  });

  on(e.disableMFASMS, async (c) => {
    const input = await readBody(c, mc.disableMFASMS.body);
    const userId = c.get('auth').sub;
    const data = await checkOtc(db, DISABLE_SMS, input.otcToken, userId, input.code);
    if (data.deviceId !== c.req.param('deviceId')) throw apiError(400, CODE_EXPIRED);
    return c.json(await clearKind(c, userId, 'sms'));
  });

  // Every MFA method off, with an authenticator code or a recovery code.
  on(e.disableMfa, async (c) => {
    const { token: typed } = await readBody(c, mc.disableMfa.body);
    const userId = c.get('auth').sub;
    const authenticators = await devicesOf(db, userId, 'authenticator');
    if (!(await verifyAnyTotp(db, authenticators, typed)) && !(await spendRecoveryCode(db, userId, typed)))
      throw apiError(400, WRONG_CODE);
    await db.delete(mfaDevices).where(eq(mfaDevices.userId, userId));
    await db.delete(webauthnCredentials).where(securityKeysOf(userId));
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await auditDisabled(c, 'all', 'High');
    return c.json({ mfaEnrolled: false } satisfies AnswerOf<typeof mc.disableMfa>);
  });
});
