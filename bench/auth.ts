// Sign-in figures, not tests:
// - answer times for known vs unknown emails on login, sign-up and forgot password (no enumeration by timing);
// - the sign-in p50 with the atomic attempt reservation, and the reservation's share of it (budget: ≤ 5 %),
//   measured in the same run: the reservation statements alone vs the whole sign-in.
import { clearAttempts, reserveAttempt } from '../server/auth/lockout';
import { paths } from '../shared/api/paths';
import { settled } from '../server/signup/background';
import { fixtures, testServer } from '../server/testing';

// Issuance budgets out of the way: the bench repeats the same sign-up and reset many times on purpose.
const t = await testServer({ issuanceLimits: { perAccount: 1e6, perAddress: 1e6, windowMs: 60_000 } });
const f = fixtures(t);
const runs = 60;

/** Median and p95 (ms) of `runs` sequential runs of `once`. */
async function sample(once: () => Promise<unknown>, n = runs, prepare?: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await prepare?.();
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)]!, p95: times[Math.floor(n * 0.95)]! };
}
/** Sends and checks the status. */
const expect = async (status: number, res: Response | Promise<Response>) => {
  const answer = await res;
  if (answer.status !== status) throw new Error(`unexpected ${answer.status}`);
};
const row = (label: string, s: { median: number; p95: number }) =>
  console.log(`${label} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)}`);

await t.login('warm@acme.test', 'not-the-password');
const acme = await f.tenantId('Acme');
const locked = await f.createUser({ tenants: [{ id: acme }], password: true });
for (let i = 0; i < 5; i++) await t.login(locked.email, `wrong-${i}`);

console.log('\nanswer time (ms)   | median | p95');
console.log('---|---|---');
row(
  'login: known email, wrong password',
  await sample(() => expect(401, t.login('grace@acme.test', 'nope'))),
);
row(
  'login: locked account, right password',
  await sample(() => expect(401, t.login(locked.email, locked.password))),
);
row('login: unknown email', await sample(() => expect(401, t.login('nobody@acme.test', 'nope'))));
let n = 0;
const signUp = (email: string) =>
  t.app.request(paths.auth.signUpUser.path, t.json({ email, password: 'Sign-up-password-9876', name: 'B' }));
// The work after the answer (creation or notice mail) is let finish between samples: the answer's own path.
const quiet = () => settled(t.services.db);
row('sign-up: registered email', await sample(() => expect(200, signUp('grace@acme.test')), 30, quiet));
row('sign-up: new email', await sample(() => expect(200, signUp(`new-${n++}@bench.test`)), 30, quiet));
const forgot = (email: string) => t.app.request(paths.auth.forgotPassword.path, t.json({ email }));
row(
  'forgot password: registered email',
  await sample(() => expect(200, forgot('grace@acme.test')), 30, quiet),
);
row('forgot password: unknown email', await sample(() => expect(200, forgot('nobody@acme.test')), 30, quiet));

// The sign-in with its reservation, and the reservation (reserve + clear, as a right guess does) alone.
const member = await f.createUser({ tenants: [{ id: acme }], password: true });
const user = await t.services.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, member.id) });
const signIn = await sample(() => expect(200, t.login(member.email, member.password)), 100);
const reservation = await sample(async () => {
  await reserveAttempt(t.services, user!);
  await clearAttempts(t.services.db, member.id);
}, 100);
console.log('\nsign-in with the attempt reservation (ms) | median | p95');
console.log('---|---|---');
row('password sign-in (whole request)', signIn);
row('attempt reservation + clear', reservation);
const share = (reservation.median / (signIn.median - reservation.median)) * 100;
console.log(`reservation overhead on the sign-in p50: ${share.toFixed(1)} % (budget 5 %)`);
await t.close();
