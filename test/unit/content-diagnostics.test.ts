/**
 * Content diagnostics (#31), as data: an input document, the facts a test provider knows, and every
 * content diagnostic expected of it (code, the text its range covers, severity, the quick fix it
 * offers). The list must match exactly, so a positive case also proves nothing else fires.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { bundledCatalogue } from '../../core/src/bundled';
import { StaticCatalogueProvider } from '../../core/src/catalogue/provider';
import { CONTENT_CODES } from '../../core/src/codes';
import type { ContentFact, ContentKind, ContentProvider, ContentToken } from '../../core/src/content';
import { MAX_CONTENT_VALUES, withContentDiagnostics } from '../../core/src/contentDiagnostics';
import { getLanguageService } from '../../core/src/languageService';
import { doc } from './helpers';

const H = DiagnosticSeverity.Hint;
const I = DiagnosticSeverity.Information;
const ENDPOINT = 'https://wiki.example/w/api.php';

/** What the test wiki says, by kind and name as asked (the provider answers only these). */
const FACTS: Record<string, Omit<ContentFact, 'name'>> = {
  'title Main Page': { exists: true },
  'title main_page': { exists: true, normalised: 'Main Page' },
  'title No such page': { exists: false },
  'title Redirect 0': { exists: true, redirectTo: 'Apple page 0' },
  'category Category:Fruit': { exists: true, members: { pages: 20, files: 0, subcats: 0 } },
  'category Category:Physicist': { exists: false, members: { pages: 0, files: 0, subcats: 0 } },
  'category Category:Empty page': { exists: true, members: { pages: 0, files: 0, subcats: 0 } },
  'category Category:No page': { exists: false, members: { pages: 0, files: 3, subcats: 0 } },
  'category Category:fruit': { exists: true, normalised: 'Category:Fruit', members: { pages: 20, files: 0, subcats: 0 } },
  'category Category:Fruits': { exists: true, redirectTo: 'Category:Fruit', members: { pages: 20, files: 0, subcats: 0 } },
  'user Alice': { exists: true, editcount: 3 },
  'user alice': { exists: true, normalised: 'Alice' },
  'user Nobody': { exists: false },
};

/** Answers from FACTS; records each `facts` call as `kind: name|name`. */
class TestProvider implements ContentProvider {
  calls: string[] = [];
  suggest() {
    return Promise.resolve([]);
  }
  facts(endpoint: string, kind: ContentKind, names: readonly string[], token?: ContentToken): Promise<ReadonlyMap<string, ContentFact>> {
    assert.equal(endpoint, ENDPOINT);
    this.calls.push(`${kind}: ${names.join('|')}`);
    const out = new Map<string, ContentFact>();
    if (token?.isCancellationRequested) return Promise.resolve(out);
    for (const name of names) {
      const f = FACTS[`${kind} ${name}`];
      if (f) out.set(name, { name, ...f });
    }
    return Promise.resolve(out);
  }
}

interface Expected {
  code: string;
  text: string;
  severity: DiagnosticSeverity;
  /** The quick fix's new text (none: no quick fix). */
  fix?: string;
  message?: string;
}

const expectedCodes = new Set<string>();

function setup(provider = new TestProvider()) {
  const ls = getLanguageService({
    catalogues: new StaticCatalogueProvider(bundledCatalogue()),
    content: provider,
    environment: () => ({ endpoint: ENDPOINT, variables: {} }),
    onError: (feature, e) => {
      throw new Error(`${feature} threw: ${String(e)}`);
    },
  });
  return { ls, provider };
}

async function check(input: string, expected: Expected[], calls?: string[]): Promise<void> {
  for (const e of expected) expectedCodes.add(e.code);
  const { ls, provider } = setup();
  const d = doc(input);
  const got = await ls.doValidateContent(d);
  const describeAll = () => got.map((g) => `  ${String(g.code)} '${d.getText(g.range)}' (${g.severity}): ${g.message}`).join('\n') || '  (none)';
  assert.equal(got.length, expected.length, `expected ${expected.length} diagnostics; got:\n${describeAll()}`);
  for (const e of expected) {
    const g = got.find((x) => x.code === e.code && d.getText(x.range) === e.text);
    assert.ok(g, `expected ${e.code} on '${e.text}'; got:\n${describeAll()}`);
    assert.equal(g.severity, e.severity, `${e.code} severity`);
    assert.equal(g.source, 'wikiq');
    if (e.message) assert.ok(g.message.includes(e.message), `'${g.message}' includes '${e.message}'`);
    const actions = ls.doCodeActions(d, g.range, { diagnostics: [g], only: ['quickfix'] });
    const edits = actions.map((a) => a.edit?.changes?.[d.uri]?.[0]);
    assert.deepEqual(edits.map((x) => x?.newText), e.fix === undefined ? [] : [e.fix], `${e.code} quick fix`);
    for (const x of edits) assert.deepEqual(x?.range, g.range);
  }
  if (calls) assert.deepEqual(provider.calls, calls);
}

const Q = 'action = query\n';
const CM = 'action = query\nlist = categorymembers\n';

describe('content diagnostics: what the wiki says of the names sent', () => {
  const cases: Array<[string, string, Expected[]]> = [
    ['a page that does not exist: a hint', `${Q}titles = Main Page|No such page\n`, [{ code: 'missing-page', text: 'No such page', severity: H, message: "'No such page' does not exist" }]],
    ['a name the wiki normalises: a hint, fixed to its form', `${Q}titles = main_page\n`, [{ code: 'normalised-name', text: 'main_page', severity: H, fix: 'Main Page', message: "reads 'main_page' as 'Main Page'" }]],
    ['a redirect in titles without redirects: fixed to its target', `${Q}titles = Redirect 0\n`, [{ code: 'unfollowed-redirect', text: 'Redirect 0', severity: I, fix: 'Apple page 0', message: "without 'redirects'" }]],
    ['a redirect in titles with redirects: followed, nothing to say', `${Q}titles = Redirect 0\nredirects =\n`, []],
    ['a category with no members and no page', `${CM}cmtitle = Category:Physicist\n`, [{ code: 'empty-category', text: 'Category:Physicist', severity: I }]],
    ['a category with no members whose page exists', `${CM}cmtitle = Category:Empty page\n`, [{ code: 'empty-category', text: 'Category:Empty page', severity: I }]],
    ['a category with members and no page: judged by its members', `${CM}cmtitle = Category:No page\n`, []],
    ['a category with members', `${CM}cmtitle = Category:Fruit\n`, []],
    ['a category normalised', `${CM}cmtitle = Category:fruit\n`, [{ code: 'normalised-name', text: 'Category:fruit', severity: H, fix: 'Category:Fruit' }]],
    ['a category redirect for cmtitle, which never follows', `${CM}cmtitle = Category:Fruits\n`, [{ code: 'unfollowed-redirect', text: 'Category:Fruits', severity: I, fix: 'Category:Fruit', message: "'cmtitle' does not follow redirects" }]],
    ['the generator form gcmtitle too', 'action = query\ngenerator = categorymembers\ngcmtitle = Category:Physicist\n', [{ code: 'empty-category', text: 'Category:Physicist', severity: I }]],
    ['clcategories: a category with no members', `${Q}prop = categories\ntitles = Main Page\nclcategories = Category:Fruit|Category:Physicist\n`, [{ code: 'empty-category', text: 'Category:Physicist', severity: I }]],
    ['a user not registered', 'action = query\nlist = logevents\nleuser = Nobody\n', [{ code: 'unregistered-user', text: 'Nobody', severity: I }]],
    ['each value of ususers; a user normalised', 'action = query\nlist = users\nususers = Alice|alice|Nobody\n', [
      { code: 'normalised-name', text: 'alice', severity: H, fix: 'Alice' },
      { code: 'unregistered-user', text: 'Nobody', severity: I },
    ]],
    ['an IP address is no user name: not asked', 'action = query\nlist = logevents\nleuser = 127.0.0.1\n', []],
    ['a value from a variable: reported, no quick fix', `@t = main_page\n${Q}titles = {{t}}\n`, [{ code: 'normalised-name', text: '{{t}}', severity: H }]],
    ['a value whose variable is undefined: not asked', `${Q}titles = {{nowhere}}\n`, []],
    ['a prefix (apfrom) is not checked', 'action = query\nlist = allpages\napfrom = No such page\n', []],
    ['a name the wiki says nothing of: nothing', `${Q}titles = Unknown to the provider\n`, []],
    ['in a pasted URL, the fix percent-encoded', `GET ${ENDPOINT}?action=query&titles=main_page\n`, [{ code: 'normalised-name', text: 'main_page', severity: H, fix: 'Main%20Page' }]],
  ];
  for (const [name, input, expected] of cases) it(name, () => check(`@endpoint = ${ENDPOINT}\n${input}`, expected));
});

describe('content diagnostics: asked in batches, bounded', () => {
  it('one facts call per kind for the whole file, each name once', () =>
    check(`@endpoint = ${ENDPOINT}\n### A\n${Q}titles = Main Page|No such page\n### B\n${Q}titles = No such page|Redirect 0\n### C\n${CM}cmtitle = Category:Fruit\n`, [
      { code: 'missing-page', text: 'No such page', severity: H },
      { code: 'missing-page', text: 'No such page', severity: H },
      { code: 'unfollowed-redirect', text: 'Redirect 0', severity: I, fix: 'Apple page 0' },
    ], ['title: Main Page|No such page|No such page|Redirect 0', 'category: Category:Fruit']));
  it(`at most ${MAX_CONTENT_VALUES} values a document`, async () => {
    const { ls, provider } = setup();
    const titles = Array.from({ length: 300 }, (_, i) => `P${i}`).join('|');
    await ls.doValidateContent(doc(`@endpoint = ${ENDPOINT}\n${Q}titles = ${titles}\n`));
    assert.equal(provider.calls.length, 1);
    assert.equal(provider.calls[0].split('|').length, MAX_CONTENT_VALUES);
  });
  it('nothing without a provider that gives facts', async () => {
    const ls = getLanguageService({ catalogues: new StaticCatalogueProvider(bundledCatalogue()), environment: () => ({ endpoint: ENDPOINT, variables: {} }) });
    assert.deepEqual(await ls.doValidateContent(doc(`${Q}titles = No such page\n`)), []);
  });
  it('nothing once cancelled', async () => {
    const { ls } = setup();
    const token = { isCancellationRequested: true, onCancellationRequested: () => ({ dispose: () => undefined }) };
    assert.deepEqual(await ls.doValidateContent(doc(`@endpoint = ${ENDPOINT}\n${Q}titles = No such page\n`), undefined, token), []);
  });
});

describe('content diagnostics beside the others', () => {
  const d = (severity: DiagnosticSeverity, code: string): Diagnostic => ({ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, severity, code, message: code });
  it('after them, only hints and information', () =>
    assert.deepEqual(withContentDiagnostics([d(1, 'a')], [d(H, 'b'), d(1, 'x'), d(2, 'y'), d(I, 'c')]).map((x) => x.code), ['a', 'b', 'c']));
  it('none when the document is already at the bound', () =>
    assert.equal(withContentDiagnostics(Array.from({ length: 1001 }, () => d(2, 'w')), [d(H, 'b')]).length, 1001));
});

after(() => {
  const filtered = [...process.argv, ...process.execArgv].some((a) => a.startsWith('--test-name-pattern') || a.startsWith('--test-only') || a.startsWith('--test-skip-pattern'));
  if (filtered) return;
  assert.deepEqual(CONTENT_CODES.filter((c) => !expectedCodes.has(c)), [], 'every content code has a positive test case');
});
