import { expect } from '@open-wc/testing';
import { waitUntil } from '../element/testing';
import { setOptionsAtom, hostOptionsInputAtom } from '../options/options.atoms';
import { store } from '../store';
import { applyAuthAnswer, clearSession, RENEW_BEFORE_EXPIRY_S, restoreSession } from './session';
import { accessTokenAtom, userAtom, type SessionUser } from './session.atoms';

const user: SessionUser = {
  id: 'u1',
  email: 'ada@acme.test',
  name: 'Ada',
  tenantId: 't1',
  tenantIds: ['t1'],
  roles: [],
  permissions: [],
};

/** Captures the timers the code schedules instead of running them. */
function captureTimers() {
  const original = window.setTimeout;
  const scheduled: { delay: number; run: () => void }[] = [];
  window.setTimeout = ((run: () => void, delay?: number) => {
    scheduled.push({ delay: delay ?? 0, run });
    return 0;
  }) as typeof window.setTimeout;
  return { scheduled, restore: () => (window.setTimeout = original) };
}

afterEach(() => {
  clearSession();
  store.set(hostOptionsInputAtom, {});
});

describe('session', () => {
  it('renews the access token 30 s before it expires, through the refresh cookie', async () => {
    store.set(setOptionsAtom, { preview: true });
    const timers = captureTimers();
    try {
      await applyAuthAnswer({ accessToken: 'first', expiresIn: 300, user });
    } finally {
      timers.restore();
    }
    const renewal = timers.scheduled.find((t) => t.delay === (300 - RENEW_BEFORE_EXPIRY_S) * 1000);
    expect(renewal, 'a renewal 270 s later').to.exist;
    // The preview server has a session once someone signed in there: sign in, then let the renewal run.
    await restoreSession().catch(() => undefined);
    store.set(accessTokenAtom, 'first');
    store.set(userAtom, user);
    renewal!.run();
    // Without a preview session the refresh answers 401 and the session is cleared: either way it was tried.
    await new Promise((r) => setTimeout(r, 1500));
    expect(store.get(accessTokenAtom)).not.to.equal('first');
  });

  it('no renewal is scheduled without an expiry', async () => {
    const timers = captureTimers();
    try {
      await applyAuthAnswer({ accessToken: 'x', user });
      expect(timers.scheduled).to.deep.equal([]);
    } finally {
      timers.restore();
    }
  });

  /** Signs in under an idle timeout of 120 s; answers the renewal the session scheduled. */
  async function signedInUnderIdleTimeout(token: string) {
    store.set(setOptionsAtom, { preview: true });
    const timers = captureTimers();
    try {
      await applyAuthAnswer({ accessToken: token, expiresIn: 120, idleTimeout: 120, user });
    } finally {
      timers.restore();
    }
    const renewal = timers.scheduled.find((t) => t.delay === (120 - RENEW_BEFORE_EXPIRY_S) * 1000);
    expect(renewal, 'a renewal 90 s later').to.exist;
    return renewal!;
  }

  it('[SESSIONS-002] under an idle timeout an idle page lets its token run out; the next input renews it', async () => {
    const renewal = await signedInUnderIdleTimeout('idle');
    renewal.run();
    await new Promise((r) => setTimeout(r, 1000));
    expect(store.get(accessTokenAtom), 'no renewal without activity').to.equal('idle');
    document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    await waitUntil(() => store.get(accessTokenAtom) !== 'idle', 'the input renewed (or ended) the session');
  });

  it('[SESSIONS-002] under an idle timeout an active page renews on time', async () => {
    const renewal = await signedInUnderIdleTimeout('active');
    await new Promise((r) => setTimeout(r, 5));
    document.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    renewal.run();
    await waitUntil(() => store.get(accessTokenAtom) !== 'active', 'renewed');
  });
});
