// node --import tsx bench/flags.ts: time to evaluate a feature flag of 20 rules on a 10 kB attribute value
// (target: under 1 ms), and how long hostile `matches` patterns take. Figures, not tests.
import { buildAttributes } from '../shared/flags/attributes';
import type { Condition } from '../shared/flags/conditions';
import { evaluateFeatureFlag, type FeatureFlag, type Rule } from '../shared/flags/evaluate';
import { compilePattern, matchPattern, MATCH_WORK_LIMIT } from '../shared/flags/pattern';

const WARM_UP = 2_000;
const ITERATIONS = 20_000;

/** Mean and 95th percentile, in milliseconds, of `run` timed one call at a time. */
function measure(run: () => unknown, iterations = ITERATIONS, warmUp = WARM_UP) {
  for (let i = 0; i < warmUp; i++) run();
  const times = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    run();
    times[i] = performance.now() - started;
  }
  times.sort();
  const mean = times.reduce((sum, t) => sum + t, 0) / iterations;
  return { mean, p95: times[Math.floor(iterations * 0.95)]!, max: times[iterations - 1]! };
}

const ms = (value: number) => `${value.toFixed(4)} ms`;

// A 10 kB value (a JWT claim), words and digits, with no '@', 'zz' or 'end-marker' in it.
const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'kappa', 'sigma', '2024', 'x1', 'y2'];
let profile = '';
for (let i = 0; profile.length < 10_240; i++) profile += `${words[i % words.length]} `;
profile = profile.slice(0, 10_240);

const attributes = buildAttributes({
  custom: { seats: 42, cohort: 'beta', signedUp: '2024-03-01T10:00:00Z' },
  jwt: {
    sub: 'user-1',
    email: 'jo@acme.com',
    email_verified: true,
    tenantId: 'tenant-1',
    metadata: { profile },
  },
});

// Each rule: two conditions that hold, then one on the 10 kB value that fails, so that all 20 rules are
// evaluated to the end and the flag falls back to its default treatment (the slowest path).
const onTheBigValue: Condition[] = [
  { attribute: 'jwt.metadata.profile', op: 'contains', value: { list: ['zz', 'end-marker', '@'] } },
  // A match must contain '@example.com': answered by one indexOf.
  { attribute: 'jwt.metadata.profile', op: 'matches', value: { string: '^[\\w ]+@example\\.com$' } },
  { attribute: 'jwt.metadata.profile', op: 'ends_with', value: { list: ['end-marker'] } },
  // No literal to look for: these two scan the whole 10 kB value.
  { attribute: 'jwt.metadata.profile', op: 'matches', value: { string: '[0-9]{5}' } },
  { attribute: 'jwt.metadata.profile', op: 'in_list', value: { list: ['alpha', 'beta', profile.slice(1)] } },
  { attribute: 'jwt.metadata.profile', op: 'matches', value: { string: '(\\w+\\s){3}\\d{5}' } },
  { attribute: 'jwt.metadata.profile', op: 'starts_with', value: { list: ['beta', 'gamma'] } },
  { attribute: 'jwt.metadata.profile', op: 'contains', value: { list: ['omega kappa omega'] } },
];
const holding: Condition[] = [
  { attribute: 'frontegg.email', op: 'ends_with', value: { list: ['@acme.com'] } },
  { attribute: 'seats', op: 'between_numeric', value: { start: 10, end: 100 } },
  { attribute: 'signedUp', op: 'on_or_after', value: { date: '2024-01-01' } },
  { attribute: 'frontegg.emailVerified', op: 'is', value: { boolean: true } },
  { attribute: 'cohort', op: 'in_list', value: { list: ['alpha', 'beta'] } },
];
const rules: Rule[] = Array.from({ length: 20 }, (_, i) => ({
  conditions: [
    holding[i % holding.length]!,
    holding[(i + 1) % holding.length]!,
    onTheBigValue[i % onTheBigValue.length]!,
  ],
  treatment: 'true',
}));
const flag: FeatureFlag = { on: true, offTreatment: 'false', defaultTreatment: 'false', rules };

if (evaluateFeatureFlag(flag, attributes).treatment !== false)
  throw new Error('the bench flag should fall through');
const matchesRules = rules.filter((rule) =>
  rule.conditions.some((c) => 'op' in c && c.op === 'matches'),
).length;
const flagTime = measure(() => evaluateFeatureFlag(flag, attributes));

// Hostile patterns on 10 000 characters; first call (compiled and run cold) and then warm.
const hostileInput = `${'a'.repeat(10_000)}!`;
// Character classes where a literal would do: no shortcut, every pattern runs over the whole input.
const hostile = ['(a+)+$', '(a|aa)+[^a!]', '(a*)*[b-z]', '.*.*[=-][bc]', '(.*a){20}[bc]', '(\\w+\\s?)+$'];
const hostileRows = hostile.map((pattern) => {
  const started = performance.now();
  const result = matchPattern(pattern, hostileInput);
  const cold = performance.now() - started;
  const warm = measure(() => matchPattern(pattern, hostileInput), 200, 20);
  return { pattern, result, cold, warm };
});

// The slowest run the bound allows: a pattern whose every state is alive at every position, on the
// longest input its size permits, with word boundaries (no remembered automaton).
const worstPattern = `(?:\\b|a|a|a|a|a|a|a|a)*`.repeat(12) + '[bc]';
const worstProgram = compilePattern(worstPattern)!;
const worstInput = 'a'.repeat(Math.floor(MATCH_WORK_LIMIT / worstProgram.size) - 1);
const worst = measure(() => matchPattern(worstPattern, worstInput), 20, 3);

// The browser's own engine on the first hostile pattern, for comparison, on 23 characters only.
const nativeInput = `${'a'.repeat(22)}!`;
const nativeStarted = performance.now();
/(a+)+$/.test(nativeInput);
const native = performance.now() - nativeStarted;

console.log('Feature flag evaluation (shared/flags)');
console.log(
  `  flag of ${rules.length} rules (${rules.length * 3} conditions, ${matchesRules} rules with a matches) on a ` +
    `${(profile.length / 1024).toFixed(0)} kB attribute value, ${ITERATIONS} runs after ${WARM_UP} warm-up:`,
);
console.log(
  `    mean ${ms(flagTime.mean)}   p95 ${ms(flagTime.p95)}   max ${ms(flagTime.max)}   (target < 1 ms)`,
);
console.log(
  `  hostile matches patterns on ${hostileInput.length} characters (result, first run, warm mean / p95):`,
);
for (const row of hostileRows) {
  console.log(
    `    ${row.pattern.padEnd(14)} ${String(row.result).padEnd(6)} ${ms(row.cold).padStart(12)}   ` +
      `${ms(row.warm.mean)} / ${ms(row.warm.p95)}`,
  );
}
console.log(
  `  worst run the bound allows (${worstProgram.size} states × ${worstInput.length} characters ≤ ` +
    `${MATCH_WORK_LIMIT}): mean ${ms(worst.mean)}, max ${ms(worst.max)}`,
);
console.log(
  `  for comparison, the built-in RegExp: /(a+)+$/ on ${nativeInput.length} characters: ${ms(native)}`,
);
