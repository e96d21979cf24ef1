/**
 * Code actions, as data: an input with the cursor ¦ (two ¦ mark a range), the title of the action
 * wanted and the whole document after applying it. Quick fixes get the diagnostics that touch the
 * cursor, as an editor would send them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeAction, CodeActionKind, Range } from 'vscode-languageserver-types';
import { parse } from '../../core/src/parser/parser';
import { encodeQueryComponent, requestToUrl, urlToLines } from '../../core/src/urlForm';
import { Environment, scopeFor } from '../../core/src/variables';
import { CURSOR, doc, service } from './helpers';
import { requestsOf } from '../../core/src/parser/blocks';

function actionsAt(input: string, env?: Environment, only?: string[]): { d: TextDocument; actions: CodeAction[] } {
  const first = input.indexOf(CURSOR);
  if (first < 0) throw new Error(`no cursor ${CURSOR} in ${input}`);
  const second = input.indexOf(CURSOR, first + 1);
  const text = input.split(CURSOR).join('');
  const start = first;
  const end = second < 0 ? first : second - CURSOR.length;
  const d = doc(text);
  const ls = service(undefined, env);
  const diagnostics = ls.doValidation(d).filter((x) => d.offsetAt(x.range.start) <= end && start <= d.offsetAt(x.range.end));
  const range = Range.create(d.positionAt(start), d.positionAt(end));
  return { d, actions: ls.doCodeActions(d, range, { diagnostics, only }) };
}

interface Expect {
  title: string;
  result: string;
  preferred?: boolean;
  kind?: string;
}

function apply(d: TextDocument, a: CodeAction): string {
  const edits = a.edit?.changes?.[d.uri] ?? [];
  return TextDocument.applyEdits(d, edits);
}

function check(input: string, expected: Expect, env?: Environment): void {
  const { d, actions } = actionsAt(input, env);
  const a = actions.find((x) => x.title === expected.title);
  assert.ok(a, `no action '${expected.title}' among [${actions.map((x) => x.title).join(' | ')}]`);
  assert.equal(a.kind, expected.kind ?? CodeActionKind.QuickFix);
  if (expected.preferred !== undefined) assert.equal(!!a.isPreferred, expected.preferred, 'isPreferred');
  if (a.kind === CodeActionKind.QuickFix) assert.ok(a.diagnostics && a.diagnostics.length > 0, 'a quick fix names its diagnostic');
  assert.equal(apply(d, a), expected.result);
}

function checkNone(input: string, title: string | RegExp, env?: Environment): void {
  const { actions } = actionsAt(input, env);
  const hit = actions.find((x) => (typeof title === 'string' ? x.title === title : title.test(x.title)));
  assert.equal(hit, undefined, `did not expect '${hit?.title}'`);
}

const AI = 'action = query\nlist = allimages\n';

describe('code actions: did you mean', () => {
  it('fixes a misspelt parameter name', () =>
    check(`${AI}aifr¦m = B\n`, { title: "Change to 'aifrom'", result: `${AI}aifrom = B\n`, preferred: true }));
  it('adds a missing prefix', () => check(`${AI}fr¦om = B\n`, { title: "Change to 'aifrom'", result: `${AI}aifrom = B\n`, preferred: true }));
  it('offers each prefix when several fit, none preferred', () => {
    check('action = query\nlist = allimages|allpages\nfr¦om = B\n', { title: "Change to 'apfrom'", result: 'action = query\nlist = allimages|allpages\napfrom = B\n', preferred: false });
  });
  it('fixes an enumeration value', () =>
    check(`${AI}aisort = timest¦mp\n`, { title: "Change to 'timestamp'", result: `${AI}aisort = timestamp\n`, preferred: true }));
  it('fixes a module name', () =>
    check('action = query\nlist = allimage¦\n', { title: "Change to 'allimages'", result: AI }));
  it('fixes a variable name', () =>
    check(`@limit = 5\n${AI}ailimit = {{lim¦t}}\n`, { title: "Change to '{{limit}}'", result: `@limit = 5\n${AI}ailimit = {{limit}}\n` }));
  it('fixes a value inside a pasted URL', () =>
    check('GET https://w.example/api.php?action=query&list=allimages&aisort=timestmp¦\n', {
      title: "Change to 'timestamp'", result: 'GET https://w.example/api.php?action=query&list=allimages&aisort=timestamp\n',
    }));
  it('offers nothing where nothing is wrong', () => checkNone(`${AI}aifr¦om = B\n`, /^Change to/));
  it('writes now for an unclear timestamp', () =>
    check(`${AI}aistart = ¦0\n`, { title: "Change to 'now'", result: `${AI}aistart = now\n` }));
});

describe('code actions: selections', () => {
  it('adds the list module a parameter belongs to', () =>
    check('action = query\naifr¦om = B\n', { title: "Add 'list = allimages'", result: 'action = query\nlist = allimages\naifrom = B\n' }));
  it('appends the module to an existing list', () =>
    check('action = query\nlist = allpages\naifr¦om = B\n', { title: "Add allimages to 'list'", result: 'action = query\nlist = allpages|allimages\naifrom = B\n' }));
  it('adds the generator a g-parameter needs', () =>
    check('action = query\ngaifr¦om = B\n', { title: "Add 'generator = allimages'", result: 'action = query\ngenerator = allimages\ngaifrom = B\n', preferred: true }));
});

describe('code actions: legacy formats', () => {
  it('adds the slots whose absence selects the legacy format', () =>
    check('action = query\nlist = allre¦visions\narvprop = content\n', { title: "Add 'arvslots = main'", result: 'action = query\narvslots = main\nlist = allrevisions\narvprop = content\n', preferred: true }));
});

describe('code actions: add action', () => {
  it('adds action = query after the ### line', () =>
    check('### Fi¦les\nlist = allimages\n', { title: "Add 'action = query'", result: '### Files\naction = query\nlist = allimages\n', preferred: true }));
  it('adds action = query at the top of an unnamed request', () =>
    check('# files\nlist = all¦images\n', { title: "Add 'action = query'", result: '# files\naction = query\nlist = allimages\n' }));
  it('adds it to the right request', () =>
    check(`### A\n${AI}\n### B¦\nlist = allpages\n`, { title: "Add 'action = query'", result: `### A\n${AI}\n### B\naction = query\nlist = allpages\n` }));
});

describe('code actions: booleans, limits, values', () => {
  it('removes a boolean written false', () =>
    check('action = query\nredirects = fa¦lse\ntitles = X\n', { title: "Remove 'redirects' (absent means false)", result: 'action = query\ntitles = X\n', preferred: true }));
  it('removes it on the last line of a file without a final newline', () =>
    check('action = query\nredirects = fa¦lse', { title: "Remove 'redirects' (absent means false)", result: 'action = query' }));
  it('removes it from a pasted URL', () =>
    check('GET https://w.example/api.php?action=query&redirects=fal¦se&titles=X\n', {
      title: "Remove 'redirects' (absent means false)", result: 'GET https://w.example/api.php?action=query&titles=X\n',
    }));
  it('clamps a limit to its maximum', () =>
    check(`${AI}ailimit = 99¦99\n`, { title: 'Clamp to 500', result: `${AI}ailimit = 500\n`, preferred: true }));
  it('or writes max', () => check(`${AI}ailimit = 99¦99\n`, { title: "Use 'max'", result: `${AI}ailimit = max\n`, preferred: false }));
  it('raises a limit to its minimum', () => check(`${AI}ailimit = ¦0\n`, { title: 'Change to 1', result: `${AI}ailimit = 1\n` }));
  it('removes a stray pipe', () =>
    check(`${AI}aiprop = url|¦|size\n`, { title: "Remove the stray '|'", result: `${AI}aiprop = url|size\n` }));
  it('removes a repeated value', () =>
    check(`${AI}aiprop = url|size|u¦rl\n`, { title: 'Remove the repeated value', result: `${AI}aiprop = url|size\n` }));
  it('removes a repeated value alone on a continuation line', () =>
    check(`${AI}aiprop = url|size\n  | u¦rl\n`, { title: 'Remove the repeated value', result: `${AI}aiprop = url|size\n` }));
  it('removes the first of two equal parameters', () =>
    check(`${AI}ail¦imit = 5\nailimit = 10\n`, { title: "Remove this 'ailimit' (the API uses the last one)", result: `${AI}ailimit = 10\n` }));
});

describe('code actions: a token written in the file (#39)', () => {
  const EDIT = 'action = edit\ntitle = X\ntext = Y\nsummary = S\n';
  it('removes the token line', () =>
    check(`${EDIT}to¦ken = abc+\\\n`, { title: "Remove 'token' (wikiq fetches the token)", result: EDIT, preferred: true }));
  it('removes it in the middle of a request', () =>
    check(`action = edit\ncsrft¦oken = abc\n${EDIT.slice('action = edit\n'.length)}`, { title: "Remove 'csrftoken' (wikiq fetches the token)", result: EDIT }));
  it('removes it from a pasted URL', () =>
    check('GET https://w.example/api.php?action=edit&title=X&tok¦en=abc&summary=S\n', {
      title: "Remove 'token' (wikiq fetches the token)", result: 'GET https://w.example/api.php?action=edit&title=X&summary=S\n',
    }));
  it('offers nothing for a name that is no token', () => checkNone(`${EDIT}ti¦tle = Y\n`, /wikiq fetches the token/));
});

describe('code actions: URL ⇄ lines', () => {
  const R = CodeActionKind.RefactorRewrite;
  it('converts a pasted URL into lines, keeping its endpoint', () =>
    check('### U\nGET https://w.example/api.php?action=query&list=allimages&aiprop=timestamp%7Curl&aifrom=B%20C&redirects=¦\n', {
      title: 'Convert URL to parameter lines', kind: R,
      result: '### U\n@endpoint = https://w.example/api.php\naction = query\nlist = allimages\naiprop = timestamp|url\naifrom = B C\nredirects\n',
    }));
  it('leaves out the endpoint when the file already targets it', () =>
    check('@endpoint = https://w.example/api.php\n### U\nhttps://w.example/api.php?action=query&lis¦t=allimages&aifrom=A%7CB\n', {
      title: 'Convert URL to parameter lines', kind: R,
      result: '@endpoint = https://w.example/api.php\n### U\naction = query\nlist = allimages\naifrom = A|B\n',
    }));
  it('converts a request in lines into one URL', () =>
    check('@endpoint = https://w.example/api.php\n### F¦\naction = query\nlist = allimages\naiprop = timestamp|url\n       | size\naifrom = B C+D\n# a comment\nredirects\nailimit = {{limit}}\n', {
      title: 'Convert request to a URL', kind: R,
      result: '@endpoint = https://w.example/api.php\n### F\nGET https://w.example/api.php?action=query&list=allimages&aiprop=timestamp|url|size&aifrom=B%20C%2BD&redirects=&ailimit={{limit}}\n# a comment\n',
    }));
  it('converts the last request of a file without a final newline', () =>
    check('@endpoint = https://w.example/api.php\n### F¦\naction = query\nlist = allimages', {
      title: 'Convert request to a URL', kind: R,
      result: '@endpoint = https://w.example/api.php\n### F\nGET https://w.example/api.php?action=query&list=allimages',
    }));
  it('uses the environment endpoint', () =>
    check('action = qu¦ery\n', { title: 'Convert request to a URL', kind: R, result: 'GET https://env.example/w/api.php?action=query\n' }, { endpoint: 'https://env.example/w/api.php' }));
  it('is not offered without an endpoint', () => checkNone('action = qu¦ery\n', 'Convert request to a URL'));
  it('only offers rewrites when asked for rewrites only', () => {
    const { actions } = actionsAt(`@endpoint = https://w.example/api.php\n${AI}aifr¦m = B\n`, undefined, [CodeActionKind.Refactor]);
    assert.deepEqual(actions.map((a) => a.kind), [CodeActionKind.RefactorRewrite]);
  });
  it('converts back and forth to the same parameters', () => {
    const lines = 'action = query\nlist = allimages\naiprop = timestamp|url\naifrom = A\\|B c\naito = ü&=#%+?\nredirects\n';
    const file = parse(lines);
    const { url } = requestToUrl(requestsOf(file)[0], 'https://w.example/w/api.php');
    const back = urlToLines(url, { isBoolean: (n) => n === 'redirects' });
    assert.deepEqual(back.problems, []);
    assert.equal(back.endpoint, 'https://w.example/w/api.php');
    assert.equal(back.lines.join('\n') + '\n', lines);
  });
  it('uses the U+001F form for values holding a pipe', () => {
    const { url } = requestToUrl(requestsOf(parse('titles = A\\|B|C\n'))[0], 'https://w.example/api.php', { method: false });
    assert.equal(url, 'https://w.example/api.php?titles=%1FA%7CB%1FC');
  });
  it('expands variables when given a scope', () => {
    const file = parse('@limit = 5\n@props = timestamp|url\naction = query\nailimit = {{limit}}\naiprop = {{props}}\naifrom = {{nope}}\n');
    const res = requestToUrl(requestsOf(file)[0], 'https://w.example/api.php', { scope: scopeFor(file, requestsOf(file)[0]), method: false });
    assert.equal(res.url, 'https://w.example/api.php?action=query&ailimit=5&aiprop=timestamp|url&aifrom={{nope}}');
    assert.deepEqual(res.unexpanded, ['nope']);
  });
  it('percent-encodes what a query needs encoded, keeps the rest readable', () => {
    assert.equal(encodeQueryComponent('query+allimages'), 'query%2Ballimages');
    assert.equal(encodeQueryComponent('File:A b/c,d'), 'File:A%20b/c,d');
    assert.equal(encodeQueryComponent('a&b=c#d%e'), 'a%26b%3Dc%23d%25e');
    assert.equal(encodeQueryComponent('ü|'), '%C3%BC%7C');
  });
  it('reports what the line form cannot say', () => {
    const res = urlToLines('https://w.example/api.php?text=a%0Ab&title=%20x');
    assert.equal(res.problems.length, 2);
  });
});
