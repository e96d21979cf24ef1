/**
 * The operators of a `??` assertion (`?? SUBJECT OPERATOR VALUE`), in one table: each operator with
 * every part of it — its documentation (completion, hover), the value it takes (the parser), the
 * run subjects it compares (the parser's type check), whether it holds (the evaluation of
 * results/assertions.ts) and how a failing `some` says it (results/describe.ts). Adding an operator
 * is adding one entry: `OperatorSpec` asks for each part, and the parser's `AssertionOperator`
 * (parser/ast.ts) is this table's keys. The entries' order is the order completion offers them and
 * messages list them. Pure, and it imports no engine: the language server's parser reads it without
 * the pattern engine (a `matches` pattern arrives compiled, in `Expected`).
 */
import { isObj } from './util/json';

/** The other side of a comparison, worked out once per assertion (results/assertions.ts). */
export interface Expected {
  /** The value as text, variables expanded (a pattern's source). */
  readonly text: string;
  /** The value as a number, when it is one and was not written as a "string". */
  readonly num: number | undefined;
  /** A `pattern` operator's pattern, compiled on the linear-time engine. */
  readonly pattern: { test(input: string): boolean } | undefined;
}

/**
 * A run subject that not every operator compares: `status` (complete, partial, failed) and the
 * counts (`records`, `batches`, `warnings`, `ms`: numbers). Every operator compares the answer's
 * values (a `$` path, a quantifier's field).
 */
export type RunSubjectType = 'status' | 'number';

export interface OperatorSpec {
  /** What it means, in Markdown: completion's documentation of the operator and its hover. */
  readonly doc: string;
  /** What follows it: `none` (nothing may), `pattern` (`/re/flags`, checked by the parser, compiled before the run) or `value` (a number, a word, a "string", with variables). */
  readonly value: 'none' | 'pattern' | 'value';
  /** The run subjects it compares besides the answer's values (the parser refuses the others). */
  readonly types: readonly RunSubjectType[];
  /** Whether `actual OPERATOR expected` holds: any value of the answer, or of the run. Never throws. */
  readonly holds: (actual: unknown, e: Expected) => boolean;
  /** What a record must have, in words, when no record of a `some` does: `has name matching /x/` (`field` and `value` as written). */
  readonly condition: (field: string, value: string) => string;
}

/** A number written as text, or undefined (blank, not a number, not finite). */
export function toNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** Equal: numbers as numbers, text as text, `true`/`false`/`null` as written. */
function equals(actual: unknown, e: Expected): boolean {
  if (typeof actual === 'number') return e.num !== undefined && actual === e.num;
  if (typeof actual === 'string') return actual === e.text;
  if (typeof actual === 'boolean' || actual === null) return String(actual) === e.text;
  return false;
}

/** The order of `actual` against the value: numbers as numbers (text that is one too), else text in code-point order; undefined when not comparable. */
function compare(actual: unknown, e: Expected): number | undefined {
  const n = typeof actual === 'number' ? actual : typeof actual === 'string' && e.num !== undefined ? toNumber(actual) : undefined;
  if (n !== undefined && e.num !== undefined) return n - e.num;
  if (typeof actual === 'string') return actual < e.text ? -1 : actual > e.text ? 1 : 0;
  return undefined;
}

/** An ordering operator: holds when `actual` compares and its order passes `test`. */
const ordered = (test: (order: number) => boolean) => (actual: unknown, e: Expected): boolean => {
  const c = compare(actual, e);
  return c !== undefined && test(c);
};

/** `has FIELD WORD VALUE`. */
const has = (word: string) => (field: string, value: string): string => `has ${field} ${word} ${value}`;

const ALL: readonly RunSubjectType[] = ['status', 'number'];
const NUMBERS: readonly RunSubjectType[] = ['number'];

export const OPERATORS = {
  '==': { doc: 'Equal: numbers as numbers, text as text, `true`/`false`/`null` as written.', value: 'value', types: ALL, holds: equals, condition: has('==') },
  '!=': { doc: 'Not equal (also true where the value is absent).', value: 'value', types: ALL, holds: (a, e) => !equals(a, e), condition: has('!=') },
  '<': { doc: 'Less than: numbers as numbers, text (timestamps) in code-point order.', value: 'value', types: NUMBERS, holds: ordered((c) => c < 0), condition: has('<') },
  '<=': { doc: 'Less than or equal.', value: 'value', types: NUMBERS, holds: ordered((c) => c <= 0), condition: has('<=') },
  '>': { doc: 'Greater than: numbers as numbers, text (timestamps) in code-point order.', value: 'value', types: NUMBERS, holds: ordered((c) => c > 0), condition: has('>') },
  '>=': { doc: 'Greater than or equal.', value: 'value', types: NUMBERS, holds: ordered((c) => c >= 0), condition: has('>=') },
  contains: {
    doc: 'Text that contains the value, a list with an element equal to it, or an object with a member of that name.',
    value: 'value',
    types: [],
    holds: (a, e) => typeof a === 'string' ? a.includes(e.text) : Array.isArray(a) ? a.some((x) => equals(x, e)) : isObj(a) && Object.prototype.hasOwnProperty.call(a, e.text),
    condition: has('containing'),
  },
  startswith: {
    doc: 'Text that begins with the value (`$.query.pages[0].title startswith "Main"`), compared as written, case and all.',
    value: 'value',
    types: [],
    holds: (a, e) => typeof a === 'string' && a.startsWith(e.text),
    condition: has('starting with'),
  },
  matches: {
    doc: 'Text matching a pattern `/re/flags` (flags i, m, s, u). Patterns run on RE2 (linear time: no backreferences or lookarounds).',
    value: 'pattern',
    types: [],
    holds: (a, e) => (typeof a === 'string' || typeof a === 'number' || typeof a === 'boolean') && !!e.pattern?.test(String(a)),
    condition: has('matching'),
  },
  exists: { doc: 'The value is present (even empty, false or null).', value: 'none', types: [], holds: (a) => a !== undefined, condition: (field) => `has ${field}` },
  '!exists': { doc: 'The value is absent.', value: 'none', types: [], holds: (a) => a === undefined, condition: (field) => `lacks ${field}` },
} satisfies Record<string, OperatorSpec>;

/** An operator of an assertion: a key of `OPERATORS`. */
export type AssertionOperator = keyof typeof OPERATORS;

/** The operators, in the table's order. */
export const OPERATOR_NAMES = Object.keys(OPERATORS) as readonly AssertionOperator[];

/** Whether a word is an operator (an own key of the table: `constructor` is not). */
export function isOperator(word: string): word is AssertionOperator {
  return Object.prototype.hasOwnProperty.call(OPERATORS, word);
}

/** The entry of an operator, typed as the spec (the table's literal types made plain). */
export function operatorSpec(op: AssertionOperator): OperatorSpec {
  return OPERATORS[op];
}

/** The operators that compare a run subject of this type, as words for a message: `== or !=`, `==, !=, <, <=, > or >=`. */
export function operatorsFor(type: RunSubjectType): string {
  const ops = OPERATOR_NAMES.filter((o) => operatorSpec(o).types.includes(type));
  return ops.length < 2 ? ops.join('') : `${ops.slice(0, -1).join(', ')} or ${ops[ops.length - 1]}`;
}
