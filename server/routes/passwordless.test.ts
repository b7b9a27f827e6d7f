import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  passwordlessContracts,
  passwordlessStrategy,
  passwordlessType,
} from '../../shared/api/contracts/passwordless';
import { ssoType } from '../../shared/api/contracts/sso';
import { paths } from '../../shared/api/paths';
import { audits, sessions, ssoConfigurations, userPhoneNumbers } from '../db/schema';
import { insertSsoConfiguration } from '../sso/store';
import { readOutbox } from '../mail/mailer';
import { eventually, fixtures, testServer, type TestServer } from '../testing';

const preLoginPath = (type: string) => paths.auth.passwordlessPreLogin.path.replace('{mappedType}', type);
const postLoginPath = (type: string) => paths.auth.passwordlessPostLogin.path.replace('{type}', type);

describe('pre-login and passwordless sign-in (magic link, email code, SMS code)', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
  });
  after(() => t.close());
  beforeEach(() => {
    t.services.config.authStrategy = 'EmailAndPassword';
  });

  const strategy = async () =>
    f.json<{
      password: { isActive: boolean };
      magicLink: { isActive: boolean };
      code: { isActive: boolean };
      smsCode: { isActive: boolean };
      mainAuthStrategies: { strategy: string }[];
    }>(await f.request('GET', paths.auth.getVendorPublicAuthStrategiesConfig.path));

  it('[LOGIN-008] the public auth strategy follows the server config; PUT /dev/auth-strategy switches it', async () => {
    assert.equal((await strategy()).password.isActive, true);
    assert.equal((await strategy()).mainAuthStrategies[0]!.strategy, 'EmailAndPassword');
    await f.json(await f.request('PUT', '/dev/auth-strategy', undefined, { strategy: 'MagicLink' }));
    const s = await strategy();
    assert.equal(s.password.isActive, false);
    assert.equal(s.magicLink.isActive, true);
    assert.equal(s.mainAuthStrategies[0]!.strategy, 'MagicLink');
    await f.errorsOf(await f.request('PUT', '/dev/auth-strategy', undefined, { strategy: 'Nope' }), 400);
  });

  it('[LOGIN-006] [LOGIN-007] pre-login looks up by email and tenant: an SSO domain answers its address, others nothing', async () => {
    const id = await insertSsoConfiguration(t.services.db, {
      tenantId: acme,
      kind: 'oidc',
      validatedDomains: ['sso-corp.test'],
      config: { issuer: 'http://idp.test' },
    });
    const sso = await f.json<{ address?: string; idpType?: string }>(
      await f.request('POST', paths.auth.preLoginV2.path, undefined, { email: 'Someone@SSO-corp.test' }),
    );
    assert.equal(
      sso.address,
      `http://localhost:8080/identity/resources/auth/v1/user/sso/start?configurationId=${id}`,
    );
    assert.equal(sso.idpType, 'oidc');
    assert.ok(passwordlessContracts.preLoginV2.response.safeParse(sso).success);
    // Another tenant named: not that tenant's configuration.
    const other = await f.newTenant(`Other ${id}`);
    assert.deepEqual(
      await f.json(
        await f.request('POST', paths.auth.preLoginV2.path, undefined, {
          email: 'someone@sso-corp.test',
          tenantId: other,
        }),
      ),
      {},
    );
    // Known and unknown emails of a non-SSO domain answer the same.
    const known = await f.json(
      await f.request('POST', paths.auth.preLoginV2.path, undefined, { email: 'admin@acme.test' }),
    );
    const unknown = await f.json(
      await f.request('POST', paths.auth.preLoginV2.path, undefined, { email: 'nobody@acme.test' }),
    );
    assert.deepEqual(known, {});
    assert.deepEqual(unknown, {});
    assert.equal((await strategy()) && true, true);
    const s = await f.json<{ sso: { isActive: boolean } }>(
      await f.request('GET', paths.auth.getVendorPublicAuthStrategiesConfig.path),
    );
    assert.equal(s.sso.isActive, true);
    await t.services.db.delete(ssoConfigurations).where(eq(ssoConfigurations.id, id));
  });

  it('[LOGIN-004] magic link: the link is mailed, a GET of it burns nothing, the explicit post-login signs in once', async () => {
    t.services.config.authStrategy = 'MagicLink';
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const res = await f.request('POST', preLoginPath('magiclink'), undefined, { email: user.email });
    assert.deepEqual(await f.json(res), {});
    const mail = await f.mailTo(user.email, '/account/login/magic-link?token=');
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    const token = new URL(link).searchParams.get('token')!;
    // A mail scanner fetching the link only gets the page: the token is still live.
    await t.app.request(new URL(link).pathname + new URL(link).search);
    const answer = await f.json<{ accessToken: string; user: { email: string } }>(
      await f.request('POST', postLoginPath('magiclink'), undefined, { token }),
    );
    assert.ok(answer.accessToken);
    assert.equal(answer.user.email, user.email);
    const [session] = await t.services.db.select().from(sessions).where(eq(sessions.userId, user.id));
    assert.deepEqual(session!.amr, ['email']);
    // [LOGIN-021] Single use: the second click fails with the default message.
    assert.deepEqual(
      await f.errorsOf(await f.request('POST', postLoginPath('magiclink'), undefined, { token }), 401),
      ['Failed to authenticate'],
    );
  });

  it('[LOGIN-004] only the newest magic link works; an unknown email gets the same answer and no mail', async () => {
    t.services.config.authStrategy = 'MagicLink';
    const user = await f.createUser({ tenants: [{ id: acme }] });
    await f.request('POST', preLoginPath('magiclink'), undefined, { email: user.email });
    const first = await f.mailTo(user.email, 'token=');
    const firstToken = new URL(first.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    await f.request('POST', preLoginPath('magiclink'), undefined, { email: user.email });
    await eventually(
      async () =>
        (await readOutbox(t.services.db)).filter((m) => m.to === user.email).length === 2 ? true : undefined,
      'second mail',
    );
    await f.errorsOf(
      await f.request('POST', postLoginPath('magiclink'), undefined, { token: firstToken }),
      401,
    );
    const unknown = await f.request('POST', preLoginPath('magiclink'), undefined, {
      email: 'nobody-here@acme.test',
    });
    assert.equal(unknown.status, 200);
    assert.deepEqual(await unknown.json(), {});
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await readOutbox(t.services.db)).filter((m) => m.to === 'nobody-here@acme.test').length, 0);
  });

  it('[LOGIN-002] email code: mailed, accepted once with the email, amr otp', async () => {
    t.services.config.authStrategy = 'Code';
    const user = await f.createUser({ tenants: [{ id: acme }] });
    await f.json(await f.request('POST', preLoginPath('code'), undefined, { email: user.email }));
    const mail = await f.mailTo(user.email, 'sign-in code');
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;
    const answer = await f.json<{ accessToken: string }>(
      await f.request('POST', postLoginPath('code'), undefined, { email: user.email, token: code }),
    );
    assert.ok(answer.accessToken);
    const [session] = await t.services.db.select().from(sessions).where(eq(sessions.userId, user.id));
    assert.deepEqual(session!.amr, ['otp']);
    await f.errorsOf(
      await f.request('POST', postLoginPath('code'), undefined, { email: user.email, code }),
      401,
    );
  });

  it('[LOGIN-002] [LOGIN-021] a code allows 5 attempts: then even the right code fails with "Failed to authenticate"', async () => {
    t.services.config.authStrategy = 'Code';
    const user = await f.createUser({ tenants: [{ id: acme }] });
    await f.request('POST', preLoginPath('code'), undefined, { email: user.email });
    const code = (await f.mailTo(user.email, 'sign-in code')).text.match(/\b(\d{6})\b/)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      assert.deepEqual(
        await f.errorsOf(
          await f.request('POST', postLoginPath('code'), undefined, { email: user.email, code: wrong }),
          401,
        ),
        ['Failed to authenticate'],
      );
    await f.errorsOf(
      await f.request('POST', postLoginPath('code'), undefined, { email: user.email, code }),
      401,
    );
    const failed = await t.services.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, user.id), eq(audits.action, 'User login failed')));
    assert.equal(failed.length, 6);
  });

  it('[LOGIN-002] an expired code fails', async () => {
    t.services.config.authStrategy = 'Code';
    const user = await f.createUser({ tenants: [{ id: acme }] });
    await f.request('POST', preLoginPath('code'), undefined, { email: user.email });
    const code = (await f.mailTo(user.email, 'sign-in code')).text.match(/\b(\d{6})\b/)![1]!;
    const { authChallenges } = await import('../db/schema');
    await t.services.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.userId, user.id));
    await f.errorsOf(
      await f.request('POST', postLoginPath('code'), undefined, { email: user.email, code }),
      401,
    );
  });

  it('[LOGIN-005] SMS code: texted to the verified phone, accepted once, amr sms', async () => {
    t.services.config.authStrategy = 'SmsCode';
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    await t.services.db
      .insert(userPhoneNumbers)
      .values({ id: randomUUID(), userId: user.id, phoneNumber: phone, verifiedAt: new Date() });
    await f.json(await f.request('POST', preLoginPath('smscode'), undefined, { email: user.email }));
    const sms = await f.smsTo(phone);
    const code = sms.text.match(/\b(\d{6})\b/)![1]!;
    await f.json(await f.request('POST', postLoginPath('smscode'), undefined, { email: user.email, code }));
    const [session] = await t.services.db.select().from(sessions).where(eq(sessions.userId, user.id));
    assert.deepEqual(session!.amr, ['sms']);
  });

  it('[LOGIN-008] a passwordless type that is not the vendor strategy is refused', async () => {
    t.services.config.authStrategy = 'EmailAndPassword';
    await f.errorsOf(
      await f.request('POST', preLoginPath('magiclink'), undefined, { email: 'admin@acme.test' }),
      400,
    );
    await f.errorsOf(
      await f.request('POST', preLoginPath('nothing'), undefined, { email: 'admin@acme.test' }),
      404,
    );
  });
  it('[ENUM-014] SSO types are saml, okta, azure, google, oidc: pre-login names the configuration kind among them', async () => {
    assert.deepEqual(ssoType.options, ['saml', 'okta', 'azure', 'google', 'oidc']);
    for (const kind of ['saml', 'oidc'] as const) {
      const domain = `${kind}-enum.test`;
      const id = await insertSsoConfiguration(t.services.db, {
        tenantId: acme,
        kind,
        validatedDomains: [domain],
        config: { issuer: 'http://idp.test' },
      });
      const answer = await f.json<{ idpType?: string }>(
        await f.request('POST', paths.auth.preLoginV2.path, undefined, { email: `someone@${domain}` }),
      );
      assert.equal(ssoType.parse(answer.idpType), kind);
      await t.services.db.delete(ssoConfigurations).where(eq(ssoConfigurations.id, id));
    }
    // An idpType outside the enum breaks pre-login's contract.
    assert.equal(
      passwordlessContracts.preLoginV2.response.safeParse({ address: 'https://x.test', idpType: 'ldap' })
        .success,
      false,
    );
  });

  it('[ENUM-039] a passwordless path names a passwordless auth strategy in lower case (magiclink, code, smscode); any other is not found', async () => {
    assert.deepEqual(
      passwordlessType.options.map((type) => passwordlessStrategy[type]),
      ['MagicLink', 'Code', 'SmsCode'],
    );
    for (const type of passwordlessType.options) {
      t.services.config.authStrategy = passwordlessStrategy[type] as 'MagicLink' | 'Code' | 'SmsCode';
      const res = await f.request('POST', preLoginPath(type), undefined, {
        email: `nobody-${type}@acme.test`,
      });
      assert.equal(res.status, 200, type);
    }
    await f.errorsOf(
      await f.request('POST', preLoginPath('emailandpassword'), undefined, { email: 'admin@acme.test' }),
      404,
    );
  });
});
