// Our flag evaluation against Frontegg's own published evaluator (@frontegg/entitlements-javascript-commons,
// a dev dependency, bundled into this browser test by esbuild): the same random flags and attributes, the
// same treatment. The generator is a seeded PRNG, so a failure names a flag that can be replayed.
import { expect } from '@open-wc/testing';
import {
  evaluateFeatureFlag as peerEvaluateFeatureFlag,
  TreatmentEnum,
} from '@frontegg/entitlements-javascript-commons';
import { evaluateFeatureFlag, TREATMENTS, type FeatureFlag } from './evaluate';
import { compilePattern } from './pattern';

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}
type Random = ReturnType<typeof prng>;

// Pools -------------------------------------------------------------------------------------------------

const STRINGS = [
  '',
  'a',
  'ab',
  'abc',
  'b',
  'ba',
  'pro',
  'free',
  'admin',
  'x-beta-y',
  'A',
  '5',
  '10',
  ' 3 ',
  '0x10',
  '1e3',
  '-1',
  'true',
  'false',
  'null',
  'a,b',
  'jo@acme.com',
  '2024-05-01',
  'NaN',
  'Infinity',
];
const NUMBERS = [0, -0, 1, -1, 2, 3, 5, 10, 2.5, 1000, 16, NaN, Infinity, -Infinity, 1714521600000, 1e21];
const DATE_STRINGS = [
  '2024-05-01',
  '2024-05-01T00:00:00Z',
  '2024-05-01T00:00:00.000Z',
  '2024-05-01T10:30',
  '2024-05-01T02:00:00+02:00',
  '2024-04-30T23:59:59Z',
  '2024-06-15',
  '2023-12-31',
  '2025-01-01',
  '2024-02-30',
  '2024-13-01',
  'May 1, 2024',
  '2024/05/01',
  'x 2024',
  'soon',
  '1714521600000',
  '2024-5-1',
];
const dateObject = (r: Random) => (r.chance(0.1) ? new Date(NaN) : new Date(r.pick(DATE_STRINGS)));
const ARRAYS = [
  [],
  ['a'],
  ['a', 'b'],
  ['pro', 'free'],
  [1, 2],
  ['5', 5],
  [null],
  [['a']],
  ['2024-05-01'],
  [3],
];
const OBJECTS = [{}, { a: 1 }, { list: ['a'] }];

/** An attribute of any type: what the JSON claims or a host's custom attributes can carry. */
function anyValue(r: Random): unknown {
  switch (r.int(10)) {
    case 0:
    case 1:
      return r.pick(STRINGS);
    case 2:
      return r.pick(NUMBERS);
    case 3:
      return r.chance(0.5);
    case 4:
      return r.pick(DATE_STRINGS);
    case 5:
      return dateObject(r);
    case 6:
      return r.pick(ARRAYS);
    case 7:
      return r.chance(0.5) ? null : undefined;
    case 8:
      return r.pick(OBJECTS);
    default:
      return r.int(12) - 2;
  }
}

const STRING_OPS = ['in_list', 'starts_with', 'ends_with', 'contains'] as const;
const NUMBER_OPS = ['equal', 'greater_than', 'greater_than_equal', 'lower_than', 'lower_than_equal'] as const;
const DATE_OPS = ['on', 'on_or_after', 'on_or_before'] as const;
const OPERATORS = [
  ...STRING_OPS,
  'matches',
  ...NUMBER_OPS,
  'between_numeric',
  ...DATE_OPS,
  'between_date',
  'is',
];

/** Patterns: ordinary ones, JavaScript syntax errors, and random token strings (often either). */
const PATTERNS = [
  '^a',
  'b$',
  '\\d+',
  '[a-c]{2}',
  '(x|y)+z',
  'a.*b',
  '^(ab)*$',
  '\\bx',
  '',
  'null',
  '^\\d+$',
  'GMT',
  'true',
  ',',
  '^$',
  '\\s',
  '[^a]',
  'a|b',
  '^pro$',
  '2024',
  'Object',
  '(?:a|b)c?',
  'a{2}',
  '\\w+@\\w+',
  '.',
  '^.{3}$',
  'a{',
  ']',
  '(',
  '[a-',
  'a{2,1}',
  '*a',
  '\\',
  'a**',
  '(?<n>a)b',
  '\\B',
  'N[a-z]N',
  '^-?\\d+(\\.\\d+)?$',
];
const TOKENS = [
  'a',
  'b',
  '.',
  '\\d',
  '[ab]',
  '(a|b)',
  '^',
  '$',
  '*',
  '+',
  '?',
  '{1,2}',
  '(',
  ')',
  '[',
  '\\',
  '|',
  '5',
];

const isJsPattern = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

function pattern(r: Random): string {
  for (;;) {
    const p = r.chance(0.6)
      ? r.pick(PATTERNS)
      : Array.from({ length: 1 + r.int(5) }, () => r.pick(TOKENS)).join('');
    // Our bounded engine refuses some valid JavaScript patterns (lookarounds, backreferences, very large
    // programs): those are its documented limits, not compared here.
    if (compilePattern(p) !== null || !isJsPattern(p)) return p;
  }
}

const stringList = (r: Random) => Array.from({ length: r.int(4) }, () => r.pick(STRINGS));
const dateValue = (r: Random): unknown =>
  r.pick<unknown>([
    ...DATE_STRINGS,
    ...DATE_STRINGS,
    1714521600000,
    0,
    '',
    true,
    null,
    new Date('2024-05-01'),
  ]);

/** A condition value for `op`: mostly of the operator's shape, sometimes not. */
function conditionValue(r: Random, op: string): unknown {
  if (r.chance(0.15)) {
    return r.pick<unknown>([
      null,
      undefined,
      'a',
      3,
      true,
      [],
      {},
      { list: 'a' },
      { list: null },
      { list: ['a', 1] },
      { string: 5 },
      { number: '3' },
      { number: null },
      { start: 1 },
      { start: '1', end: 2 },
      [1, 5],
      { boolean: 'true' },
      { boolean: 1 },
      { date: 'soon' },
      { date: 0 },
      { start: '2024-01-01' },
    ]);
  }
  if ((STRING_OPS as readonly string[]).includes(op)) return { list: stringList(r) };
  if (op === 'matches') return { string: pattern(r) };
  if ((NUMBER_OPS as readonly string[]).includes(op)) return { number: r.pick(NUMBERS) };
  if (op === 'between_numeric') return { start: r.pick(NUMBERS), end: r.pick(NUMBERS) };
  if ((DATE_OPS as readonly string[]).includes(op)) return { date: dateValue(r) };
  if (op === 'between_date') return { start: dateValue(r), end: dateValue(r) };
  return { boolean: r.chance(0.5) };
}

/** An attribute for `op`: half the time of the type the operator compares, else of any type. */
function attributeFor(r: Random, op: string): unknown {
  if (r.chance(0.5)) return anyValue(r);
  if ((STRING_OPS as readonly string[]).includes(op) || op === 'matches') return r.pick(STRINGS);
  if ((NUMBER_OPS as readonly string[]).includes(op) || op === 'between_numeric') return r.pick(NUMBERS);
  if ((DATE_OPS as readonly string[]).includes(op) || op === 'between_date') return dateObject(r);
  return r.chance(0.5);
}

const NAMES = ['a', 'b', 'c', 'd', 'e'];

function condition(r: Random, attributes: Record<string, unknown>): Record<string, unknown> {
  const op = r.chance(0.03) ? r.pick(['unknown_op', 'IN_LIST', '']) : r.pick(OPERATORS);
  const attribute = r.pick(NAMES);
  if (!Object.hasOwn(attributes, attribute) && attribute !== 'e') attributes[attribute] = attributeFor(r, op);
  const negate = r.chance(0.05) ? r.pick<unknown>([1, 0, 'true', '']) : r.pick([true, false, undefined]);
  return { attribute, op, value: conditionValue(r, op), ...(negate === undefined ? {} : { negate }) };
}

function conditions(r: Random, attributes: Record<string, unknown>, depth: number): unknown[] {
  return Array.from({ length: r.int(4) }, () =>
    depth < 2 && r.chance(0.1)
      ? { conditionLogic: r.pick(['and', 'or']), conditions: conditions(r, attributes, depth + 1) }
      : condition(r, attributes),
  );
}

const treatment = (r: Random) => (r.chance(0.05) ? undefined : r.pick(TREATMENTS));

/** A random flag and the attributes it is evaluated with. */
function randomCase(r: Random) {
  const attributes: Record<string, unknown> = {};
  const rules = Array.from({ length: r.int(5) }, () => ({
    ...(r.chance(0.7) ? { conditionLogic: r.pick(['and', 'or', 'and', 'xor']) } : {}),
    conditions: conditions(r, attributes, 0),
    treatment: treatment(r),
  }));
  const flag = {
    on: r.chance(0.05) ? r.pick<unknown>([1, 0, 'yes', '', null]) : r.chance(0.85),
    offTreatment: treatment(r),
    defaultTreatment: treatment(r),
    rules: r.chance(0.05) ? r.pick([undefined, null]) : rules,
  };
  return { flag, attributes };
}

/** The peer's treatment as its entitlement check reads it: `treatment === TreatmentEnum.True`. */
function peerTreatment(flag: unknown, attributes: Record<string, unknown>) {
  try {
    return { treatment: peerEvaluateFeatureFlag(flag as never, attributes).treatment === TreatmentEnum.True };
  } catch (error) {
    return { threw: String(error) };
  }
}

const show = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v === undefined ? '<undefined>' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
  );

describe('feature flags evaluate as Frontegg evaluates them', () => {
  it('[FLAGS-004] [FLAGS-005] [FLAGS-006] [FLAGS-007] [FLAGS-008] [FLAGS-009] [FLAGS-010] [FLAGS-011] [FLAGS-012] [FLAGS-013] [FLAGS-014] 20,000 random flags: the treatment of @frontegg/entitlements-javascript-commons, 0 differences', () => {
    const r = prng(20_240_501);
    const WANTED = 20_000;
    let compared = 0;
    let peerThrew = 0;
    const differences: string[] = [];
    for (let i = 0; compared < WANTED && i < WANTED * 3; i++) {
      const { flag, attributes } = randomCase(r);
      const ours = evaluateFeatureFlag(flag as FeatureFlag, attributes).treatment;
      const peer = peerTreatment(flag, attributes);
      // Where the peer throws (a TypeError: its operation calls a method the attribute lacks, like
      // `(5).startsWith`, or reads a property of a null value) there is no treatment to compare; ours
      // answered above without throwing.
      if ('threw' in peer) {
        peerThrew++;
        continue;
      }
      compared++;
      if (ours !== peer.treatment) {
        differences.push(`#${i}: ours ${ours}, peer ${peer.treatment}: ${show(flag)} on ${show(attributes)}`);
      }
    }
    console.log(`flags compared: ${compared}, differences: ${differences.length}, peer threw: ${peerThrew}`);
    expect(compared).to.equal(WANTED);
    expect(differences.length, differences.slice(0, 5).join('\n')).to.equal(0);
  });

  it('[ENUM-018] the flag treatments are exactly true and false (Frontegg TreatmentEnum)', () => {
    expect([...TREATMENTS]).to.deep.equal(['true', 'false']);
    expect(Object.values(TreatmentEnum).sort()).to.deep.equal([...TREATMENTS].sort());
    // The evaluator reads exactly these: 'true' → on; 'false' (or anything else) → off.
    const flag = (defaultTreatment: string) =>
      ({ on: true, offTreatment: 'false', defaultTreatment }) as FeatureFlag;
    expect(TREATMENTS.map((t) => evaluateFeatureFlag(flag(t), {}).treatment)).to.deep.equal([true, false]);
  });
});
