import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  booleanOperators,
  dateOperators,
  evaluateCondition,
  numericOperators,
  stringOperators,
  type Condition,
  type ConditionOperator,
} from './conditions';

const allOperators: ConditionOperator[] = [
  ...stringOperators,
  ...numericOperators,
  ...dateOperators,
  ...booleanOperators,
];

/** Evaluates `op` with `value` on the attribute `a` = `attribute`, plain and negated. */
function check(op: ConditionOperator, value: unknown, attribute: unknown) {
  const condition: Condition = { attribute: 'a', op, value };
  return {
    plain: evaluateCondition(condition, { a: attribute }),
    negated: evaluateCondition({ ...condition, negate: true }, { a: attribute }),
  };
}

const holds = (op: ConditionOperator, value: unknown, attribute: unknown) =>
  check(op, value, attribute).plain;

// Arbitraries --------------------------------------------------------------------------------------------

const shortString = fc.string({ maxLength: 12 });
const stringList = fc.array(shortString, { maxLength: 5 });
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const number = fc.oneof(finite, fc.integer({ min: -1000, max: 1000 }));
// From 1: a condition's date must be present (truthy), as Frontegg checks it, and 0 is not.
const epochMs = fc.integer({ min: 1, max: Date.UTC(2100, 0, 1) });
/** A date as a condition or attribute carries it: epoch ms, or an ISO string (with a Z or an offset). */
const dateAs = (ms: number) =>
  fc.constantFrom<unknown>(ms, new Date(ms).toISOString(), new Date(ms).toISOString().replace('Z', '+00:00'));

/** A valid value for each operator. */
const validValue: Record<ConditionOperator, fc.Arbitrary<unknown>> = {
  in_list: stringList.map((list) => ({ list })),
  starts_with: stringList.map((list) => ({ list })),
  ends_with: stringList.map((list) => ({ list })),
  contains: stringList.map((list) => ({ list })),
  matches: fc.constantFrom('^a', 'b$', '\\d+', '[a-c]{2}', '(x|y)+z', '').map((string) => ({ string })),
  equal: number.map((n) => ({ number: n })),
  greater_than: number.map((n) => ({ number: n })),
  greater_than_equal: number.map((n) => ({ number: n })),
  lower_than: number.map((n) => ({ number: n })),
  lower_than_equal: number.map((n) => ({ number: n })),
  between_numeric: fc.tuple(number, number).map(([x, y]) => ({ start: Math.min(x, y), end: Math.max(x, y) })),
  on: epochMs.chain(dateAs).map((date) => ({ date })),
  on_or_after: epochMs.chain(dateAs).map((date) => ({ date })),
  on_or_before: epochMs.chain(dateAs).map((date) => ({ date })),
  between_date: fc.tuple(epochMs, epochMs).map(([x, y]) => ({ start: Math.min(x, y), end: Math.max(x, y) })),
  is: fc.boolean().map((boolean) => ({ boolean })),
};

/** An attribute of the type each operator compares. */
const validAttribute: Record<ConditionOperator, fc.Arbitrary<unknown>> = {
  in_list: shortString,
  starts_with: shortString,
  ends_with: shortString,
  contains: shortString,
  matches: fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'x', 'y', 'z', '1', '2'), maxLength: 10 }),
  equal: number,
  greater_than: number,
  greater_than_equal: number,
  lower_than: number,
  lower_than_equal: number,
  between_numeric: number,
  on: epochMs.chain(dateAs),
  on_or_after: epochMs.chain(dateAs),
  on_or_before: epochMs.chain(dateAs),
  between_date: epochMs.chain(dateAs),
  is: fc.boolean(),
};

const validCase = fc
  .constantFrom(...allOperators)
  .chain((op) => fc.tuple(fc.constant(op), validValue[op], validAttribute[op]));

const toMs = (value: unknown) => (typeof value === 'number' ? value : Date.parse(value as string));

// Example tests per rule ---------------------------------------------------------------------------------

describe('condition operators', () => {
  it('[FLAGS-003] a condition is read from its attribute, op, value and negate', () => {
    const condition: Condition = {
      attribute: 'jwt.plan',
      op: 'in_list',
      value: { list: ['pro'] },
      negate: false,
    };
    expect(evaluateCondition(condition, { 'jwt.plan': 'pro' })).to.equal(true);
    expect(evaluateCondition({ ...condition, attribute: 'jwt.tier' }, { 'jwt.plan': 'pro' })).to.equal(false);
    expect(evaluateCondition({ ...condition, value: { list: ['free'] } }, { 'jwt.plan': 'pro' })).to.equal(
      false,
    );
    expect(evaluateCondition({ ...condition, negate: true }, { 'jwt.plan': 'pro' })).to.equal(false);
    expect(
      evaluateCondition({ ...condition, op: 'starts_with', value: { list: ['p'] } }, { 'jwt.plan': 'pro' }),
    ).to.equal(true);
  });

  it('[FLAGS-007] string operators: in_list, starts_with, ends_with, contains, matches', () => {
    expect(stringOperators).to.deep.equal(['in_list', 'starts_with', 'ends_with', 'contains', 'matches']);
    expect(holds('in_list', { list: ['a@x.io', 'b@x.io'] }, 'b@x.io')).to.equal(true);
    expect(holds('in_list', { list: ['a@x.io'] }, 'A@x.io'), 'case-sensitive').to.equal(false);
    expect(holds('starts_with', { list: ['zz', 'adm'] }, 'admin')).to.equal(true);
    expect(holds('starts_with', { list: ['min'] }, 'admin')).to.equal(false);
    expect(holds('ends_with', { list: ['@acme.com'] }, 'jo@acme.com')).to.equal(true);
    expect(holds('ends_with', { list: ['@acme.com'] }, 'jo@acme.com.evil')).to.equal(false);
    expect(holds('contains', { list: ['beta'] }, 'x-beta-y')).to.equal(true);
    expect(holds('contains', { list: [] }, 'x-beta-y')).to.equal(false);
    expect(holds('matches', { string: '^[^@]+@acme\\.com$' }, 'jo@acme.com')).to.equal(true);
    expect(holds('matches', { string: '^[^@]+@acme\\.com$' }, 'jo@acmeXcom')).to.equal(false);
  });

  it('[FLAGS-008] numeric operators: equal, greater_than, greater_than_equal, lower_than, lower_than_equal, between_numeric', () => {
    expect(numericOperators).to.have.length(6);
    expect(holds('equal', { number: 3 }, 3)).to.equal(true);
    expect(holds('equal', { number: 3 }, 3.5)).to.equal(false);
    expect(holds('greater_than', { number: 3 }, 3)).to.equal(false);
    expect(holds('greater_than', { number: 3 }, 4)).to.equal(true);
    expect(holds('greater_than_equal', { number: 3 }, 3)).to.equal(true);
    expect(holds('lower_than', { number: 3 }, 3)).to.equal(false);
    expect(holds('lower_than', { number: 3 }, -1)).to.equal(true);
    expect(holds('lower_than_equal', { number: 3 }, 3)).to.equal(true);
    expect(holds('between_numeric', { start: 1, end: 5 }, 1)).to.equal(true);
    expect(holds('between_numeric', { start: 1, end: 5 }, 5)).to.equal(true);
    expect(holds('between_numeric', { start: 1, end: 5 }, 5.01)).to.equal(false);
  });

  it('[FLAGS-009] date operators: on, on_or_after, on_or_before, between_date', () => {
    expect(dateOperators).to.deep.equal(['on', 'on_or_after', 'on_or_before', 'between_date']);
    const may1 = '2024-05-01T00:00:00Z';
    expect(holds('on', { date: '2024-05-01' }, may1)).to.equal(true);
    expect(holds('on', { date: '2024-05-01' }, '2024-05-01T00:00:01Z')).to.equal(false);
    expect(holds('on', { date: Date.UTC(2024, 4, 1) }, '2024-05-01T02:00:00+02:00')).to.equal(true);
    expect(holds('on_or_after', { date: '2024-05-01' }, may1)).to.equal(true);
    expect(holds('on_or_after', { date: '2024-05-01' }, '2024-04-30T23:59:59Z')).to.equal(false);
    expect(holds('on_or_before', { date: '2024-05-01' }, '2024-04-30T23:59:59Z')).to.equal(true);
    expect(holds('on_or_before', { date: '2024-05-01' }, '2024-05-01T00:00:00.001Z')).to.equal(false);
    expect(holds('between_date', { start: '2024-01-01', end: '2024-12-31' }, '2024-06-15')).to.equal(true);
    expect(holds('between_date', { start: '2024-01-01', end: '2024-12-31' }, '2025-01-01')).to.equal(false);
    expect(holds('on_or_after', { date: '2024-05-01' }, new Date(Date.UTC(2024, 5, 1)))).to.equal(true);
  });

  it("[FLAGS-009] dates are read as the browser's Date reads them, as Frontegg's evaluator does", () => {
    const on = (date: unknown, at: Date) => holds('on', { date }, at);
    expect(on('2024-05-01', new Date(Date.UTC(2024, 4, 1))), 'an ISO date alone is UTC').to.equal(true);
    expect(on('2024-05-01T10:30', new Date(2024, 4, 1, 10, 30)), 'no offset: local time').to.equal(true);
    expect(on('2024-05-01T10:30:00-01:30', new Date(Date.UTC(2024, 4, 1, 12)))).to.equal(true);
    expect(on(Date.UTC(2024, 4, 1), new Date('2024-05-01'))).to.equal(true);
    // Whatever the engine's Date makes of a lenient string, the condition makes the same.
    for (const text of ['May 1, 2024', '2024-02-30', '2024/05/01']) {
      expect(on(text, new Date(text)), text).to.equal(!Number.isNaN(new Date(text).getTime()));
    }
    // Not a date: an invalid string, and a falsy value (0, '') as Frontegg's check reads it.
    for (const date of ['yesterday', '2024-13-01', 0, '']) {
      expect(check('on', { date }, new Date(0)), String(date)).to.deep.equal({
        plain: false,
        negated: false,
      });
    }
  });

  it('[FLAGS-010] boolean operator: is', () => {
    expect(booleanOperators).to.deep.equal(['is']);
    expect(holds('is', { boolean: true }, true)).to.equal(true);
    expect(holds('is', { boolean: true }, false)).to.equal(false);
    expect(holds('is', { boolean: false }, false)).to.equal(true);
    expect(holds('is', { boolean: true }, 'true'), 'a string is not a boolean').to.equal(false);
  });

  it('[FLAGS-011] a value that does not suit its operator never matches, negated or not', () => {
    const invalid: [ConditionOperator, unknown, unknown][] = [
      ['in_list', 'a', 'a'],
      ['in_list', { list: 'a' }, 'a'],
      ['in_list', { list: ['a', 1] }, 'a'],
      ['starts_with', { string: 'a' }, 'a'],
      ['matches', { list: ['a'] }, 'a'],
      ['equal', 3, 3],
      ['equal', { number: '3' }, 3],
      ['between_numeric', { start: 1 }, 1],
      ['between_numeric', [1, 5], 3],
      ['on', { date: 'yesterday' }, '2024-05-01'],
      ['on_or_after', '2024-05-01', '2024-05-01'],
      ['between_date', { start: '2024-01-01' }, '2024-06-01'],
      ['in_list', null, 'a'],
      ['is', { boolean: 'true' }, true],
      ['is', true, true],
      ['is', null, true],
    ];
    for (const [op, value, attribute] of invalid) {
      expect(check(op, value, attribute), `${op} ${JSON.stringify(value)}`).to.deep.equal({
        plain: false,
        negated: false,
      });
    }
    expect(check('unknown_op' as ConditionOperator, { list: ['a'] }, 'a')).to.deep.equal({
      plain: false,
      negated: false,
    });
    // Values of the operator's shape that never hold: then `negate` makes them hold (FLAGS-014).
    const never: [ConditionOperator, unknown, unknown][] = [
      ['greater_than', { number: NaN }, 3],
      ['between_numeric', { start: 5, end: 1 }, 3],
      ['between_date', { start: '2024-12-31', end: '2024-01-01' }, '2024-06-01'],
    ];
    for (const [op, value, attribute] of never) {
      expect(check(op, value, attribute), op).to.deep.equal({ plain: false, negated: true });
    }
    expect(holds('lower_than', { number: Infinity }, 3), 'Infinity is a number').to.equal(true);
  });

  it('[FLAGS-011] an attribute of another type is compared as JavaScript compares it, as Frontegg does', () => {
    expect(check('in_list', { list: ['5'] }, 5)).to.deep.equal({ plain: false, negated: true });
    expect(check('in_list', { list: ['b'] }, ['a', 'b'])).to.deep.equal({ plain: true, negated: false });
    expect(check('contains', { list: ['a'] }, ['a'])).to.deep.equal({ plain: true, negated: false });
    expect(check('equal', { number: 5 }, '5')).to.deep.equal({ plain: false, negated: true });
    expect(check('greater_than', { number: 3 }, '5')).to.deep.equal({ plain: true, negated: false });
    expect(check('lower_than', { number: 1 }, null)).to.deep.equal({ plain: true, negated: false });
    expect(check('is', { boolean: true }, 1)).to.deep.equal({ plain: false, negated: true });
    expect(check('matches', { string: '^\\d+$' }, 42)).to.deep.equal({ plain: true, negated: false });
    // Where Frontegg's evaluator throws (no `startsWith` on a number, no `getTime` on a word): false.
    expect(check('starts_with', { list: ['5'] }, 5)).to.deep.equal({ plain: false, negated: false });
    expect(check('on', { date: '2024-05-01' }, 'soon')).to.deep.equal({ plain: false, negated: false });
    // ...unless the list is empty: then nothing is called, and nothing starts the attribute.
    expect(check('starts_with', { list: [] }, 5)).to.deep.equal({ plain: false, negated: true });
  });

  it('[FLAGS-011] any value that is not of the operator shape never matches (property)', () => {
    const shapes = fc.oneof(
      fc.anything(),
      fc.record({
        list: fc.anything(),
        string: fc.anything(),
        number: fc.anything(),
        boolean: fc.anything(),
      }),
      fc.record({ start: fc.anything(), end: fc.anything(), date: fc.anything() }),
    );
    const cases = fc
      .constantFrom(...allOperators)
      .chain((op) => fc.tuple(fc.constant(op), shapes, validAttribute[op]));
    fc.assert(
      fc.property(cases, ([op, value, attribute]) => {
        const result = check(op, value, attribute);
        // A value that happens to be valid must behave as negate says; an invalid one is false both ways.
        if (result.plain || result.negated) expect(result.plain).to.equal(!result.negated);
        else expect(result).to.deep.equal({ plain: false, negated: false });
      }),
    );
    // And the shapes above are seldom valid: the invalid case is really exercised.
    expect(check('equal', { list: 1, string: 2, number: 'x', boolean: 3 }, 1)).to.deep.equal({
      plain: false,
      negated: false,
    });
  });

  it('[FLAGS-012] an invalid matches pattern evaluates to false (and negated, to true)', () => {
    for (const pattern of ['(', '[a-', 'a{2,1}', '*a']) {
      expect(check('matches', { string: pattern }, 'ab'), pattern).to.deep.equal({
        plain: false,
        negated: true,
      });
    }
    // Valid patterns the bounded engine refuses (lookarounds, backreferences): false, negated or not.
    for (const pattern of ['(?<=a)b', '(a)\\1']) {
      expect(check('matches', { string: pattern }, 'ab'), pattern).to.deep.equal({
        plain: false,
        negated: false,
      });
    }
  });

  it('[FLAGS-012] a hostile matches pattern on a 10 kB attribute is answered at once', () => {
    const started = performance.now();
    expect(check('matches', { string: '(a+)+$' }, `${'a'.repeat(10_000)}!`)).to.deep.equal({
      plain: false,
      negated: true,
    });
    expect(performance.now() - started).to.be.below(100);
  });

  it('[FLAGS-013] a condition on a missing attribute evaluates to false, negated or not', () => {
    const condition: Condition = { attribute: 'frontegg.email', op: 'ends_with', value: { list: ['@x.io'] } };
    for (const attributes of [{}, { 'frontegg.email': undefined }, { other: 'a@x.io' }]) {
      expect(evaluateCondition(condition, attributes)).to.equal(false);
      expect(evaluateCondition({ ...condition, negate: true }, attributes)).to.equal(false);
    }
    // A null attribute is there: it is compared (and `null.endsWith` would throw in Frontegg: false).
    expect(evaluateCondition({ ...condition, op: 'in_list' }, { 'frontegg.email': null })).to.equal(false);
    expect(
      evaluateCondition({ ...condition, op: 'in_list', negate: true }, { 'frontegg.email': null }),
    ).to.equal(true);
    // Inherited properties are not attributes.
    expect(
      evaluateCondition({ attribute: 'constructor', op: 'contains', value: { list: [''] } }, {}),
    ).to.equal(false);
  });

  it('[FLAGS-014] negate inverts a condition result', () => {
    expect(check('in_list', { list: ['pro'] }, 'pro')).to.deep.equal({ plain: true, negated: false });
    expect(check('in_list', { list: ['pro'] }, 'free')).to.deep.equal({ plain: false, negated: true });
    expect(check('greater_than', { number: 10 }, 3)).to.deep.equal({ plain: false, negated: true });
    expect(check('matches', { string: '^x' }, 'abc')).to.deep.equal({ plain: false, negated: true });
    // A truthy `negate` negates, as in Frontegg's evaluator.
    const condition = (negate: unknown) =>
      ({ attribute: 'a', op: 'is', value: { boolean: true }, negate }) as unknown as Condition;
    expect(evaluateCondition(condition('true'), { a: true })).to.equal(false);
    expect(evaluateCondition(condition(0), { a: true })).to.equal(true);
  });
});

// Property tests ------------------------------------------------------------------------------------------

describe('condition operators (properties)', () => {
  it('[FLAGS-007] in_list holds exactly when the list includes the attribute', () => {
    fc.assert(
      fc.property(stringList, shortString, fc.boolean(), (list, attribute, insert) => {
        const values = insert ? [...list, attribute] : list;
        expect(holds('in_list', { list: values }, attribute)).to.equal(values.includes(attribute));
      }),
    );
  });

  it('[FLAGS-007] starts_with, ends_with and contains hold exactly when some list item fits', () => {
    fc.assert(
      fc.property(stringList, shortString, shortString, shortString, (list, before, item, after) => {
        const attribute = before + item + after;
        expect(holds('starts_with', { list }, attribute)).to.equal(list.some((i) => attribute.startsWith(i)));
        expect(holds('ends_with', { list }, attribute)).to.equal(list.some((i) => attribute.endsWith(i)));
        expect(holds('contains', { list }, attribute)).to.equal(list.some((i) => attribute.includes(i)));
        // The item placed in the attribute is always found.
        expect(holds('starts_with', { list: [...list, before + item] }, attribute)).to.equal(true);
        expect(holds('ends_with', { list: [item + after, ...list] }, attribute)).to.equal(true);
        expect(holds('contains', { list: [...list, item] }, attribute)).to.equal(true);
      }),
    );
  });

  it('[FLAGS-007] matches agrees with the browser RegExp on safe patterns', () => {
    const patterns = fc.constantFrom(
      '^a',
      'b$',
      '\\d+',
      '[a-c]{2}',
      '(x|y)+z',
      'a.*b',
      '^(ab)*$',
      '\\bx',
      '',
    );
    fc.assert(
      fc.property(patterns, validAttribute.matches, (string, attribute) => {
        expect(holds('matches', { string }, attribute)).to.equal(
          new RegExp(string).test(attribute as string),
        );
      }),
    );
  });

  it('[FLAGS-008] numeric operators compare as the arithmetic says', () => {
    fc.assert(
      fc.property(number, number, (attribute, n) => {
        expect(holds('equal', { number: n }, attribute)).to.equal(attribute === n);
        expect(holds('greater_than', { number: n }, attribute)).to.equal(attribute > n);
        expect(holds('greater_than_equal', { number: n }, attribute)).to.equal(attribute >= n);
        expect(holds('lower_than', { number: n }, attribute)).to.equal(attribute < n);
        expect(holds('lower_than_equal', { number: n }, attribute)).to.equal(attribute <= n);
        expect(holds('equal', { number: attribute }, attribute)).to.equal(true);
      }),
    );
  });

  it('[FLAGS-008] between_numeric holds exactly inside its inclusive bounds', () => {
    fc.assert(
      fc.property(number, number, number, (attribute, x, y) => {
        const [start, end] = [Math.min(x, y), Math.max(x, y)];
        expect(holds('between_numeric', { start, end }, attribute)).to.equal(
          attribute >= start && attribute <= end,
        );
        expect(holds('between_numeric', { start, end }, start)).to.equal(true);
        expect(holds('between_numeric', { start, end }, end)).to.equal(true);
      }),
    );
  });

  it('[FLAGS-009] date operators compare instants, whatever form the dates take', () => {
    const cases = fc
      .tuple(epochMs, epochMs)
      .chain(([at, date]) => fc.tuple(fc.constant(at), fc.constant(date), dateAs(at), dateAs(date)));
    fc.assert(
      fc.property(cases, ([at, date, attribute, value]) => {
        expect(toMs(attribute)).to.equal(at);
        expect(holds('on', { date: value }, attribute)).to.equal(at === date);
        expect(holds('on_or_after', { date: value }, attribute)).to.equal(at >= date);
        expect(holds('on_or_before', { date: value }, attribute)).to.equal(at <= date);
        expect(holds('on', { date: value }, value)).to.equal(true);
      }),
    );
  });

  it('[FLAGS-009] between_date holds exactly inside its inclusive bounds', () => {
    fc.assert(
      fc.property(epochMs, epochMs, epochMs, (at, x, y) => {
        const [start, end] = [Math.min(x, y), Math.max(x, y)];
        const value = { start: new Date(start).toISOString(), end };
        expect(holds('between_date', value, at)).to.equal(at >= start && at <= end);
        expect(holds('between_date', value, new Date(at).toISOString())).to.equal(at >= start && at <= end);
      }),
    );
  });

  it('[FLAGS-010] is holds exactly when the booleans are equal', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (attribute, boolean) => {
        expect(holds('is', { boolean }, attribute)).to.equal(attribute === boolean);
      }),
    );
  });

  it('[FLAGS-014] negate gives the opposite of every comparison that can be made', () => {
    fc.assert(
      fc.property(validCase, ([op, value, attribute]) => {
        const { plain, negated } = check(op, value, attribute);
        expect(negated, `${op} ${JSON.stringify(value)} on ${JSON.stringify(attribute)}`).to.equal(!plain);
      }),
      { numRuns: 1000 },
    );
  });

  it('[FLAGS-013] a missing attribute is false for every operator and value, negated or not', () => {
    fc.assert(
      fc.property(
        validCase,
        fc.constantFrom<'absent' | 'undefined'>('absent', 'undefined'),
        fc.dictionary(fc.string({ minLength: 2 }), fc.anything()),
        ([op, value], missing, others) => {
          const attributes: Record<string, unknown> = { ...others };
          delete attributes.a;
          if (missing !== 'absent') attributes.a = undefined;
          expect(evaluateCondition({ attribute: 'a', op, value }, attributes)).to.equal(false);
          expect(evaluateCondition({ attribute: 'a', op, value, negate: true }, attributes)).to.equal(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
