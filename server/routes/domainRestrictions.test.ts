// Email-domain restrictions through the app (SECURITY-014/015): the list and its defaults, adding and deleting
// entries, the config, bad input, another tenant's entries, the audit rows with old and new values, and the
// enforcement wherever a user is added to an account: invitation, joining by invite link, email change, and a
// sign-up that creates a new account (the vendor's rules). SSO and social account creation: sso.test.ts and
// social.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { settled } from '../signup/background';
import { emailDomainRestrictions, inviteLinks, users } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
interface Entry {
  id: string;
  domain: string;
  type: string;
}
interface Page {
  items: Entry[];
  _metadata: { totalItems: number; totalPages: number };
}
interface ErrorJson {
  errors: string[];
  errorCode?: string;
}

const sp = paths.securityPolicy;
const entryPath = (id: string) => sp.deleteDomainRestriction.path.replace('{id}', encodeURIComponent(id));

let t: TestServer;
let f: ReturnType<typeof fixtures>;

/** A fresh tenant with an administrator (Admin role) and a member (Viewer). */
async function account() {
  const tenantId = await f.newTenant(`Domains ${randomUUID().slice(0, 8)}`);
  const admin = await f.createUser({ tenants: [{ id: tenantId, roles: ['Admin'] }] });
  const member = await f.createUser({ tenants: [{ id: tenantId, roles: ['Viewer'] }] });
  return { tenantId, admin, member, token: await admin.tokenIn(), memberToken: await member.tokenIn() };
}

const add = async (token: string, body: Json, status = 201) =>
  f.json<Entry>(await f.request('POST', sp.createDomainRestriction.path, token, body), status);
const configure = async (token: string, body: Json) =>
  f.json<Json>(await f.request('POST', sp.updateDomainRestrictionConfig.path, token, body));
const refusal = async (res: Response, status: number) => f.json<ErrorJson>(res, status);
const invite = (token: string, email: string) =>
  f.request('POST', paths.teams.addUser.path, token, { email, name: 'Invited' });
const unique = () => randomUUID().slice(0, 8);

before(async () => {
  t = await testServer({ authRateLimitPerMinute: 1000 });
  f = fixtures(t);
});
after(() => t.close());

describe('email-domain restrictions: the calls', () => {
  it('[SECURITY-014] an entry carries id, domain and type; the config active, blockPublicDomains and listType (inactive BLOCK by default)', async () => {
    const { token } = await account();
    const config = await f.json<Json>(await f.request('GET', sp.getDomainRestrictionsConfig.path, token));
    assert.deepEqual(config, { active: false, blockPublicDomains: false, listType: 'BLOCK' });
    const entry = await add(token, { domain: 'Partner.Example.COM', type: 'allow' });
    assert.deepEqual(Object.keys(entry).sort(), ['domain', 'id', 'type']);
    assert.deepEqual([entry.domain, entry.type], ['partner.example.com', 'ALLOW'], 'stored lower-case');
    const saved = await configure(token, { active: true, blockPublicDomains: true, type: 'ALLOW' });
    assert.deepEqual(saved, { active: true, blockPublicDomains: true, listType: 'ALLOW' });
    assert.deepEqual(await f.json(await f.request('GET', sp.getDomainRestrictionsConfig.path, token)), saved);
    // A save without blockPublicDomains or type keeps them.
    assert.deepEqual(await configure(token, { active: false }), { ...saved, active: false });
  });

  it('[SECURITY-015] the list defaults to limit 10 and offset 0; _offset counts pages', async () => {
    const { token } = await account();
    const added: string[] = [];
    for (let i = 0; i < 12; i++)
      added.push((await add(token, { domain: `d${i}.example.org`, type: 'BLOCK' })).id);
    const first = await f.json<Page>(await f.request('GET', sp.getDomainRestrictions.path, token));
    assert.deepEqual(
      first.items.map((e) => e.id),
      added.slice(0, 10),
      'the first 10, oldest first',
    );
    assert.deepEqual(first._metadata, { totalItems: 12, totalPages: 2 });
    const second = await f.json<Page>(
      await f.request('GET', `${sp.getDomainRestrictions.path}?_offset=1`, token),
    );
    assert.deepEqual(
      second.items.map((e) => e.id),
      added.slice(10),
    );
    const small = await f.json<Page>(
      await f.request('GET', `${sp.getDomainRestrictions.path}?_offset=2&_limit=5`, token),
    );
    assert.deepEqual(
      small.items.map((e) => e.id),
      added.slice(10),
    );
    assert.match(
      (await f.errorsOf(await f.request('GET', `${sp.getDomainRestrictions.path}?_limit=0`, token), 400))[0]!,
      /^_limit: /,
    );
  });

  it('[SECURITY-014] a domain must be a host name: emails, URLs, wildcards, single labels and bad list types are 400s naming the problem', async () => {
    const { token } = await account();
    const cases: [unknown, RegExp][] = [
      ['someone@example.com', /^domain: Enter the domain only/],
      ['https://example.com/path', /^domain: Enter a domain name, not a URL/],
      ['example.com:8080', /^domain: Enter a domain name, not a URL/],
      ['*.example.com', /^domain: Wildcards are not supported/],
      ['localhost', /^domain: Enter a full domain name/],
      ['-bad.example.com', /^domain: Not a valid domain name/],
      ['exa_mple.com', /^domain: Not a valid domain name/],
      ['example.123', /^domain: Not a valid domain name/],
      ['', /^domain: Required/],
      [42, /^domain: /],
    ];
    for (const [domain, problem] of cases) {
      const errors = await f.errorsOf(
        await f.request('POST', sp.createDomainRestriction.path, token, { domain, type: 'BLOCK' }),
        400,
      );
      assert.match(errors.join(' | '), problem, `${String(domain)}: ${errors.join(' | ')}`);
    }
    const badType = await f.errorsOf(
      await f.request('POST', sp.createDomainRestriction.path, token, {
        domain: 'ok.example',
        type: 'MAYBE',
      }),
      400,
    );
    assert.deepEqual(badType, ['type: Must be ALLOW or BLOCK']);
    const noActive = await f.errorsOf(
      await f.request('POST', sp.updateDomainRestrictionConfig.path, token, { blockPublicDomains: true }),
      400,
    );
    assert.match(noActive[0]!, /^active: /);
    const page = await f.json<Page>(await f.request('GET', sp.getDomainRestrictions.path, token));
    assert.equal(page._metadata.totalItems, 0, 'nothing refused was stored');
  });

  it('[SECURITY-014] the same domain on the same list answers the existing entry; type defaults to the list type', async () => {
    const { token } = await account();
    const first = await add(token, { domain: 'dup.example', type: 'BLOCK' });
    const again = await add(token, { domain: ' DUP.example. ', type: 'block' });
    assert.equal(again.id, first.id);
    // Without a type: the config's list type (BLOCK by default, then ALLOW once saved so).
    assert.equal((await add(token, { domain: 'untyped.example' })).type, 'BLOCK');
    await configure(token, { active: false, type: 'ALLOW' });
    const allowed = await add(token, { domain: 'dup.example' });
    assert.equal(allowed.type, 'ALLOW');
    assert.notEqual(allowed.id, first.id, 'the allow list is another list');
  });

  it('[SECURITY-014] delete: the own entry goes, an unknown or another tenant’s entry is a 404 (ER-4019)', async () => {
    const mine = await account();
    const other = await account();
    const entry = await add(mine.token, { domain: 'gone.example', type: 'BLOCK' });
    const theirs = await add(other.token, { domain: 'theirs.example', type: 'BLOCK' });
    assert.deepEqual(await f.json(await f.request('DELETE', entryPath(entry.id), mine.token)), {});
    const again = await refusal(await f.request('DELETE', entryPath(entry.id), mine.token), 404);
    assert.deepEqual(again, { errors: ['Email-domain restriction not found'], errorCode: 'ER-4019' });
    await refusal(await f.request('DELETE', entryPath(theirs.id), mine.token), 404);
    const [kept] = await f.db
      .select()
      .from(emailDomainRestrictions)
      .where(eq(emailDomainRestrictions.id, theirs.id));
    assert.ok(kept, 'another tenant’s entry survives');
    const listed = await f.json<Page>(await f.request('GET', sp.getDomainRestrictions.path, mine.token));
    assert.ok(!JSON.stringify(listed).includes('theirs.example'), 'never listed to another tenant');
  });

  it('reads need fe.secure.read.securityPolicy, changes fe.secure.write.securityPolicy', async () => {
    const { tenantId, token } = await account();
    const support = await f.createUser({ tenants: [{ id: tenantId, roles: ['Support'] }] });
    const viewer = await f.createUser({ tenants: [{ id: tenantId, roles: ['Viewer'] }] });
    const entry = await add(token, { domain: 'perm.example', type: 'BLOCK' });
    const supportToken = await support.tokenIn();
    const viewerToken = await viewer.tokenIn();
    assert.equal((await f.request('GET', sp.getDomainRestrictions.path, supportToken)).status, 200);
    assert.equal((await f.request('GET', sp.getDomainRestrictionsConfig.path, supportToken)).status, 200);
    assert.equal((await f.request('GET', sp.getDomainRestrictions.path, viewerToken)).status, 403);
    for (const who of [supportToken, viewerToken]) {
      assert.equal(
        (await f.request('POST', sp.createDomainRestriction.path, who, { domain: 'x.example' })).status,
        403,
      );
      assert.equal((await f.request('DELETE', entryPath(entry.id), who)).status, 403);
      assert.equal(
        (await f.request('POST', sp.updateDomainRestrictionConfig.path, who, { active: true })).status,
        403,
      );
    }
  });

  it('every change writes an audit row with the old and new values', async () => {
    const { tenantId, token } = await account();
    const entry = await add(token, { domain: 'audited.example', type: 'BLOCK' });
    await add(token, { domain: 'audited.example', type: 'BLOCK' }); // no change: no row
    await configure(token, { active: true, blockPublicDomains: true });
    await f.request('DELETE', entryPath(entry.id), token);
    const rows = async (action: string) => (await f.auditsFor(action)).filter((a) => a.tenantId === tenantId);
    const created = await rows('Email-domain restriction created');
    assert.equal(created.length, 1);
    assert.deepEqual(created[0]!.json, {
      id: entry.id,
      domain: 'audited.example',
      old: null,
      new: { id: entry.id, domain: 'audited.example', type: 'BLOCK' },
    });
    const [config] = await rows('Email-domain restrictions config updated');
    assert.deepEqual(config!.json, {
      old: { active: false, listType: 'BLOCK', blockPublicDomains: false },
      new: { active: true, listType: 'BLOCK', blockPublicDomains: true },
    });
    assert.equal(config!.severity, 'High');
    const [deleted] = await rows('Email-domain restriction deleted');
    assert.deepEqual(deleted!.json, {
      id: entry.id,
      domain: 'audited.example',
      old: { id: entry.id, domain: 'audited.example', type: 'BLOCK' },
      new: null,
    });
  });

  it('a security policy save (lockout) writes an audit row with the old and new values', async () => {
    const { tenantId, token } = await account();
    await f.json(
      await f.request('POST', sp.saveLockoutPolicy.path, token, { enabled: true, maxAttempts: 7 }),
    );
    const [row] = (await f.auditsFor('Security policy updated: lockout')).filter(
      (a) => a.tenantId === tenantId,
    );
    const json = row!.json as { before: { maxAttempts: number }; after: { maxAttempts: number } };
    assert.equal(json.before.maxAttempts, 5, 'the default before');
    assert.equal(json.after.maxAttempts, 7);
  });
});

describe('email-domain restrictions: enforced wherever a user is added to an account', () => {
  it('[SECURITY-014] invitation: an active block list refuses its domains and their subdomains (403, ER-1012)', async () => {
    const { token } = await account();
    await add(token, { domain: 'blocked.example', type: 'BLOCK' });
    // Inactive: the list is not applied.
    await f.json(await invite(token, `a-${unique()}@blocked.example`));
    await configure(token, { active: true, type: 'BLOCK' });
    for (const email of [`b-${unique()}@blocked.example`, `c-${unique()}@mail.BLOCKED.example`]) {
      const body = await refusal(await invite(token, email), 403);
      assert.equal(body.errorCode, 'ER-1012');
      assert.match(body.errors[0]!, /^Email addresses at [\w.]*blocked\.example are not allowed/);
      const [user] = await f.db.select().from(users).where(eq(users.email, email.toLowerCase()));
      assert.equal(user, undefined, `${email}: nobody created`);
    }
    await f.json(await invite(token, `d-${unique()}@notblocked.example`));
  });

  it('[SECURITY-014] invitation: an active allow list lets in only its domains', async () => {
    const { token } = await account();
    await add(token, { domain: 'partner.example', type: 'ALLOW' });
    await add(token, { domain: 'other.example', type: 'BLOCK' }); // on the other list: not applied
    await configure(token, { active: true, type: 'ALLOW' });
    await f.json(await invite(token, `a-${unique()}@partner.example`));
    await f.json(await invite(token, `b-${unique()}@eu.partner.example`));
    assert.equal(
      (await refusal(await invite(token, `c-${unique()}@elsewhere.example`), 403)).errorCode,
      'ER-1012',
    );
    assert.equal(
      (await refusal(await invite(token, `d-${unique()}@other.example`), 403)).errorCode,
      'ER-1012',
    );
  });

  it('[SECURITY-014] blockPublicDomains refuses free-mail providers (email-providers list, ER-1013), list active or not', async () => {
    const { token } = await account();
    await configure(token, { active: false, blockPublicDomains: true });
    for (const provider of ['gmail.com', 'googlemail.com', 'outlook.com', 'yahoo.com']) {
      const body = await refusal(await invite(token, `x-${unique()}@${provider}`), 403);
      assert.deepEqual(body, {
        errors: [`${provider} is a public email provider: use a work email address`],
        errorCode: 'ER-1013',
      });
    }
    await f.json(await invite(token, `y-${unique()}@company.example`));
    // A public domain the tenant names on its active allow list is let in.
    await add(token, { domain: 'gmail.com', type: 'ALLOW' });
    await add(token, { domain: 'company.example', type: 'ALLOW' });
    await configure(token, { active: true, blockPublicDomains: true, type: 'ALLOW' });
    await f.json(await invite(token, `z-${unique()}@gmail.com`));
    assert.equal((await refusal(await invite(token, `w-${unique()}@yahoo.com`), 403)).errorCode, 'ER-1012');
  });

  it('[SECURITY-014] joining by invite link follows the tenant’s restrictions', async () => {
    const { tenantId, token } = await account();
    const link = `link-${randomUUID()}`;
    await f.db
      .insert(inviteLinks)
      .values({ tenantId, token: link, expiresAt: new Date(Date.now() + 3_600_000) });
    await add(token, { domain: 'nolink.example', type: 'BLOCK' });
    await configure(token, { active: true, type: 'BLOCK' });
    const signUp = (email: string) =>
      t.app.request(
        paths.auth.signUpUser.path,
        t.json({ email, name: 'Joiner', password: 'a-long-password-123', invitationToken: link }),
      );
    const refused = await refusal(await signUp(`j-${unique()}@nolink.example`), 403);
    assert.equal(refused.errorCode, 'ER-1012');
    const email = `k-${unique()}@fine.example`;
    await f.json(await signUp(email));
    await settled(f.db);
    const [joined] = await f.db.select().from(users).where(eq(users.email, email));
    assert.equal(joined?.activeTenantId, tenantId, 'an allowed address joins the tenant of the link');
  });

  it('[SECURITY-014] email change: an address a member’s account refuses is refused, on request and on verify', async () => {
    const { tenantId, token, member, memberToken } = await account();
    await add(token, { domain: 'nochange.example', type: 'BLOCK' });
    await configure(token, { active: true, type: 'BLOCK' });
    const body = await refusal(
      await f.request('POST', paths.teams.updateEmail.path, memberToken, { email: 'me@nochange.example' }),
      403,
    );
    assert.equal(body.errorCode, 'ER-1012');
    // A code mailed to an allowed address, then the tenant blocks it: the verification is refused.
    const next = `me-${unique()}@later.example`;
    await f.json(await f.request('POST', paths.teams.updateEmail.path, memberToken, { email: next }));
    const mail = await f.mailTo(next);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await add(token, { domain: 'later.example', type: 'BLOCK' });
    const verify = await refusal(
      await f.request('POST', paths.teams.verifyEmail.path, memberToken, { email: next, code }),
      403,
    );
    assert.equal(verify.errorCode, 'ER-1012');
    const [user] = await f.db.select().from(users).where(eq(users.id, member.id));
    assert.equal(user!.email, member.email, 'the email did not change');
    assert.ok(tenantId);
  });

  it('[SECURITY-014] a sign-up that creates a new account follows the vendor’s rules only (PUT /dev/sign-up-email-domains), audited with old and new values', async () => {
    const signUp = (email: string) =>
      t.app.request(
        paths.auth.signUpUser.path,
        t.json({ email, name: 'New', password: 'a-long-password-123', companyName: 'New Co' }),
      );
    // A tenant's restrictions say nothing about a new account.
    const { token } = await account();
    await add(token, { domain: 'tenantonly.example', type: 'BLOCK' });
    await configure(token, { active: true, blockPublicDomains: true });
    await f.json(await signUp(`a-${unique()}@tenantonly.example`));

    const rules = {
      active: true,
      listType: 'BLOCK',
      blockPublicDomains: true,
      domains: ['Vendor-Blocked.example'],
    };
    const saved = await f.json<Json>(
      await t.app.request('/dev/sign-up-email-domains', { ...t.json(rules), method: 'PUT' }),
    );
    assert.deepEqual(saved, { ...rules, domains: ['vendor-blocked.example'] });
    try {
      assert.equal(
        (await refusal(await signUp(`b-${unique()}@vendor-blocked.example`), 403)).errorCode,
        'ER-1012',
      );
      assert.equal((await refusal(await signUp(`c-${unique()}@gmail.com`), 403)).errorCode, 'ER-1013');
      await f.json(await signUp(`d-${unique()}@fine.example`));
      const [row] = await f.auditsFor('Sign-up email-domain restrictions updated');
      assert.deepEqual(row!.json, {
        old: { active: false, listType: 'BLOCK', blockPublicDomains: false, domains: [] },
        new: saved,
      });
      // Bad rules are refused, naming the problem.
      const bad = await f.errorsOf(
        await t.app.request('/dev/sign-up-email-domains', {
          ...t.json({ ...rules, domains: ['*.example'] }),
          method: 'PUT',
        }),
        400,
      );
      assert.match(bad[0]!, /^domains\.0: Wildcards are not supported/);
    } finally {
      await t.app.request('/dev/sign-up-email-domains', {
        ...t.json({ active: false, listType: 'BLOCK', blockPublicDomains: false, domains: [] }),
        method: 'PUT',
      });
    }
  });
});
