/**
 * The cursor, as data: input with a cursor ¦, and what cursor.ts says is there. Only the fields
 * written in an expectation are compared; `replaces` is the text of the span a completion replaces.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Cursor, cursorAt } from '../../core/src/cursor';
import { parse } from '../../core/src/parser/parser';
import { withCursor } from './helpers';

interface Expect {
  kind: Cursor['kind'];
  /** The request's index; null for none (before the first `###`, where no request starts). */
  request?: number | null;
  param?: string;
  /** The value part's text as written. */
  part?: string;
  partIndex?: number;
  piece?: string;
  def?: string;
  /** The closed reference's name; null after a `{{` not closed yet. */
  ref?: string | null;
  prefix?: string;
  replaces?: string;
  hasEquals?: boolean;
}

function describeCursor(c: Cursor, text: string): Required<Expect> {
  const any = c as Partial<Record<string, unknown>> & Cursor;
  const span = 'span' in c ? c.span : undefined;
  const param = c.kind === 'variableRef' ? (c.in.kind === 'param' ? c.in.name : undefined) : 'param' in c ? c.param?.name : undefined;
  return {
    kind: c.kind,
    request: c.request?.index ?? null,
    param: param as string,
    part: (any.part as { raw?: string } | undefined)?.raw as string,
    partIndex: any.partIndex as number,
    piece: any.piece as string,
    def: c.kind === 'variableDef' ? c.def.name : (undefined as unknown as string),
    ref: c.kind === 'variableRef' ? c.ref?.name ?? null : (undefined as unknown as string),
    prefix: any.prefix as string,
    replaces: span ? text.slice(span.start, span.end) : (undefined as unknown as string),
    hasEquals: any.hasEquals as boolean,
  };
}

function check(input: string, expected: Expect): void {
  const { text, offset } = withCursor(input);
  const got = describeCursor(cursorAt(parse(text), offset), text);
  const picked = Object.fromEntries(Object.keys(expected).map((k) => [k, got[k as keyof Expect]]));
  assert.deepEqual(picked, expected, `at ¦ in ${JSON.stringify(input)}`);
}

const URL = 'https://w.example/api.php';

describe('cursor: parameter names', () => {
  for (const [input, expected] of [
    ['acti¦on = query', { kind: 'paramName', param: 'action', prefix: 'acti', replaces: 'action', hasEquals: true }],
    ['action = query\nlist = logevents\nle¦', { kind: 'paramName', param: 'le', prefix: 'le', replaces: 'le', hasEquals: false }],
    ['  ¦action = query', { kind: 'paramName', param: 'action', prefix: '', replaces: 'action' }],
    ['ai¦ foo', { kind: 'paramName', param: 'ai', replaces: 'ai', hasEquals: false }],
    ['### A\naction = query\n\n### B\nacti¦on = parse', { kind: 'paramName', request: 1, param: 'action' }],
  ] as Array<[string, Expect]>) {
    it(JSON.stringify(input), () => check(input, expected));
  }
});

describe('cursor: parameter values and their parts', () => {
  for (const [input, expected] of [
    ['action = qu¦ery', { kind: 'paramValue', param: 'action', part: 'query', partIndex: 0, prefix: 'qu', replaces: 'query' }],
    ['action =¦', { kind: 'paramValue', param: 'action', part: '', prefix: '', replaces: '' }],
    ['action = query   ¦', { kind: 'paramValue', part: 'query', replaces: 'query   ' }],
    ['list = allimages|¦', { kind: 'paramValue', param: 'list', part: '', partIndex: 1, replaces: '' }],
    ['list = all¦images|logevents', { kind: 'paramValue', part: 'allimages', partIndex: 0, replaces: 'allimages' }],
    ['prop = a\\|b|c¦', { kind: 'paramValue', part: 'c', partIndex: 1 }],
    ['aiprop = timestamp|url\n       | si¦ze', { kind: 'paramValue', param: 'aiprop', part: 'size', partIndex: 2, prefix: 'si', replaces: 'size' }],
    ['aiprop = timestamp\n  | url|¦\nlist = x', { kind: 'paramValue', param: 'aiprop', part: '', partIndex: 2 }],
    ['aiprop = timestamp|url\n  | ¦', { kind: 'paramValue', param: 'aiprop', partIndex: 2, replaces: ' ' }],
    ['aifrom = {{x}}¦', { kind: 'paramValue', part: '{{x}}' }],
    ['aifrom = ¦{{x}}', { kind: 'paramValue', part: '{{x}}' }],
  ] as Array<[string, Expect]>) {
    it(JSON.stringify(input), () => check(input, expected));
  }
});

describe('cursor: variables', () => {
  for (const [input, expected] of [
    ['ailimit = {{li¦mit}}', { kind: 'variableRef', param: 'ailimit', ref: 'limit', prefix: 'li', replaces: 'limit}}' }],
    ['ailimit = {{¦}}', { kind: 'variableRef', ref: '', prefix: '', replaces: '}}' }],
    ['ailimit = {{limit}¦}', { kind: 'variableRef', ref: 'limit', prefix: 'limit', replaces: 'limit}}' }],
    ['ailimit = {{ lim¦ }}', { kind: 'variableRef', ref: 'lim', prefix: ' lim', replaces: ' lim }}' }],
    ['ailimit = {{li¦', { kind: 'variableRef', ref: null, prefix: 'li', replaces: 'li' }],
    ['ailimit = {{li¦m', { kind: 'variableRef', ref: null, prefix: 'li', replaces: 'lim' }],
    ['aiprop = a|{{x}}|{{¦', { kind: 'variableRef', ref: null, replaces: '' }],
    ['aiprop = a\n  | {{p¦}}', { kind: 'variableRef', param: 'aiprop', ref: 'p' }],
    ['@li¦mit = 50\n### A\naction = query', { kind: 'variableDef', def: 'limit', piece: 'name', request: null }],
    ['@limit = 5¦0', { kind: 'variableDef', def: 'limit', piece: 'value', part: '50' }],
    ['@limit ¦= 50', { kind: 'variableDef', def: 'limit', piece: 'other' }],
    ['@list = a\n  | b¦', { kind: 'variableDef', def: 'list', piece: 'value', part: 'b' }],
    ['@base = https://w.example\n@endpoint = {{ba¦se}}/api.php', { kind: 'variableRef', ref: 'base', replaces: 'base}}' }],
    ['### A\n@x = 1\naction = query\n@y = {{¦', { kind: 'variableRef', request: 0, ref: null }],
  ] as Array<[string, Expect]>) {
    it(JSON.stringify(input), () => check(input, expected));
  }
});

describe('cursor: pasted URL lines', () => {
  for (const [input, expected] of [
    [`GE¦T ${URL}?action=query`, { kind: 'url', piece: 'method' }],
    [`GET https://w.ex¦ample/api.php?action=query`, { kind: 'url', piece: 'endpoint' }],
    [`${URL}?act¦ion=query&list=allimages`, { kind: 'url', piece: 'name', param: 'action' }],
    [`${URL}?action=query&list=all¦images|logevents`, { kind: 'url', piece: 'value', param: 'list', part: 'allimages', partIndex: 0 }],
    [`${URL}?action=query&list=allimages%7Clog¦events`, { kind: 'url', piece: 'value', param: 'list', partIndex: 1 }],
    [`${URL}?action=query&aifrom={{PAGE¦NAME}}`, { kind: 'url', piece: 'value', param: 'aifrom' }],
    [`${URL}?action=query#fr¦agment`, { kind: 'url', piece: 'other' }],
    [`action = query\n${URL}?list=all¦images`, { kind: 'url', piece: 'value', param: 'list', request: 0 }],
  ] as Array<[string, Expect]>) {
    it(JSON.stringify(input), () => check(input, expected));
  }
});

describe('cursor: headers, comments, blank lines and the rest', () => {
  for (const [input, expected] of [
    ['### Fi¦les\naction = query', { kind: 'header', request: 0 }],
    ['### A\naction = query\n### B¦', { kind: 'header', request: 1 }],
    ['# list = ¦', { kind: 'comment' }],
    ['action = query\n  // a n¦ote', { kind: 'comment', request: 0 }],
    ['action = query\n¦\nlist = allimages', { kind: 'blank', request: 0, replaces: '' }],
    ['action = query\n   ¦  ', { kind: 'blank', request: 0 }],
    ['¦', { kind: 'blank', request: 0 }],
    ['@x = 1\n¦\n### A\naction = query', { kind: 'blank', request: null }],
    ['### A\naction = query\n\n¦\n### B', { kind: 'blank', request: 0 }],
    ['action ¦= query', { kind: 'none' }],
    ['ai pr¦', { kind: 'none' }],
    ['action = query\n\n  | orph¦an', { kind: 'none' }],
    ['action = query\n= x¦', { kind: 'none' }],
    ['aiprop = a\n  ¦| b', { kind: 'none' }],
  ] as Array<[string, Expect]>) {
    it(JSON.stringify(input), () => check(input, expected));
  }
});

describe('cursor: CRLF line ends', () => {
  for (const [input, expected] of [
    ['action = query\r\nlist = all¦images\r\n', { kind: 'paramValue', param: 'list', part: 'allimages', replaces: 'allimages' }],
    ['action = query\r\nai¦\r\nlist = x', { kind: 'paramName', param: 'ai', replaces: 'ai', hasEquals: false }],
    ['action = query\r\n¦\r\nlist = x', { kind: 'blank', request: 0 }],
    ['action = query¦\r\n', { kind: 'paramValue', part: 'query', replaces: 'query' }],
    ['aiprop = a\r\n  | b¦\r\n', { kind: 'paramValue', param: 'aiprop', part: 'b', partIndex: 1 }],
    ['# x¦\r\naction = query', { kind: 'comment' }],
    ['@a = {{b¦}}\r\n', { kind: 'variableRef', ref: 'b' }],
  ] as Array<[string, Expect]>) {
    it(JSON.stringify(input), () => check(input, expected));
  }
});
