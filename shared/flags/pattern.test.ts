import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  compilePattern,
  matchPattern,
  MATCH_WORK_LIMIT,
  MAX_PATTERN_LENGTH,
  MAX_PROGRAM_SIZE,
  runPattern,
  simulatePattern,
} from './pattern';

/** Random patterns of the supported subset, over a small alphabet so that matches are frequent. */
const patternArb = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      'a',
      'b',
      '.',
      '\\d',
      '\\w',
      '\\s',
      '\\W',
      '[ab]',
      '[^a]',
      '[a-c]',
      '\\.',
      '^',
      '$',
      '\\b',
      '\\B',
      '0',
      '-',
      '[\\b]',
      '\\n',
      '\\x61',
      '\\u00e9',
      '{',
      ']',
    ),
    tie('seq'),
    tie('alt'),
    tie('repeat'),
    tie('group'),
  ),
  seq: fc.array(tie('node'), { maxLength: 4 }).map((items) => (items as string[]).join('')),
  alt: fc.tuple(tie('node'), tie('node')).map(([a, b]) => `${a}|${b}`),
  group: fc.tuple(tie('node'), fc.constantFrom('(?:', '(', '(?<g>')).map(([a, open]) => `${open}${a})`),
  repeat: fc
    .tuple(tie('node'), fc.constantFrom('*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?', '{2,}?'))
    .map(([a, q]) => `(?:${a})${q}`),
})).node as fc.Arbitrary<string>;

const inputArb = fc.string({
  unit: fc.constantFrom('a', 'b', 'c', '0', '.', '-', ' ', '\n', '_', '\u00e9', '{', ']'),
  maxLength: 14,
});

/** Named groups may not repeat: such patterns are invalid for the browser too. */
const nativeOrNull = (pattern: string) => {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
};

describe('the matches engine', () => {
  it('[FLAGS-007] answers as the browser RegExp does, on any pattern of the subset (property)', () => {
    fc.assert(
      fc.property(patternArb, inputArb, (pattern, input) => {
        const native = nativeOrNull(pattern);
        fc.pre(native !== null);
        const program = compilePattern(pattern);
        expect(program, `refused ${pattern}`).to.not.equal(null);
        const expected = native!.test(input);
        expect(runPattern(program!, input), `${pattern} on ${JSON.stringify(input)}`).to.equal(expected);
        expect(simulatePattern(program!, input), `${pattern} simulated`).to.equal(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('[FLAGS-007] an escaped literal matches exactly where the text contains it (property)', () => {
    const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 30 }), (needle, haystack) => {
        expect(matchPattern(escape(needle), haystack)).to.equal(haystack.includes(needle));
        expect(matchPattern(`^${escape(needle)}$`, haystack)).to.equal(haystack === needle);
      }),
    );
  });

  it('[FLAGS-012] invalid patterns give undefined (the operator then evaluates to false)', () => {
    for (const pattern of ['(', 'a)', '[z-a]', 'a{2,1}', '*a', 'a**', '\\', '(?<n>a)(?<n>b)']) {
      expect(compilePattern(pattern), pattern).to.equal(null);
      expect(matchPattern(pattern, 'a'), pattern).to.equal(undefined);
    }
  });

  it('[FLAGS-012] constructs outside the subset are refused, not guessed', () => {
    // Lookarounds, backreferences, octal, \c, \k, \p and unknown letter escapes.
    for (const pattern of [
      '(?=a)',
      '(?!a)',
      '(?<=a)b',
      '(?<!a)b',
      '(a)\\1',
      '\\1',
      '\\01',
      '\\cA',
      '\\p{L}',
      '\\a',
    ]) {
      expect(compilePattern(pattern), pattern).to.equal(null);
    }
    expect(compilePattern('a'.repeat(MAX_PATTERN_LENGTH + 1))).to.equal(null);
    expect(compilePattern('a{1001}')).to.equal(null);
    expect(compilePattern('(?:a{1000}){3}'), 'larger than the program bound').to.equal(null);
    expect(compilePattern('a{1000}')!.size).to.be.at.most(MAX_PROGRAM_SIZE);
  });

  it('[FLAGS-012] catastrophic patterns run in linear time on 10 000 characters', () => {
    const input = 'a'.repeat(10_000);
    // Backtracking engines (the browser's included) take from seconds to ages on these: answers checked by hand.
    const cases: [string, boolean][] = [
      ['(a+)+$', true],
      ['(a+)+b', false],
      ['(a*)*b', false],
      ['(a|a)*b', false],
      ['(a|aa)+$', true],
      ['.*.*=.*', false],
      ['\\w+@', false],
      ['(\\w+\\s?)+$', true],
      ['(.*a){20}b', false],
    ];
    for (const [pattern, expected] of cases) {
      const started = performance.now();
      const result = matchPattern(pattern, input);
      const elapsed = performance.now() - started;
      expect(result, pattern).to.equal(expected);
      expect(elapsed, `${pattern} took ${elapsed} ms`).to.be.below(100);
    }
  });

  it('[FLAGS-012] a run above the work bound is not started', () => {
    const program = compilePattern('a{100}')!;
    const longest = Math.floor(MATCH_WORK_LIMIT / program.size) - 1;
    expect(runPattern(program, 'a'.repeat(longest))).to.equal(true);
    expect(runPattern(program, 'a'.repeat(longest + 1))).to.equal(null);
    expect(matchPattern('a{100}', 'a'.repeat(longest + 1))).to.equal(undefined);
  });

  it('[FLAGS-007] anchors, word boundaries and line terminators behave as in JavaScript', () => {
    const cases: [string, string, boolean][] = [
      ['^ab$', 'ab', true],
      ['^ab$', 'ab\n', false],
      ['^b', 'ab', false],
      ['\\bfoo\\b', 'a foo b', true],
      ['\\bfoo\\b', 'afoo', false],
      ['\\Boo', 'foo', true],
      ['a.c', 'a\nc', false],
      ['a.c', 'a\u2028c', false],
      ['a\\sc', 'a\u3000c', true],
      ['$', '', true],
      ['x?$', 'abc', true],
      ['', 'anything', true],
    ];
    for (const [pattern, input, expected] of cases) {
      expect(matchPattern(pattern, input), `${pattern} on ${JSON.stringify(input)}`).to.equal(expected);
    }
  });
});
