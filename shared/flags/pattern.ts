/**
 * The `matches` operator's pattern engine. A backtracking engine (the browser's RegExp) can take seconds or
 * hours on ordinary-looking patterns (`.*.*=.*` on 10 000 characters: about 5 minutes in V8), so patterns
 * never reach it for matching: they are parsed here (a subset of JavaScript regular-expression syntax, no
 * flags) into a Thompson automaton and run by a set-of-states simulation, whose work is at most
 * (program size) × (input length + 1) steps whatever the pattern. Two exact shortcuts keep common cases
 * fast: a literal every match must contain is looked for first, and the moves between states are
 * remembered (a lazily built DFA) for patterns without `\b`/`\B`. Patterns outside the subset are refused,
 * and a run whose bound exceeds `MATCH_WORK_LIMIT` is not started; both evaluate to false.
 */

/** Longer patterns are refused. */
export const MAX_PATTERN_LENGTH = 1000;
/** Compiled programs larger than this are refused (counted repetition expands: `a{500}` is 500 steps). */
export const MAX_PROGRAM_SIZE = 2000;
/** A run needs at most (program size) × (input length + 1) steps; above this bound it is not started. */
export const MATCH_WORK_LIMIT = 1_000_000;
/** The largest count accepted in `{n}`, `{n,}` and `{n,m}`. */
const MAX_REPEAT_COUNT = 1000;

// --- character sets -----------------------------------------------------------------------------------

/** Sorted, non-overlapping, inclusive UTF-16 code unit ranges: [lo0, hi0, lo1, hi1, ...]. */
type Ranges = number[];

const MAX_UNIT = 0xffff;

function normalize(ranges: Ranges): Ranges {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((x, y) => x[0] - y[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last]! + 1) out[last] = Math.max(out[last]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) out.push(next, ranges[i]! - 1);
    next = ranges[i + 1]! + 1;
  }
  if (next <= MAX_UNIT) out.push(next, MAX_UNIT);
  return out;
}

const DIGIT: Ranges = [0x30, 0x39];
const WORD: Ranges = normalize([0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]);
// WhiteSpace and LineTerminator, as `\s` matches them in JavaScript.
const SPACE: Ranges = normalize([
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f,
  0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff,
]);
// `.` without the s flag: anything but a line terminator.
const DOT: Ranges = complement(normalize([0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029]));

const classEscapes: Record<string, Ranges> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

const controlEscapes: Record<string, number> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };

/** A compiled set: a table for ASCII, binary search above. */
class CharSet {
  private readonly ascii = new Uint8Array(128);
  constructor(readonly ranges: Ranges) {
    for (let i = 0; i < ranges.length; i += 2) {
      for (let c = ranges[i]!; c <= Math.min(ranges[i + 1]!, 127); c++) this.ascii[c] = 1;
    }
  }
  has(c: number): boolean {
    if (c < 128) return this.ascii[c] === 1;
    const r = this.ranges;
    let lo = 0;
    let hi = (r.length >> 1) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (c < r[mid * 2]!) hi = mid - 1;
      else if (c > r[mid * 2 + 1]!) lo = mid + 1;
      else return true;
    }
    return false;
  }
  /** The single code unit this set holds, if it holds exactly one. */
  single(): number | undefined {
    return this.ranges.length === 2 && this.ranges[0] === this.ranges[1] ? this.ranges[0] : undefined;
  }
}

// --- parser -------------------------------------------------------------------------------------------

type Assertion = 'start' | 'end' | 'word' | 'notWord';

type Node =
  | { type: 'set'; ranges: Ranges }
  | { type: 'assert'; kind: Assertion }
  | { type: 'seq'; items: Node[] }
  | { type: 'alt'; options: Node[] }
  | { type: 'repeat'; node: Node; min: number; max: number };

/** Thrown for syntax outside the supported subset; the pattern is then refused. */
class Refused extends Error {}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
const isHex = (text: string) => /^[0-9a-fA-F]+$/.test(text);
const isAlnum = (ch: string) => /^[0-9A-Za-z]$/.test(ch);
/** `{n}`, `{n,}`, `{n,m}` at a given position (sticky: no slicing, however long the digits). */
function bracedAt(source: string, pos: number): RegExpExecArray | null {
  const braced = /\{(\d+)(,(\d*))?\}/y;
  braced.lastIndex = pos;
  return braced.exec(source);
}

function parse(source: string): Node {
  let pos = 0;

  const peek = () => source[pos];

  function alternation(): Node {
    const options = [sequence()];
    while (peek() === '|') {
      pos++;
      options.push(sequence());
    }
    return options.length === 1 ? options[0]! : { type: 'alt', options };
  }

  function sequence(): Node {
    const items: Node[] = [];
    while (pos < source.length && peek() !== '|' && peek() !== ')') items.push(term());
    return items.length === 1 ? items[0]! : { type: 'seq', items };
  }

  function term(): Node {
    const grouped = peek() === '(';
    const node = atom();
    const quantifier = readQuantifier();
    if (!quantifier) return node;
    // `^*` is a syntax error, `(?:^)*` is not.
    if (node.type === 'assert' && !grouped) throw new Refused('quantified assertion');
    if (peek() === '?') pos++; // lazy: the same answer to "is there a match"
    if (readQuantifier(true)) throw new Refused('double quantifier');
    return { type: 'repeat', node, min: quantifier.min, max: quantifier.max };
  }

  function readQuantifier(peekOnly = false): { min: number; max: number } | undefined {
    const ch = peek();
    let result: { min: number; max: number } | undefined;
    let length = 1;
    if (ch === '*') result = { min: 0, max: Infinity };
    else if (ch === '+') result = { min: 1, max: Infinity };
    else if (ch === '?') result = { min: 0, max: 1 };
    else if (ch === '{') {
      const m = bracedAt(source, pos);
      if (!m) return undefined; // a literal `{` (Annex B)
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (min > MAX_REPEAT_COUNT || (max !== Infinity && max > MAX_REPEAT_COUNT)) {
        throw new Refused('repeat count');
      }
      if (max < min) throw new Refused('repeat out of order');
      result = { min, max };
      length = m[0].length;
    }
    if (result && !peekOnly) pos += length;
    return result;
  }

  function atom(): Node {
    const ch = source[pos++]!;
    switch (ch) {
      case '^':
        return { type: 'assert', kind: 'start' };
      case '$':
        return { type: 'assert', kind: 'end' };
      case '.':
        return { type: 'set', ranges: DOT };
      case '(':
        return group();
      case '[':
        return characterClass();
      case '\\':
        return escape();
      case '*':
      case '+':
      case '?':
        throw new Refused('nothing to repeat');
      case '{':
        if (bracedAt(source, pos - 1)) throw new Refused('nothing to repeat');
        return literal(ch);
      default:
        return literal(ch);
    }
  }

  function literal(ch: string): Node {
    const c = ch.charCodeAt(0);
    return { type: 'set', ranges: [c, c] };
  }

  function group(): Node {
    if (peek() === '?') {
      pos++;
      const kind = source[pos++];
      if (kind === '<' && peek() !== '=' && peek() !== '!') {
        const end = source.indexOf('>', pos);
        if (end < 0 || !/^[A-Za-z_$][\w$]*$/.test(source.slice(pos, end))) throw new Refused('group name');
        pos = end + 1;
      } else if (kind !== ':') {
        throw new Refused('lookaround or group modifier');
      }
    }
    const inner = alternation();
    if (source[pos++] !== ')') throw new Refused('unclosed group');
    return inner;
  }

  /** `\d` and friends, control escapes, `\0`, `\xHH`, `\uHHHH`, or an escaped non-alphanumeric character. */
  function escapeUnit(inClass: boolean): Ranges {
    const ch = source[pos++];
    if (ch === undefined) throw new Refused('trailing backslash');
    if (classEscapes[ch]) return classEscapes[ch]!;
    if (controlEscapes[ch] !== undefined) return [controlEscapes[ch]!, controlEscapes[ch]!];
    if (ch === 'b' && inClass) return [0x08, 0x08];
    if (ch === '0' && !isDigit(peek())) return [0, 0];
    if (ch === 'x' || ch === 'u') {
      const width = ch === 'x' ? 2 : 4;
      const hex = source.slice(pos, pos + width);
      if (hex.length !== width || !isHex(hex)) throw new Refused('bad hex escape');
      pos += width;
      const c = parseInt(hex, 16);
      return [c, c];
    }
    // Backreferences, octal, \c, \k, \p and other letter escapes are refused rather than guessed.
    if (isAlnum(ch)) throw new Refused(`escape \\${ch}`);
    const c = ch.charCodeAt(0);
    return [c, c];
  }

  function escape(): Node {
    const ch = peek();
    if (ch === 'b' || ch === 'B') {
      pos++;
      return { type: 'assert', kind: ch === 'b' ? 'word' : 'notWord' };
    }
    return { type: 'set', ranges: escapeUnit(false) };
  }

  function classAtom(): { ranges: Ranges; single: boolean } {
    const ch = source[pos++];
    if (ch === undefined) throw new Refused('unclosed class');
    if (ch !== '\\') return { ranges: [ch.charCodeAt(0), ch.charCodeAt(0)], single: true };
    const escaped = peek();
    const ranges = escapeUnit(true);
    return { ranges, single: escaped === undefined || !classEscapes[escaped] };
  }

  function characterClass(): Node {
    let negated = false;
    if (peek() === '^') {
      negated = true;
      pos++;
    }
    const ranges: Ranges = [];
    while (peek() !== ']') {
      if (pos >= source.length) throw new Refused('unclosed class');
      const from = classAtom();
      if (peek() === '-' && source[pos + 1] !== ']' && pos + 1 < source.length) {
        pos++;
        const to = classAtom();
        if (!from.single || !to.single) throw new Refused('range with a class escape');
        if (to.ranges[0]! < from.ranges[0]!) throw new Refused('range out of order');
        ranges.push(from.ranges[0]!, to.ranges[0]!);
      } else {
        ranges.push(...from.ranges);
      }
    }
    pos++;
    const set = normalize(ranges);
    return { type: 'set', ranges: negated ? complement(set) : set };
  }

  const tree = alternation();
  if (pos < source.length) throw new Refused('unbalanced parenthesis');
  return tree;
}

// --- compiler -----------------------------------------------------------------------------------------

const CHAR = 0;
const SPLIT = 1;
const JMP = 2;
const ASSERT = 3;
const MATCH = 4;

const assertionCodes: Record<Assertion, number> = { start: 0, end: 1, word: 2, notWord: 3 };

/** A compiled pattern: run it with `runPattern`. */
export interface CompiledPattern {
  readonly size: number;
  readonly op: Uint8Array;
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly sets: readonly CharSet[];
  /** Every match starts at position 0 (each alternative begins with `^`). */
  readonly anchored: boolean;
  /** The code units a match can start with, when a match must consume one (for skipping ahead). */
  readonly first: CharSet | null;
  /** A string every match contains ('' if none is known): inputs without it are answered without a run. */
  readonly literal: string;
  /** Uses `\b` or `\B` (closures then depend on the neighbouring characters: no remembered automaton). */
  readonly wordAssertions: boolean;
  scratch?: Scratch;
  dfa?: Dfa;
}

function programSize(node: Node): number {
  switch (node.type) {
    case 'set':
    case 'assert':
      return 1;
    case 'seq':
      return node.items.reduce((sum, item) => sum + programSize(item), 0);
    case 'alt':
      return (
        node.options.reduce((sum, option) => sum + programSize(option), 0) + 2 * (node.options.length - 1)
      );
    case 'repeat': {
      const body = programSize(node.node);
      const optional = node.max === Infinity ? body + 2 : (node.max - node.min) * (body + 1);
      return node.min * body + optional;
    }
  }
}

function compile(tree: Node): CompiledPattern {
  const size = programSize(tree) + 1;
  if (size > MAX_PROGRAM_SIZE) throw new Refused('program too large');
  const op = new Uint8Array(size);
  const x = new Int32Array(size);
  const y = new Int32Array(size);
  const sets: CharSet[] = [];
  const setIndex = new Map<string, number>();
  let pc = 0;

  function emit(node: Node): void {
    switch (node.type) {
      case 'set': {
        const key = node.ranges.join(',');
        let index = setIndex.get(key);
        if (index === undefined) {
          index = sets.push(new CharSet(node.ranges)) - 1;
          setIndex.set(key, index);
        }
        op[pc] = CHAR;
        x[pc++] = index;
        return;
      }
      case 'assert':
        op[pc] = ASSERT;
        x[pc++] = assertionCodes[node.kind];
        return;
      case 'seq':
        for (const item of node.items) emit(item);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.options.forEach((option, i) => {
          if (i < node.options.length - 1) {
            const split = pc++;
            op[split] = SPLIT;
            x[split] = pc;
            emit(option);
            jumps.push(pc++);
            y[split] = pc;
          } else {
            emit(option);
          }
        });
        for (const jump of jumps) {
          op[jump] = JMP;
          x[jump] = pc;
        }
        return;
      }
      case 'repeat': {
        for (let i = 0; i < node.min; i++) emit(node.node);
        if (node.max === Infinity) {
          const split = pc++;
          op[split] = SPLIT;
          x[split] = pc;
          emit(node.node);
          op[pc] = JMP;
          x[pc++] = split;
          y[split] = pc;
        } else {
          const splits: number[] = [];
          for (let i = node.min; i < node.max; i++) {
            const split = pc++;
            op[split] = SPLIT;
            x[split] = pc;
            splits.push(split);
            emit(node.node);
          }
          for (const split of splits) y[split] = pc;
        }
        return;
      }
    }
  }

  emit(tree);
  op[pc] = MATCH;
  const wordAssertions = op.some((code, pc) => code === ASSERT && x[pc]! >= 2);
  return {
    size,
    op,
    x,
    y,
    sets,
    anchored: isAnchored(tree),
    first: firstSet(op, x, y, sets),
    literal: requiredLiteral(tree),
    wordAssertions,
  };
}

/** The longest literal every match of the node contains: single characters in a row, or a part's own. */
function requiredLiteral(node: Node): string {
  switch (node.type) {
    case 'set':
      return node.ranges.length === 2 && node.ranges[0] === node.ranges[1]
        ? String.fromCharCode(node.ranges[0]!)
        : '';
    case 'repeat':
      return node.min >= 1 ? requiredLiteral(node.node) : '';
    case 'seq': {
      let best = '';
      let run = '';
      for (const item of node.items) {
        if (item.type === 'assert') continue; // zero-width: the characters around it are still adjacent
        const single = item.type === 'set' ? requiredLiteral(item) : '';
        if (single) {
          run += single;
          if (run.length > best.length) best = run;
        } else {
          run = '';
          const inner = requiredLiteral(item);
          if (inner.length > best.length) best = inner;
        }
      }
      return best;
    }
    default:
      return '';
  }
}

function isAnchored(node: Node): boolean {
  switch (node.type) {
    case 'assert':
      return node.kind === 'start';
    case 'seq':
      return node.items.length > 0 && isAnchored(node.items[0]!);
    case 'alt':
      return node.options.every(isAnchored);
    default:
      return false;
  }
}

/** The union of the sets reachable from the start without consuming, or null if MATCH is reachable too. */
function firstSet(op: Uint8Array, x: Int32Array, y: Int32Array, sets: CharSet[]): CharSet | null {
  const seen = new Uint8Array(op.length);
  const stack = [0];
  const ranges: Ranges = [];
  while (stack.length > 0) {
    const pc = stack.pop()!;
    if (seen[pc]) continue;
    seen[pc] = 1;
    switch (op[pc]) {
      case CHAR:
        ranges.push(...sets[x[pc]!]!.ranges);
        break;
      case SPLIT:
        stack.push(x[pc]!, y[pc]!);
        break;
      case JMP:
        stack.push(x[pc]!);
        break;
      case ASSERT:
        stack.push(pc + 1); // assumed to hold: a superset is still a correct skip filter
        break;
      case MATCH:
        return null;
    }
  }
  return new CharSet(normalize(ranges));
}

// --- public API ---------------------------------------------------------------------------------------

const cache = new Map<string, CompiledPattern | null>();
const CACHE_LIMIT = 128;

/**
 * Compiles a pattern of the supported subset; null when it is not a valid JavaScript pattern, is outside
 * the subset (lookarounds, backreferences, letter escapes other than \d\D\w\W\s\S\b\B\t\n\v\f\r\x\u), or is
 * too long or too large. Results are cached.
 */
export function compilePattern(pattern: string): CompiledPattern | null {
  const hit = cache.get(pattern);
  if (hit !== undefined || cache.has(pattern)) return hit ?? null;
  const compiled = compileUncached(pattern);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

function compileUncached(pattern: string): CompiledPattern | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return null;
  try {
    // Syntax only: the browser's engine never runs the pattern.
    new RegExp(pattern);
  } catch {
    return null;
  }
  try {
    return compile(parse(pattern));
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
}

const isWordUnit = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || (c >= 0x61 && c <= 0x7a);

// Position context of a closure, as bits.
const AT_START = 1;
const AT_END = 2;
const PREV_WORD = 4;
const NEXT_WORD = 8;

const MATCHED = -1;

/** Per-program scratch memory, reused by every run (runs never overlap: JavaScript is single-threaded). */
interface Scratch {
  mark: Int32Array;
  stack: Int32Array;
  generation: number;
}

function scratchOf(program: CompiledPattern): Scratch {
  return (program.scratch ??= {
    mark: new Int32Array(program.size),
    // Each pc is expanded at most once per list and pushes at most two.
    stack: new Int32Array(2 * program.size + 1),
    generation: 0,
  });
}

function freshGeneration(scratch: Scratch): number {
  if (scratch.generation >= 0x3fffffff) {
    scratch.mark.fill(0);
    scratch.generation = 0;
  }
  return ++scratch.generation;
}

/**
 * Adds `start` and every instruction it reaches without consuming (under the position context `context`)
 * to `list` from index `count`; returns the new count, or MATCHED when the end of the pattern is reached.
 */
function expand(
  program: CompiledPattern,
  scratch: Scratch,
  list: Int32Array,
  count: number,
  start: number,
  generation: number,
  context: number,
): number {
  const { op, x, y } = program;
  const { mark, stack } = scratch;
  let top = 0;
  stack[top++] = start;
  while (top > 0) {
    const pc = stack[--top]!;
    if (mark[pc] === generation) continue;
    mark[pc] = generation;
    switch (op[pc]) {
      case CHAR:
        list[count++] = pc;
        break;
      case MATCH:
        return MATCHED;
      case JMP:
        stack[top++] = x[pc]!;
        break;
      case SPLIT:
        stack[top++] = y[pc]!;
        stack[top++] = x[pc]!;
        break;
      case ASSERT: {
        const kind = x[pc];
        const holds =
          kind === 0
            ? (context & AT_START) !== 0
            : kind === 1
              ? (context & AT_END) !== 0
              : (((context & PREV_WORD) !== 0) !== ((context & NEXT_WORD) !== 0)) === (kind === 2);
        if (holds) stack[top++] = pc + 1;
        break;
      }
    }
  }
  return count;
}

function contextAt(input: string, i: number): number {
  const n = input.length;
  return (
    (i === 0 ? AT_START : 0) |
    (i === n ? AT_END : 0) |
    (i > 0 && isWordUnit(input.charCodeAt(i - 1)) ? PREV_WORD : 0) |
    (i < n && isWordUnit(input.charCodeAt(i)) ? NEXT_WORD : 0)
  );
}

/** The set-of-states simulation: any pattern, at most `size` instruction visits per input position. */
function simulate(program: CompiledPattern, input: string): boolean {
  const n = input.length;
  const { sets, x, size, anchored, first } = program;
  const scratch = scratchOf(program);
  let current = new Int32Array(size);
  let next = new Int32Array(size);
  let currentCount = 0;
  let generation = freshGeneration(scratch);
  const firstUnit = first?.single();
  for (let i = 0; i <= n; i++) {
    if (currentCount === 0) {
      if (anchored && i > 0) return false;
      if (first && !anchored) {
        // Nothing is running: jump to the next place where a match can start.
        if (firstUnit !== undefined) {
          const found = input.indexOf(String.fromCharCode(firstUnit), i);
          if (found < 0) return false;
          i = found;
        } else {
          while (i < n && !first.has(input.charCodeAt(i))) i++;
          if (i === n) return false;
        }
      }
      generation = freshGeneration(scratch);
    }
    if (!anchored || i === 0) {
      currentCount = expand(program, scratch, current, currentCount, 0, generation, contextAt(input, i));
      if (currentCount === MATCHED) return true;
    }
    if (i === n) break;
    const c = input.charCodeAt(i);
    const nextGeneration = freshGeneration(scratch);
    const nextContext = contextAt(input, i + 1);
    let nextCount = 0;
    for (let k = 0; k < currentCount; k++) {
      const pc = current[k]!;
      if (sets[x[pc]!]!.has(c)) {
        nextCount = expand(program, scratch, next, nextCount, pc + 1, nextGeneration, nextContext);
        if (nextCount === MATCHED) return true;
      }
    }
    [current, next] = [next, current];
    currentCount = nextCount;
    generation = nextGeneration;
  }
  return false;
}

/** A state of the lazily built automaton: the instructions waiting for a character, and known moves. */
interface DfaState {
  readonly pcs: Int32Array;
  readonly ascii: (DfaState | undefined)[];
  other: Map<number, DfaState> | undefined;
}

interface Dfa {
  states: Map<string, DfaState>;
  initial: DfaState | undefined;
}

/** States kept per pattern; when full they are dropped and rebuilt as needed (the work bound still holds). */
const MAX_DFA_STATES = 64;
const MATCHED_STATE: DfaState = { pcs: new Int32Array(0), ascii: [], other: undefined };

function intern(dfa: Dfa, list: Int32Array, count: number): DfaState {
  const pcs = list.slice(0, count).sort();
  const key = pcs.join(',');
  let state = dfa.states.get(key);
  if (!state) {
    if (dfa.states.size >= MAX_DFA_STATES) {
      dfa.states.clear();
      dfa.initial = undefined;
    }
    state = { pcs, ascii: new Array<DfaState | undefined>(128), other: undefined };
    dfa.states.set(key, state);
  }
  return state;
}

/** The move of `state` on `c` to a position that is neither the first nor the last. */
function move(program: CompiledPattern, dfa: Dfa, state: DfaState, c: number): DfaState {
  const scratch = scratchOf(program);
  const list = new Int32Array(program.size);
  const generation = freshGeneration(scratch);
  let count = 0;
  for (const pc of state.pcs) {
    if (program.sets[program.x[pc]!]!.has(c)) {
      count = expand(program, scratch, list, count, pc + 1, generation, 0);
      if (count === MATCHED) break;
    }
  }
  if (count !== MATCHED && !program.anchored) count = expand(program, scratch, list, count, 0, generation, 0);
  const next = count === MATCHED ? MATCHED_STATE : intern(dfa, list, count);
  if (c < 128) state.ascii[c] = next;
  else (state.other ??= new Map()).set(c, next);
  return next;
}

/**
 * The same answer as `simulate` for patterns without `\b`/`\B` (whose closures depend only on being at the
 * start or the end), with the moves between inner positions remembered: a few nanoseconds per character.
 */
function runDfa(program: CompiledPattern, input: string): boolean {
  const n = input.length;
  const scratch = scratchOf(program);
  const list = new Int32Array(program.size);
  if (n === 0)
    return expand(program, scratch, list, 0, 0, freshGeneration(scratch), AT_START | AT_END) === MATCHED;
  const dfa = (program.dfa ??= { states: new Map(), initial: undefined });
  let state: DfaState;
  if (dfa.initial) {
    state = dfa.initial;
  } else {
    const count = expand(program, scratch, list, 0, 0, freshGeneration(scratch), AT_START);
    if (count === MATCHED) return true;
    state = dfa.initial = intern(dfa, list, count);
  }
  const last = n - 1;
  for (let i = 0; i < last; i++) {
    const c = input.charCodeAt(i);
    const next: DfaState = (c < 128 ? state.ascii[c] : state.other?.get(c)) ?? move(program, dfa, state, c);
    if (next === MATCHED_STATE) return true;
    if (next.pcs.length === 0 && program.anchored) return false;
    state = next;
  }
  // The last character leads to the end of the input, where `$` holds.
  const c = input.charCodeAt(last);
  const generation = freshGeneration(scratch);
  let count = 0;
  for (const pc of state.pcs) {
    if (program.sets[program.x[pc]!]!.has(c)) {
      count = expand(program, scratch, list, count, pc + 1, generation, AT_END);
      if (count === MATCHED) return true;
    }
  }
  return !program.anchored && expand(program, scratch, list, count, 0, generation, AT_END) === MATCHED;
}

/**
 * Whether the pattern matches somewhere in `input`; null when the run would exceed `MATCH_WORK_LIMIT`
 * (program size × (input length + 1)) and so is not started.
 */
export function runPattern(program: CompiledPattern, input: string): boolean | null {
  if (program.size * (input.length + 1) > MATCH_WORK_LIMIT) return null;
  if (program.literal && !input.includes(program.literal)) return false;
  return program.wordAssertions ? simulate(program, input) : runDfa(program, input);
}

/** The same as `runPattern` without the remembered automaton (tests compare the two). */
export function simulatePattern(program: CompiledPattern, input: string): boolean | null {
  if (program.size * (input.length + 1) > MATCH_WORK_LIMIT) return null;
  return simulate(program, input);
}

/**
 * The `matches` operator: whether `pattern` matches somewhere in `input`; undefined when the pattern is
 * invalid or refused, or the run would exceed the work bound.
 */
export function matchPattern(pattern: string, input: string): boolean | undefined {
  const program = compilePattern(pattern);
  return program === null ? undefined : (runPattern(program, input) ?? undefined);
}
