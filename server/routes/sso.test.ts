import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { paths } from '../../shared/api/paths';
import { ssoPaths } from '../../shared/api/sso';
import {
  audits,
  emailDomainRestrictionConfigs,
  emailDomainRestrictions,
  groups,
  groupUsers,
  sessions,
  ssoConfigurations,
  ssoDomains,
  ssoGroups,
  ssoSeenAssertions,
  userIdentities,
  userRoles,
  users,
  userTenants,
} from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';
import { testBrowser } from '../testing/idp/browser';
import { startOidcProvider, type LocalOidcProvider } from '../testing/idp/oidc';
import { makeCertificate, startSamlIdp, type LocalSamlIdp, type SamlUser } from '../testing/idp/saml';

const ORIGIN = 'http://localhost:8080';

describe('SSO: OIDC relying party and SAML service provider against local identity providers', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let oidc: LocalOidcProvider;
  let saml: LocalSamlIdp;
  let acme: string;
  let oidcConfigId: string;
  let samlConfigId: string;

  const register = async (body: Record<string, unknown>) => {
    const res = await t.app.request('/dev/sso-configurations', t.json(body));
    return f.json<{
      id: string;
      startUrl: string;
      redirectUri: string;
      sp: { acsUrl: string; entityId: string };
    }>(res);
  };

  before(async () => {
    t = await testServer({ allowPrivateNetworkFetch: true });
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    oidc = await startOidcProvider({ redirectUris: [`${ORIGIN}${ssoPaths.oidcCallback.path}`] });
    saml = await startSamlIdp();
    oidcConfigId = (
      await register({
        tenant: 'Acme',
        kind: 'oidc',
        domains: ['oidc.test'],
        config: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
        defaultRoleKeys: ['Viewer'],
      })
    ).id;
    samlConfigId = (
      await register({
        tenant: 'Acme',
        kind: 'saml',
        domains: ['saml.test'],
        config: { entryPoint: saml.entryPoint, idpCert: saml.cert, idpIssuer: saml.entityId },
        defaultRoleKeys: ['Editor'],
      })
    ).id;
  });
  after(async () => {
    await oidc?.close();
    await saml?.close();
    await t?.close();
  });

  const startUrl = (id: string) => `${ssoPaths.ssoStart.path}?configurationId=${id}`;

  /** Runs an OIDC SSO flow in a new browser up to the login box's callback route. */
  const oidcFlow = async (account: Parameters<LocalOidcProvider['signInAs']>[0]) => {
    const browser = testBrowser(t.app, ORIGIN);
    oidc.signInAs(account);
    const landed = await browser.navigate(startUrl(oidcConfigId));
    return { browser, landed };
  };
  const postLogin = (browser: ReturnType<typeof testBrowser>, route: { path: string }, code: string) =>
    browser.app(route.path, t.json({ code }));

  it('[LOGIN-007] the SSO address of pre-login leaves for the OIDC provider: code flow, PKCE S256, state, nonce', async () => {
    const res = await t.app.request(startUrl(oidcConfigId));
    assert.equal(res.status, 302);
    const to = new URL(res.headers.get('location')!);
    assert.equal(to.origin, oidc.issuer);
    assert.equal(to.searchParams.get('response_type'), 'code');
    assert.equal(to.searchParams.get('code_challenge_method'), 'S256');
    assert.ok((to.searchParams.get('code_challenge') ?? '').length >= 43);
    assert.ok((to.searchParams.get('state') ?? '').length >= 40);
    assert.ok(to.searchParams.get('nonce'));
    assert.equal(to.searchParams.get('redirect_uri'), `${ORIGIN}${ssoPaths.oidcCallback.path}`);
    assert.match(res.headers.get('set-cookie') ?? '', /fe_sso_binding=.*HttpOnly.*/i);
  });

  it('[ROUTE-013] OIDC SSO creates the user in the tenant with the default roles; the login code opens a session (amr ext)', async () => {
    const { browser, landed } = await oidcFlow({
      sub: 'oidc-new-1',
      email: 'new.person@oidc.test',
      email_verified: true,
      name: 'New Person',
    });
    assert.equal(landed.pathname, '/account/oidc/callback');
    const code = landed.searchParams.get('code');
    assert.ok(code, `a login code in ${landed.href}`);
    const body = await f.json<{ accessToken: string; user: { email: string } }>(
      await postLogin(browser, paths.auth.oidcPostLogin, code),
    );
    assert.equal(body.user.email, 'new.person@oidc.test');
    const claims = decodeJwt(body.accessToken);
    assert.equal(claims.tenantId, acme);
    const [user] = await f.db.select().from(users).where(eq(users.email, 'new.person@oidc.test'));
    assert.equal(user!.provider, 'oidc');
    assert.equal(user!.verified, true);
    const roles = await f.db.select().from(userRoles).where(eq(userRoles.userId, user!.id));
    assert.deepEqual(
      roles.map((r) => r.roleId),
      [await f.roleId('Viewer')],
    );
    const [identity] = await f.db.select().from(userIdentities).where(eq(userIdentities.userId, user!.id));
    assert.equal(identity!.provider, `sso:${oidcConfigId}`);
    assert.equal(identity!.subject, 'oidc-new-1');
    const [session] = await f.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    assert.deepEqual(session!.amr, ['ext']);

    // The code is single-use.
    assert.deepEqual(await f.errorsOf(await postLogin(browser, paths.auth.oidcPostLogin, code), 401), [
      'Failed to authenticate',
    ]);

    // The next sign-in finds the same user through the linked identity.
    const again = await oidcFlow({ sub: 'oidc-new-1', email: 'new.person@oidc.test', email_verified: true });
    const second = await f.json<{ user: { id: string } }>(
      await postLogin(again.browser, paths.auth.oidcPostLogin, again.landed.searchParams.get('code')!),
    );
    assert.equal(second.user.id, user!.id);
  });

  it('[ROUTE-013] a login code works only in the browser that started the flow and only at its own post-login', async () => {
    const { browser, landed } = await oidcFlow({
      sub: 'oidc-2',
      email: 'two@oidc.test',
      email_verified: true,
    });
    const code = landed.searchParams.get('code')!;
    // Another browser (no binding cookie): refused.
    const other = testBrowser(t.app, ORIGIN);
    await f.errorsOf(await postLogin(other, paths.auth.oidcPostLogin, code), 401);
    // The SAML post-login does not take an OIDC code.
    await f.errorsOf(await postLogin(browser, paths.auth.postLogin, code), 401);
    await f.json(await postLogin(browser, paths.auth.oidcPostLogin, code));
  });

  it('[LOGIN-020] a replayed OIDC state is refused: the callback sends the browser to the failure screen', async () => {
    const browser = testBrowser(t.app, ORIGIN);
    oidc.signInAs({ sub: 'oidc-3', email: 'three@oidc.test', email_verified: true });
    // Walk the redirects by hand to keep the IdP's answer to our callback.
    let callback: URL | null = null;
    const start = await browser.app(startUrl(oidcConfigId));
    let next = new URL(start.headers.get('location')!);
    for (let i = 0; i < 10; i++) {
      const cookie = [...browser.cookies(next.host)].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        browser.cookies(next.host).set(pair.slice(0, at), pair.slice(at + 1));
      }
      next = new URL(res.headers.get('location')!, next);
      if (next.origin === ORIGIN) {
        callback = next;
        break;
      }
    }
    assert.ok(callback, 'the IdP sent the browser back');
    const first = await browser.app(`${callback.pathname}${callback.search}`);
    assert.match(new URL(first.headers.get('location')!).searchParams.get('code') ?? '', /.{20,}/);
    const replay = await browser.app(`${callback.pathname}${callback.search}`);
    const to = new URL(replay.headers.get('location')!);
    assert.equal(to.pathname, '/account/oidc/callback');
    assert.equal(to.searchParams.get('error'), 'login_failed');
    assert.equal(to.searchParams.get('code'), null);
  });

  it('[LOGIN-020] an OIDC provider that refuses the user sends the browser to the failure screen, with an audit row', async () => {
    const { landed } = await oidcFlow(null);
    assert.equal(landed.pathname, '/account/oidc/callback');
    assert.equal(landed.searchParams.get('error'), 'login_failed');
    const rows = await f.db.select().from(audits).where(eq(audits.action, 'User login failed'));
    assert.ok(rows.some((r) => (r.json as { method?: string }).method === 'sso-oidc'));
  });

  it('never links an existing account by an email the OIDC provider does not mark verified; links it when verified', async () => {
    const existing = await f.createUser({
      email: 'existing@oidc.test',
      tenants: [{ id: acme, roles: ['Admin'] }],
    });
    const unverified = await oidcFlow({
      sub: 'attacker-1',
      email: 'existing@oidc.test',
      email_verified: false,
    });
    assert.equal(unverified.landed.searchParams.get('error'), 'login_failed');
    assert.equal(unverified.landed.searchParams.get('code'), null);
    const none = await f.db.select().from(userIdentities).where(eq(userIdentities.userId, existing.id));
    assert.equal(none.length, 0);
    const notLinked = await f.db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'External identity not linked'), eq(audits.userId, existing.id)));
    assert.equal(notLinked.length, 1);

    const verified = await oidcFlow({ sub: 'owner-1', email: 'existing@oidc.test', email_verified: true });
    const body = await f.json<{ user: { id: string } }>(
      await postLogin(verified.browser, paths.auth.oidcPostLogin, verified.landed.searchParams.get('code')!),
    );
    assert.equal(body.user.id, existing.id);
    const linked = await f.db.select().from(userIdentities).where(eq(userIdentities.userId, existing.id));
    assert.deepEqual(
      linked.map((l) => l.subject),
      ['owner-1'],
    );
  });

  it('a member disabled in the configuration tenant is refused', async () => {
    const user = await f.createUser({ email: 'off@oidc.test', tenants: [{ id: acme, disabled: true }] });
    await f.db.insert(userIdentities).values({
      id: `id-${user.id}`,
      userId: user.id,
      provider: `sso:${oidcConfigId}`,
      subject: 'off-1',
    });
    const { landed } = await oidcFlow({ sub: 'off-1', email: 'off@oidc.test', email_verified: true });
    assert.equal(landed.searchParams.get('error'), 'login_failed');
  });

  it("[SECURITY-014] SSO follows the tenant's email-domain restrictions: no user created, no existing user let in", async () => {
    const config = { tenantId: acme, active: true, listType: 'BLOCK', blockPublicDomains: false };
    await f.db.insert(emailDomainRestrictionConfigs).values(config);
    await f.db
      .insert(emailDomainRestrictions)
      .values({ id: 'sso-blocked', tenantId: acme, domain: 'blocked-sso.test', type: 'BLOCK' });
    // The configuration validated the domain (it signs in only such users); the account's restrictions block it.
    await f.db.insert(ssoDomains).values({
      id: 'sso-blocked-domain',
      configurationId: oidcConfigId,
      tenantId: acme,
      domain: 'blocked-sso.test',
      validated: true,
      txtRecord: 'fe-verification=blocked',
    });
    try {
      const created = await oidcFlow({
        sub: 'blocked-1',
        email: 'new@blocked-sso.test',
        email_verified: true,
      });
      assert.equal(created.landed.searchParams.get('error'), 'email_domain_not_allowed');
      assert.equal(
        (await f.db.select().from(users).where(eq(users.email, 'new@blocked-sso.test'))).length,
        0,
      );
      // A user of another account, linked to this configuration, does not become a member of Acme.
      const other = await f.newTenant('Elsewhere SSO');
      const user = await f.createUser({ email: 'old@blocked-sso.test', tenants: [{ id: other }] });
      await f.db.insert(userIdentities).values({
        id: `id-${user.id}`,
        userId: user.id,
        provider: `sso:${oidcConfigId}`,
        subject: 'blocked-2',
      });
      const entered = await oidcFlow({
        sub: 'blocked-2',
        email: 'old@blocked-sso.test',
        email_verified: true,
      });
      assert.equal(entered.landed.searchParams.get('error'), 'email_domain_not_allowed');
      const memberships = await f.db
        .select()
        .from(userTenants)
        .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, acme)));
      assert.equal(memberships.length, 0);
      const reasons = (await f.db.select().from(audits))
        .filter((a) => a.action === 'User login failed')
        .map((a) => (a.json as { reason?: string }).reason);
      assert.equal(reasons.filter((r) => r === 'email-domain').length, 2);
    } finally {
      await f.db
        .delete(emailDomainRestrictionConfigs)
        .where(eq(emailDomainRestrictionConfigs.tenantId, acme));
      await f.db.delete(emailDomainRestrictions).where(eq(emailDomainRestrictions.id, 'sso-blocked'));
      await f.db.delete(ssoDomains).where(eq(ssoDomains.id, 'sso-blocked-domain'));
    }
  });

  // ------------------------------------------------------------------------------------------------------
  // SAML

  /** Starts a SAML flow: the browser, the AuthnRequest the IdP got, and the ACS to post to. */
  const samlStart = async () => {
    const browser = testBrowser(t.app, ORIGIN);
    const res = await browser.app(startUrl(samlConfigId));
    assert.equal(res.status, 302);
    const location = res.headers.get('location')!;
    assert.ok(location.startsWith(saml.entryPoint), location);
    return { browser, request: saml.readRequest(location) };
  };
  const postAcs = (browser: ReturnType<typeof testBrowser>, SAMLResponse: string, RelayState: string) =>
    browser.app(ssoPaths.samlAcs.path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
    });
  const landing = (res: Response) => {
    assert.equal(res.status, 302);
    return new URL(res.headers.get('location')!);
  };

  it('[ROUTE-014] SAML SSO: a signed assertion for this SP creates the user; the login code opens a session', async () => {
    const { browser, request } = await samlStart();
    assert.equal(request.acsUrl, `${ORIGIN}${ssoPaths.samlAcs.path}`);
    assert.equal(request.spEntityId, `${ORIGIN}${ssoPaths.samlMetadata.path}`);
    const user = { nameId: 'sam@saml.test', email: 'sam@saml.test', name: 'Sam L' };
    const to = landing(await postAcs(browser, saml.respond(request, user), request.relayState));
    assert.equal(to.pathname, '/account/saml/callback');
    const code = to.searchParams.get('code');
    assert.ok(code, to.href);
    const body = await f.json<{ user: { email: string } }>(
      await postLogin(browser, paths.auth.postLogin, code),
    );
    assert.equal(body.user.email, 'sam@saml.test');
    const [row] = await f.db.select().from(users).where(eq(users.email, 'sam@saml.test'));
    assert.equal(row!.provider, 'saml');
    const roles = await f.db.select().from(userRoles).where(eq(userRoles.userId, row!.id));
    assert.deepEqual(
      roles.map((r) => r.roleId),
      [await f.roleId('Editor')],
    );
    const member = await f.db.select().from(userTenants).where(eq(userTenants.userId, row!.id));
    assert.deepEqual(
      member.map((m) => m.tenantId),
      [acme],
    );

    // The same RelayState again (a replayed POST): refused.
    const replay = landing(await postAcs(browser, saml.respond(request, user), request.relayState));
    assert.equal(replay.searchParams.get('error'), 'login_failed');
  });

  /** The reason of the newest failed-login audit row. */
  const lastFailure = async () => {
    const rows = await f.db.select().from(audits).where(eq(audits.action, 'User login failed'));
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return String((rows.at(-1)?.json as { reason?: string }).reason);
  };

  const refusedWith = async (tweaks: Parameters<LocalSamlIdp['respond']>[2], why: RegExp) => {
    const { browser, request } = await samlStart();
    const user = { nameId: 'eve@saml.test', email: 'eve@saml.test' };
    const to = landing(await postAcs(browser, saml.respond(request, user, tweaks), request.relayState));
    assert.equal(to.pathname, '/account/saml/callback', String(why));
    assert.equal(to.searchParams.get('error'), 'login_failed', String(why));
    assert.equal(to.searchParams.get('code'), null, String(why));
    assert.match(await lastFailure(), why);
  };

  it('[LOGIN-020] SAML: an assertion for another audience is refused', async () => {
    await refusedWith({ audience: 'https://another-sp.example/metadata' }, /audience mismatch/);
  });
  it('[LOGIN-020] SAML: a signature of another key is refused', async () => {
    await refusedWith({ signWith: await makeCertificate() }, /Invalid signature/);
  });
  it('[LOGIN-020] SAML: an unsigned or tampered assertion is refused', async () => {
    await refusedWith({ unsigned: true }, /Invalid signature/);
    await refusedWith({ tamperNameId: 'admin@acme.test' }, /Invalid signature/);
  });
  it('[LOGIN-020] SAML: an expired assertion is refused', async () => {
    await refusedWith({ shiftMs: -60 * 60_000 }, /No valid subject confirmation|expired/);
  });
  it('[LOGIN-020] SAML: an answer to another request or for another recipient is refused', async () => {
    await refusedWith({ inResponseTo: '_not-our-request' }, /InResponseTo/);
    await refusedWith({ recipient: 'https://elsewhere.example/acs' }, /not for this ACS/);
  });
  it('SAML: a RelayState used from another browser is refused', async () => {
    const { request } = await samlStart();
    const stranger = testBrowser(t.app, ORIGIN);
    const user = { nameId: 'x@saml.test', email: 'x@saml.test' };
    const to = landing(await postAcs(stranger, saml.respond(request, user), request.relayState));
    assert.equal(to.searchParams.get('error'), 'login_failed');
  });

  it('SAML: an existing account is linked only for an email in a domain the configuration claims', async () => {
    const outsider = await f.createUser({ email: 'someone@elsewhere.test', tenants: [{ id: acme }] });
    let { browser, request } = await samlStart();
    let to = landing(
      await postAcs(
        browser,
        saml.respond(request, { nameId: 'evil-1', email: 'someone@elsewhere.test' }),
        request.relayState,
      ),
    );
    assert.equal(to.searchParams.get('error'), 'login_failed');
    assert.equal(
      (await f.db.select().from(userIdentities).where(eq(userIdentities.userId, outsider.id))).length,
      0,
    );

    const insider = await f.createUser({ email: 'kim@saml.test', tenants: [{ id: acme }] });
    ({ browser, request } = await samlStart());
    to = landing(
      await postAcs(
        browser,
        saml.respond(request, { nameId: 'kim-1', email: 'kim@saml.test' }),
        request.relayState,
      ),
    );
    const body = await f.json<{ user: { id: string } }>(
      await postLogin(browser, paths.auth.postLogin, to.searchParams.get('code')!),
    );
    assert.equal(body.user.id, insider.id);
  });

  it('the SP metadata names the ACS; the public SSO configuration says only whether SSO is active', async () => {
    const metadata = await (await t.app.request(ssoPaths.samlMetadata.path)).text();
    assert.match(metadata, new RegExp(`Location="${ORIGIN}${ssoPaths.samlAcs.path}"`));
    const pub = await f.json(await t.app.request(paths.auth.getSSOPublicConfiguration.path));
    assert.deepEqual(pub, { isActive: true });
  });

  it('[LOGIN-020] an unknown configuration sends the browser to the failure screen', async () => {
    const res = await t.app.request(startUrl('no-such-configuration'));
    const to = landing(res);
    assert.equal(to.searchParams.get('error'), 'login_failed');
  });
  // ------------------------------------------------------------------------------------------------------
  // SSO-008: default roles and group mappings, re-applied at every sign-in; IdP-initiated SAML

  /** An IdP group mapping of a configuration (as the SSO page's "Add mapping" stores it). */
  const mapGroup = async (configurationId: string, group: string, roleIds: string[], groupIds: string[]) => {
    await f.db
      .insert(ssoGroups)
      .values({ id: `map-${configurationId}-${group}`, configurationId, group, roleIds, groupIds });
  };
  const newGroup = async (name: string) => {
    const id = `group-${name.toLowerCase().replace(/\W+/g, '-')}`;
    await f.db.insert(groups).values({ id, tenantId: acme, name });
    return id;
  };
  const rolesOf = async (userId: string) =>
    (
      await f.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.tenantId, acme)))
    )
      .map((r) => r.roleId)
      .sort();
  const groupsOf = async (userId: string) =>
    (await f.db.select().from(groupUsers).where(eq(groupUsers.userId, userId))).map((g) => g.groupId).sort();
  const ids = async (...keys: string[]) => (await Promise.all(keys.map((k) => f.roleId(k)))).sort();
  const userByEmail = async (email: string) =>
    (await f.db.select().from(users).where(eq(users.email, email)))[0]!;

  it('[SSO-008] OIDC: the groups claim maps to roles and groups besides the default roles; re-applied at every sign-in', async () => {
    const engineers = await newGroup('SSO engineers');
    const support = await newGroup('SSO helpdesk');
    await mapGroup(oidcConfigId, 'eng', [await f.roleId('Editor')], [engineers]);
    await mapGroup(oidcConfigId, 'Helpdesk', [await f.roleId('Support')], [support]);
    const email = 'mapped@oidc.test';
    const signInOidc = async (groupsClaim: string[]) => {
      const { browser, landed } = await oidcFlow({
        sub: 'mapped-1',
        email,
        email_verified: true,
        groups: groupsClaim,
      });
      const code = landed.searchParams.get('code');
      assert.ok(code, landed.href);
      await f.json(await postLogin(browser, paths.auth.oidcPostLogin, code));
      return userByEmail(email);
    };

    // The provider sends the groups only in userinfo; matched case-insensitively ('ENG' ~ 'eng').
    const user = await signInOidc(['ENG', 'unmapped']);
    assert.deepEqual(await rolesOf(user.id), await ids('Viewer', 'Editor'));
    assert.deepEqual(await groupsOf(user.id), [engineers]);
    const [applied] = await f.db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'SSO roles and groups applied at sign-in'), eq(audits.userId, user.id)));
    assert.deepEqual((applied!.json as { groupsJoined: string[] }).groupsJoined, [engineers]);

    // An admin's changes meanwhile: the default role taken away, an unrelated role given by hand.
    await f.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.roleId, await f.roleId('Viewer'))));
    await f.db
      .insert(userRoles)
      .values({ userId: user.id, tenantId: acme, roleId: await f.roleId('ReadOnly') });

    // Next sign-in: moved from eng to helpdesk at the IdP. Mapped roles and groups follow the IdP, the default
    // role comes back, the manual grant of a role the configuration does not manage stays.
    await signInOidc(['helpdesk']);
    assert.deepEqual(await rolesOf(user.id), await ids('Viewer', 'Support', 'ReadOnly'));
    assert.deepEqual(await groupsOf(user.id), [support]);

    // No groups at all: only the default role (and the manual grant) remain.
    await signInOidc([]);
    assert.deepEqual(await rolesOf(user.id), await ids('Viewer', 'ReadOnly'));
    assert.deepEqual(await groupsOf(user.id), []);
  });

  it('[SSO-008] OIDC: groups in the ID token, under the claim name the configuration names', async () => {
    const idTokenIdp = await startOidcProvider({
      redirectUris: [`${ORIGIN}${ssoPaths.oidcCallback.path}`],
      groupsInIdToken: true,
    });
    try {
      const { id } = await register({
        tenant: 'Acme',
        kind: 'oidc',
        domains: ['idtoken.test'],
        config: {
          issuer: idTokenIdp.issuer,
          clientId: idTokenIdp.clientId,
          clientSecret: idTokenIdp.clientSecret,
        },
      });
      const admins = await newGroup('Token admins');
      await mapGroup(id, 'admins', [await f.roleId('Admin')], [admins]);
      const browser = testBrowser(t.app, ORIGIN);
      idTokenIdp.signInAs({
        sub: 'tok-1',
        email: 'tok@idtoken.test',
        email_verified: true,
        groups: ['admins'],
      });
      const landed = await browser.navigate(startUrl(id));
      await f.json(await postLogin(browser, paths.auth.oidcPostLogin, landed.searchParams.get('code')!));
      const user = await userByEmail('tok@idtoken.test');
      assert.deepEqual(await rolesOf(user.id), await ids('Admin'));
      assert.deepEqual(await groupsOf(user.id), [admins]);

      // Another claim name: 'groups' is then not read.
      await f.db.update(ssoConfigurations).set({ groupsClaim: 'teams' }).where(eq(ssoConfigurations.id, id));
      const again = testBrowser(t.app, ORIGIN);
      const back = await again.navigate(startUrl(id));
      await f.json(await postLogin(again, paths.auth.oidcPostLogin, back.searchParams.get('code')!));
      assert.deepEqual(await rolesOf(user.id), []);
      assert.deepEqual(await groupsOf(user.id), []);
    } finally {
      await idTokenIdp.close();
    }
  });

  /** A SAML SP-initiated sign-in of `user` through the main SAML configuration; the user row. */
  const samlSignIn = async (user: SamlUser) => {
    const { browser, request } = await samlStart();
    const to = landing(await postAcs(browser, saml.respond(request, user), request.relayState));
    const code = to.searchParams.get('code');
    assert.ok(code, to.href);
    await f.json(await postLogin(browser, paths.auth.postLogin, code));
    return userByEmail(user.email!);
  };

  it('[SSO-008] SAML: the multi-valued groups attribute maps to roles and groups; default roles re-applied at every sign-in', async () => {
    const finance = await newGroup('SSO finance');
    const auditors = await newGroup('SSO auditors');
    await mapGroup(samlConfigId, 'Finance', [await f.roleId('Support')], [finance]);
    await mapGroup(samlConfigId, 'audit', [await f.roleId('ReadOnly')], [auditors]);
    const person = { nameId: 'fin@saml.test', email: 'fin@saml.test' };
    const user = await samlSignIn({ ...person, groups: ['finance', 'AUDIT', 'other'] });
    assert.deepEqual(await rolesOf(user.id), await ids('Editor', 'Support', 'ReadOnly'));
    assert.deepEqual(await groupsOf(user.id), [auditors, finance].sort());

    // The default role removed by an admin comes back; one IdP group fewer takes its role and group.
    await f.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.roleId, await f.roleId('Editor'))));
    await samlSignIn({ ...person, groups: ['audit'] });
    assert.deepEqual(await rolesOf(user.id), await ids('Editor', 'ReadOnly'));
    assert.deepEqual(await groupsOf(user.id), [auditors]);

    // A group attribute with one value (not multi-valued) counts too.
    await samlSignIn({ ...person, groups: ['Finance'] });
    assert.deepEqual(await rolesOf(user.id), await ids('Editor', 'Support'));
    assert.deepEqual(await groupsOf(user.id), [finance]);
  });

  const acs = `${ORIGIN}${ssoPaths.samlAcs.path}`;
  const spEntityId = `${ORIGIN}${ssoPaths.samlMetadata.path}`;

  it("IdP-initiated SAML: an unsolicited assertion of the configuration's IdP signs in once; its replay is refused", async () => {
    const response = saml.respondUnsolicited(
      { acsUrl: acs, spEntityId },
      { nameId: 'idp@saml.test', email: 'idp@saml.test', name: 'Idp Started' },
    );
    const browser = testBrowser(t.app, ORIGIN);
    // An IdP often sends its own RelayState (a target), which is no state of ours.
    const to = landing(await postAcs(browser, response, 'https://app.example/target'));
    assert.equal(to.pathname, '/account/saml/callback');
    const code = to.searchParams.get('code');
    assert.ok(code, to.href);
    const body = await f.json<{ user: { email: string } }>(
      await postLogin(browser, paths.auth.postLogin, code),
    );
    assert.equal(body.user.email, 'idp@saml.test');
    const user = await userByEmail('idp@saml.test');
    assert.deepEqual(await rolesOf(user.id), await ids('Editor'));

    // The same response again (another browser, or the same): refused, nothing signed in.
    const replayed = landing(await postAcs(testBrowser(t.app, ORIGIN), response, ''));
    assert.equal(replayed.searchParams.get('error'), 'login_failed');
    assert.equal(replayed.searchParams.get('code'), null);
    assert.match(await lastFailure(), /replayed/);
    assert.ok((await f.db.select().from(ssoSeenAssertions)).length >= 1);
  });

  it('IdP-initiated SAML: the login code works only in the browser that posted the assertion', async () => {
    const response = saml.respondUnsolicited(
      { acsUrl: acs, spEntityId },
      { nameId: 'bound@saml.test', email: 'bound@saml.test' },
    );
    const poster = testBrowser(t.app, ORIGIN);
    const code = landing(await postAcs(poster, response, '')).searchParams.get('code')!;
    assert.ok(code);
    await f.errorsOf(await postLogin(testBrowser(t.app, ORIGIN), paths.auth.postLogin, code), 401);
  });

  it("[SSO-004] a configuration signs in only the users of its validated domains: another account's user asserted by an IdP is refused, nothing linked", async () => {
    const victim = await f.createUser({
      email: 'victim@elsewhere.test',
      tenants: [{ id: await f.tenantId('Acme Europe'), roles: ['Admin'] }],
    });
    // The IdP (any tenant's, self-service) claims a verified address outside the domains it validated.
    const flow = await oidcFlow({ sub: 'taker-1', email: 'victim@elsewhere.test', email_verified: true });
    assert.equal(flow.landed.searchParams.get('error'), 'login_failed');
    assert.equal(flow.landed.searchParams.get('code'), null);
    assert.match(await lastFailure(), /email domain not validated by the configuration/);
    const links = await f.db.select().from(userIdentities).where(eq(userIdentities.userId, victim.id));
    assert.equal(links.length, 0);
    // SAML alike, IdP-initiated included.
    const response = saml.respondUnsolicited(
      { acsUrl: acs, spEntityId },
      { nameId: 'victim@elsewhere.test', email: 'victim@elsewhere.test' },
    );
    const to = landing(await postAcs(testBrowser(t.app, ORIGIN), response, ''));
    assert.equal(to.searchParams.get('code'), null);
  });

  it('IdP-initiated SAML: one IdP imported by two accounts signs the user into the account that validated their domain', async () => {
    // Another account imports the same (public) IdP metadata and validates a domain of its own.
    const other = await register({
      tenant: 'Acme Europe',
      kind: 'saml',
      domains: ['europe-saml.test'],
      config: { entryPoint: saml.entryPoint, idpCert: saml.cert, idpIssuer: saml.entityId },
    });
    try {
      for (const [email, tenant] of [
        ['two@saml.test', acme],
        ['two@europe-saml.test', await f.tenantId('Acme Europe')],
      ] as const) {
        const browser = testBrowser(t.app, ORIGIN);
        const response = saml.respondUnsolicited({ acsUrl: acs, spEntityId }, { nameId: email, email });
        const code = landing(await postAcs(browser, response, '')).searchParams.get('code');
        assert.ok(code, email);
        const body = await f.json<{ user: { email: string; tenantId: string } }>(
          await postLogin(browser, paths.auth.postLogin, code),
        );
        assert.equal(body.user.email, email);
        assert.equal(body.user.tenantId, tenant, email);
      }
    } finally {
      await f.db.delete(ssoConfigurations).where(eq(ssoConfigurations.id, other.id));
    }
  });

  it('IdP-initiated SAML: an unknown issuer, a forged issuer, an InResponseTo or another audience is refused', async () => {
    const stranger = await startSamlIdp();
    try {
      const user = { nameId: 'who@saml.test', email: 'who@saml.test' };
      const refused = async (response: string, why: RegExp) => {
        const to = landing(await postAcs(testBrowser(t.app, ORIGIN), response, ''));
        assert.equal(to.searchParams.get('error'), 'login_failed', String(why));
        assert.equal(to.searchParams.get('code'), null, String(why));
        assert.match(await lastFailure(), why);
      };
      // An IdP no configuration names.
      await refused(stranger.respondUnsolicited({ acsUrl: acs, spEntityId }, user), /unknown IdP issuer/);
      // Another IdP claiming the configured IdP's entity id: its signature does not verify.
      await refused(
        stranger.respondUnsolicited({ acsUrl: acs, spEntityId }, user, { issuer: saml.entityId }),
        /Invalid signature/,
      );
      // An answer to some request (InResponseTo) without our RelayState.
      await refused(
        saml.respond({ id: '_some-request', acsUrl: acs, spEntityId, relayState: '' }, user),
        /InResponseTo/,
      );
      await refused(
        saml.respondUnsolicited({ acsUrl: acs, spEntityId: 'https://other-sp.example' }, user),
        /audience mismatch/,
      );
      await refused(
        saml.respondUnsolicited({ acsUrl: acs, spEntityId }, user, { recipient: 'https://x.example/acs' }),
        /not for this ACS/,
      );
      await refused(
        saml.respondUnsolicited({ acsUrl: acs, spEntityId }, user, { shiftMs: -3_600_000 }),
        /expired/,
      );
    } finally {
      await stranger.close();
    }
  });

  it("SAML: an assertion of another configuration's IdP is refused (SP- and IdP-initiated)", async () => {
    const other = await startSamlIdp();
    try {
      const otherId = (
        await register({
          tenant: 'Acme',
          kind: 'saml',
          domains: ['other-idp.test'],
          config: { entryPoint: other.entryPoint, idpCert: other.cert, idpIssuer: other.entityId },
        })
      ).id;
      assert.ok(otherId);
      const user = { nameId: 'x@saml.test', email: 'x@saml.test' };
      // SP-initiated for the main configuration, answered by the other configuration's IdP.
      const { browser, request } = await samlStart();
      let to = landing(await postAcs(browser, other.respond(request, user), request.relayState));
      assert.equal(to.searchParams.get('error'), 'login_failed');
      assert.match(await lastFailure(), /Invalid signature|Issuer/);
      // Signed by the other IdP but claiming the main IdP's issuer (IdP-initiated): the main certificate refuses it.
      to = landing(
        await postAcs(
          testBrowser(t.app, ORIGIN),
          other.respondUnsolicited({ acsUrl: acs, spEntityId }, user, { issuer: saml.entityId }),
          '',
        ),
      );
      assert.equal(to.searchParams.get('error'), 'login_failed');
      assert.match(await lastFailure(), /Invalid signature/);
    } finally {
      await other.close();
    }
  });

  it('SAML: an SP-initiated assertion, once consumed, is not accepted again as an IdP-initiated one', async () => {
    const { browser, request } = await samlStart();
    const response = saml.respond(request, { nameId: 'once@saml.test', email: 'once@saml.test' });
    assert.ok(landing(await postAcs(browser, response, request.relayState)).searchParams.get('code'));
    const again = landing(await postAcs(testBrowser(t.app, ORIGIN), response, ''));
    assert.equal(again.searchParams.get('error'), 'login_failed');
    assert.match(await lastFailure(), /InResponseTo|replayed/);
  });

  it('the test SAML IdP serves its metadata (entity id, redirect SSO service, signing certificate)', async () => {
    const xml = await (await fetch(saml.entityId)).text();
    assert.match(xml, new RegExp(`entityID="${saml.entityId}"`));
    assert.match(xml, new RegExp(`Location="${saml.entryPoint}"`));
    assert.ok(xml.includes(saml.cert.replace(/-----[^-]+-----|\s+/g, '')));
  });
  it('[LOGIN-007] pre-login by email routes only by a validated domain of an enabled configuration', async () => {
    await f.db.insert(ssoDomains).values({
      id: 'pending-domain',
      configurationId: samlConfigId,
      tenantId: acme,
      domain: 'pending.test',
      txtRecord: 'fe-verification=pending',
    });
    const preLogin = async () =>
      (
        await f.json<{ address?: string }>(
          await t.app.request(paths.auth.preLoginV2.path, t.json({ email: 'someone@pending.test' })),
        )
      ).address;
    assert.equal(await preLogin(), undefined);
    await f.db.update(ssoDomains).set({ validated: true }).where(eq(ssoDomains.id, 'pending-domain'));
    assert.match((await preLogin()) ?? '', new RegExp(`configurationId=${samlConfigId}`));
    await f.db
      .update(ssoConfigurations)
      .set({ enabled: false })
      .where(eq(ssoConfigurations.id, samlConfigId));
    try {
      assert.equal(await preLogin(), undefined);
    } finally {
      await f.db
        .update(ssoConfigurations)
        .set({ enabled: true })
        .where(eq(ssoConfigurations.id, samlConfigId));
      await f.db.delete(ssoDomains).where(eq(ssoDomains.id, 'pending-domain'));
    }
  });
});
