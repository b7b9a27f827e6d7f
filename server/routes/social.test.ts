import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { socialContracts, socialProvider } from '../../shared/api/contracts/social';
import { paths } from '../../shared/api/paths';
import { ssoPaths } from '../../shared/api/sso';
import { sessions, userIdentities, userRoles, users, userTenants } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';
import { testBrowser } from '../testing/idp/browser';
import { startOidcProvider, type IdpAccount, type LocalOidcProvider } from '../testing/idp/oidc';

const ORIGIN = 'http://localhost:8080';
const callbackPath = ssoPaths.socialCallback.path.replace('{provider}', 'google');
const startPath = ssoPaths.socialStart.path.replace('{provider}', 'google');
const postLoginPath = paths.auth.loginViaSocialLogin.path.replace('{provider}', 'google');

describe('social login against oidc-provider standing in for google', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let idp: LocalOidcProvider;

  before(async () => {
    t = await testServer({ allowPrivateNetworkFetch: true });
    f = fixtures(t);
    idp = await startOidcProvider({ redirectUris: [`${ORIGIN}${callbackPath}`] });
    const res = await t.app.request(
      '/dev/social-providers',
      t.json({
        provider: 'google',
        config: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      }),
    );
    assert.deepEqual(await f.json(res), { provider: 'google', redirectUri: `${ORIGIN}${callbackPath}` });
  });
  after(async () => {
    await idp?.close();
    await t?.close();
  });

  const flow = async (account: IdpAccount | null) => {
    const browser = testBrowser(t.app, ORIGIN);
    idp.signInAs(account);
    const landed = await browser.navigate(startPath);
    return { browser, landed };
  };
  const postLogin = (browser: ReturnType<typeof testBrowser>, code: string) =>
    browser.app(postLoginPath, t.json({ code }));

  it('[ROUTE-011] lists the enabled providers with their start address and no secret', async () => {
    for (const route of [paths.auth.getSocialLoginProviders, paths.auth.getSocialLoginProvidersV2]) {
      const list = await f.json<unknown[]>(await t.app.request(route.path));
      // Frontegg's ISocialLoginProviderConfigurationV2: the public client id and return address, no secret.
      assert.deepEqual(list, [
        {
          type: 'google',
          active: true,
          clientId: idp.clientId,
          redirectUrl: `${ORIGIN}${callbackPath}`,
          authorizationUrl: `${ORIGIN}${startPath}`,
          customised: true,
          additionalScopes: [],
        },
      ]);
      assert.ok(socialContracts.getSocialLoginProvidersV2.response.safeParse(list).success);
      assert.doesNotMatch(JSON.stringify(list), new RegExp(idp.clientSecret));
    }
  });

  it('[ENUM-038] social providers are microsoft, facebook, google, github, slack, apple, linkedin: no other is registered or signs in', async () => {
    assert.deepEqual(socialProvider.options, [
      'microsoft',
      'facebook',
      'google',
      'github',
      'slack',
      'apple',
      'linkedin',
    ]);
    const config = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret };
    await f.errorsOf(
      await t.app.request('/dev/social-providers', t.json({ provider: 'myspace', config })),
      400,
    );
    // The post-login of a provider outside the list is refused like a bad login code.
    const res = await t.app.request(
      paths.auth.loginViaSocialLogin.path.replace('{provider}', 'myspace'),
      t.json({ code: 'x'.repeat(30) }),
    );
    await f.errorsOf(res, 401);
  });

  it('[ROUTE-011] a new person signs up through the provider: own account, the sign-up role of its creator (Admin), linked identity, session', async () => {
    const { browser, landed } = await flow({
      sub: 'g-1',
      email: 'new.social@gmail.test',
      email_verified: true,
      name: 'Social Person',
    });
    assert.equal(landed.pathname, '/account/social/success');
    assert.equal(landed.searchParams.get('provider'), 'google');
    const code = landed.searchParams.get('code');
    assert.ok(code);
    const body = await f.json<{
      accessToken: string;
      user: { id: string; email: string };
      email: string;
      name: string;
      userId: string;
      isNewUser: boolean;
    }>(await postLogin(browser, code));
    assert.equal(body.user.email, 'new.social@gmail.test');
    // Frontegg's social answer names the user and says this is their first sign-in.
    assert.deepEqual(
      [body.email, body.name, body.userId, body.isNewUser],
      ['new.social@gmail.test', 'Social Person', body.user.id, true],
    );
    const [user] = await f.db.select().from(users).where(eq(users.id, body.user.id));
    assert.equal(user!.provider, 'google');
    const memberships = await f.db.select().from(userTenants).where(eq(userTenants.userId, user!.id));
    assert.equal(memberships.length, 1);
    const roles = await f.db.select().from(userRoles).where(eq(userRoles.userId, user!.id));
    assert.deepEqual(
      roles.map((r) => r.roleId),
      [await f.roleId('Admin')],
      "the creator of the new account holds the vendor's sign-up role",
    );
    const [identity] = await f.db.select().from(userIdentities).where(eq(userIdentities.userId, user!.id));
    assert.deepEqual([identity!.provider, identity!.subject], ['social:google', 'g-1']);
    const [session] = await f.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    assert.deepEqual(session!.amr, ['ext']);

    const again = await flow({ sub: 'g-1', email: 'new.social@gmail.test', email_verified: true });
    const second = await f.json<{ user: { id: string }; isNewUser: boolean }>(
      await postLogin(again.browser, again.landed.searchParams.get('code')!),
    );
    assert.equal(second.user.id, user!.id);
    assert.equal(second.isNewUser, false, 'signed in before');
  });

  it('never auto-links to an existing account by an unverified email; links a verified one', async () => {
    const acme = await f.tenantId('Acme');
    const owner = await f.createUser({
      email: 'owner@acme-mail.test',
      tenants: [{ id: acme, roles: ['Admin'] }],
    });
    const unverified = await flow({ sub: 'g-evil', email: 'owner@acme-mail.test', email_verified: false });
    assert.equal(unverified.landed.searchParams.get('error'), 'login_failed');
    assert.equal(unverified.landed.searchParams.get('code'), null);
    // A missing claim is no verification either.
    const missing = await flow({ sub: 'g-evil-2', email: 'owner@acme-mail.test' });
    assert.equal(missing.landed.searchParams.get('error'), 'login_failed');
    assert.equal(
      (await f.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id))).length,
      0,
    );

    const verified = await flow({ sub: 'g-owner', email: 'owner@acme-mail.test', email_verified: true });
    const body = await f.json<{ user: { id: string } }>(
      await postLogin(verified.browser, verified.landed.searchParams.get('code')!),
    );
    assert.equal(body.user.id, owner.id);
  });

  it("[SECURITY-014] a social sign-up creating a new account follows the vendor's email-domain rules", async () => {
    const rules = (value: Record<string, unknown>) =>
      t.app.request('/dev/sign-up-email-domains', { ...t.json(value), method: 'PUT' });
    await f.json(
      await rules({
        active: true,
        listType: 'BLOCK',
        blockPublicDomains: false,
        domains: ['blocked-social.test'],
      }),
    );
    try {
      const refused = await flow({
        sub: 'g-blocked',
        email: 'someone@blocked-social.test',
        email_verified: true,
      });
      assert.equal(refused.landed.searchParams.get('error'), 'email_domain_not_allowed');
      assert.equal(refused.landed.searchParams.get('code'), null);
      assert.equal(
        (await f.db.select().from(users).where(eq(users.email, 'someone@blocked-social.test'))).length,
        0,
        'no user, no account',
      );
      const allowed = await flow({
        sub: 'g-allowed',
        email: 'someone@allowed-social.test',
        email_verified: true,
      });
      assert.ok(allowed.landed.searchParams.get('code'));
    } finally {
      await f.json(await rules({ active: false, listType: 'BLOCK', blockPublicDomains: false, domains: [] }));
    }
  });

  it("[LOGIN-021] a failed social post-login answers 'Failed to authenticate'", async () => {
    const { browser, landed } = await flow({ sub: 'g-2', email: 'two@gmail.test', email_verified: true });
    const code = landed.searchParams.get('code')!;
    // Another provider's post-login, another browser, a used code: all refused the same way.
    const github = paths.auth.loginViaSocialLogin.path.replace('{provider}', 'github');
    assert.deepEqual(await f.errorsOf(await browser.app(github, t.json({ code })), 401), [
      'Failed to authenticate',
    ]);
    assert.deepEqual(await f.errorsOf(await postLogin(testBrowser(t.app, ORIGIN), code), 401), [
      'Failed to authenticate',
    ]);
    await f.json(await postLogin(browser, code));
    assert.deepEqual(await f.errorsOf(await postLogin(browser, code), 401), ['Failed to authenticate']);
  });

  it('[LOGIN-021] the provider refusing, a replayed state or an unknown provider ends at the social callback route with an error', async () => {
    const refused = await flow(null);
    assert.equal(refused.landed.pathname, '/account/social/success');
    assert.equal(refused.landed.searchParams.get('error'), 'login_failed');

    const unknown = await testBrowser(t.app, ORIGIN).navigate(
      ssoPaths.socialStart.path.replace('{provider}', 'nope'),
    );
    assert.equal(unknown.searchParams.get('error'), 'login_failed');

    const browser = testBrowser(t.app, ORIGIN);
    const res = await browser.app(`${callbackPath}?state=made-up&code=x`);
    assert.equal(new URL(res.headers.get('location')!).searchParams.get('error'), 'login_failed');
  });
});
