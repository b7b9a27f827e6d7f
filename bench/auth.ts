// Login answer time for a known email with a wrong password vs an unknown email: they must be comparable
// (no user enumeration by timing). Figures, not tests.
import { testServer } from '../server/testing';

const t = await testServer();
const time = async (email: string) => {
  const started = performance.now();
  const res = await t.login(email, 'not-the-password');
  if (res.status !== 401) throw new Error(`unexpected ${res.status}`);
  return performance.now() - started;
};
const runs = 40;
const sample = async (email: string) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await time(email));
  times.sort((a, b) => a - b);
  return { median: times[runs / 2]!, p95: times[Math.floor(runs * 0.95)]! };
};
await time('warm@acme.test');
const known = await sample('grace@acme.test');
const unknown = await sample('nobody@acme.test');
console.log('\nlogin refused (ms)   | median | p95');
console.log('---|---|---');
console.log(`known email, wrong password | ${known.median.toFixed(1)} | ${known.p95.toFixed(1)}`);
console.log(`unknown email | ${unknown.median.toFixed(1)} | ${unknown.p95.toFixed(1)}`);
await t.close();
