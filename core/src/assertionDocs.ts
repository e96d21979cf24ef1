/**
 * The words of a `??` assertion line (which one the cursor is in), what they mean, for completion's documentation and hover, and the hover
 * of an assertion line: the word under the cursor explained (a subject, a quantifier and its field,
 * an operator, a path into the answer).
 */
import { type Hover, MarkupKind } from 'vscode-languageserver-types';
import type { FeatureContext } from './context';
import { isOperator, OPERATORS } from './assertionOperators';
import { QUANTIFIERS, readAssertion, type RUN_SUBJECTS } from './parser/assertions';
import type { Quantifier, Span } from './parser/ast';
import { isSpace } from './parser/scan';

/** The subjects and quantifiers, what they mean (an operator's doc is its entry of `OPERATORS`). */
const SUBJECT_DOCS = {
  status: "The run's status: `complete` (every batch), `partial` (stopped with more to fetch) or `failed`.",
  records: 'The number of records of the merged result.',
  batches: 'The number of batches the run fetched (continuation followed to the end, up to `--max-batches`).',
  warnings: "The number of the API's warnings in the run.",
  ms: "The run's duration in milliseconds.",
  every: 'Holds when the comparison holds for **every** record of the first table (a list, or the pages). True for no records: pair it with `?? records > 0`.',
  some: 'Holds when the comparison holds for **at least one** record of the first table.',
  no: 'Holds when the comparison holds for **no** record of the first table.',
  '$.': 'A path into the merged answer: `.name` and `[n]` steps, e.g. `$.query.general.sitename`, `$.query.pages[0].title`.',
} satisfies Record<(typeof RUN_SUBJECTS)[number] | Quantifier | '$.', string>;

/** What a subject, a quantifier or an operator means; undefined for any other word (`constructor` too). */
export function assertionDoc(word: string): string | undefined {
  if (isOperator(word)) return OPERATORS[word].doc;
  return Object.prototype.hasOwnProperty.call(SUBJECT_DOCS, word) ? SUBJECT_DOCS[word as keyof typeof SUBJECT_DOCS] : undefined;
}

/** The blank-separated words of text[start, end) after its `??`. */
export function assertionWords(text: string, start: number, end: number): Span[] {
  const words: Span[] = [];
  let i = start + 2;
  while (i < end) {
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const s = i;
    while (i < end && !isSpace(text.charCodeAt(i))) i++;
    words.push({ start: s, end: i });
  }
  return words;
}

/** What the word at `offset` of an assertion line is: the subject, a quantifier's field, the operator or the value. */
export function assertionPiece(text: string, start: number, end: number, offset: number): { piece: 'subject' | 'field' | 'operator' | 'value'; span: Span; words: Span[] } {
  const words = assertionWords(text, start, end);
  let k = words.findIndex((w) => w.start <= offset && offset <= w.end);
  const span = k >= 0 ? words[k] : { start: offset, end: offset };
  if (k < 0) k = words.filter((w) => w.end < offset).length;
  const first = words[0] ? text.slice(words[0].start, words[0].end) : '';
  const quantified = (QUANTIFIERS as readonly string[]).includes(first) && k > 0;
  const order = quantified ? ['subject', 'field', 'operator'] as const : ['subject', 'operator'] as const;
  return { piece: order[k] ?? 'value', span, words };
}

export function assertionHover(ctx: FeatureContext, lineStart: number, lineEnd: number, offset: number): Hover | null {
  const { text } = ctx.file;
  const { piece, span, words } = assertionPiece(text, lineStart, lineEnd, offset);
  if (span.start === span.end) return null;
  const word = text.slice(span.start, span.end);
  let value: string | undefined;
  if (piece === 'subject') value = assertionDoc(word.startsWith('$') ? '$.' : word);
  else if (piece === 'operator') value = isOperator(word) ? OPERATORS[word].doc : undefined;
  else if (piece === 'field') {
    const q = text.slice(words[0].start, words[0].end);
    value = `The field \`${word}\` of ${q === 'every' ? 'every' : q === 'some' ? 'some' : 'no'} record of the first table (a path: \`.name\` and \`[n]\` steps).`;
  }
  if (!value) return null;
  const a = readAssertion(text, lineStart, lineEnd);
  const problem = a.problem ? `\n\n---\nMalformed: ${a.problem.message}` : '';
  return { contents: { kind: MarkupKind.Markdown, value: `**Assertion** \`${word}\`: ${value}${problem}` }, range: ctx.range(span) };
}
