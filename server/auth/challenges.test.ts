import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkChallengeCode, findChallenge, issueChallenge, spendChallenge } from './challenges';
import { testServer, type TestServer } from '../testing';

describe('one-time challenges (codes and bearer tokens of the sign-in paths)', () => {
  let t: TestServer;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  it('a code is accepted once; a wrong code counts an attempt; the attempts run out', async () => {
    const { db } = t.services;
    const first = await issueChallenge(db, { kind: 'otc', ttlMs: 60_000, codeDigits: 6 });
    assert.match(first.code!, /^\d{6}$/);
    assert.equal((await findChallenge(db, 'otc', first.token))?.id, first.id);
    assert.equal(await findChallenge(db, 'magic-link', first.token), null, 'another kind does not match');
    const wrong = first.code === '000000' ? '000001' : '000000';
    assert.equal(await checkChallengeCode(db, first.id, wrong), 'wrong');
    assert.equal(await checkChallengeCode(db, first.id, first.code!), 'ok');
    assert.equal(await checkChallengeCode(db, first.id, first.code!), 'expired', 'used once');

    const second = await issueChallenge(db, { kind: 'otc', ttlMs: 60_000, codeDigits: 6 });
    const bad = second.code === '111111' ? '222222' : '111111';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => checkChallengeCode(db, second.id, bad, { maxAttempts: 3 })),
    );
    assert.equal(answers.filter((a) => a === 'wrong').length, 2, 'parallel guesses stop at the limit');
    assert.equal(await checkChallengeCode(db, second.id, second.code!, { maxAttempts: 3 }), 'expired');
  });

  it('an expired challenge is not found; a challenge is spent once; a newer one supersedes older ones', async () => {
    const { db } = t.services;
    const old = await issueChallenge(db, { kind: 'otc', ttlMs: 1000 }, new Date(Date.now() - 5000));
    assert.equal(await findChallenge(db, 'otc', old.token), null);
    const live = await issueChallenge(db, { kind: 'stepup', ttlMs: 60_000 });
    const spent = await Promise.all([spendChallenge(db, live.id), spendChallenge(db, live.id)]);
    assert.deepEqual(spent.sort(), [false, true]);

    const admin = (await t.services.db.query.users.findFirst())!;
    const a = await issueChallenge(db, {
      kind: 'magic-link',
      userId: admin.id,
      ttlMs: 60_000,
      supersede: true,
    });
    const b = await issueChallenge(db, {
      kind: 'magic-link',
      userId: admin.id,
      ttlMs: 60_000,
      supersede: true,
    });
    assert.equal(await findChallenge(db, 'magic-link', a.token), null, 'the older link no longer works');
    assert.equal((await findChallenge(db, 'magic-link', b.token))?.id, b.id);
  });
});
