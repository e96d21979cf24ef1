/**
 * Diagnostics, as data: an input document and every diagnostic expected of it, each as its code,
 * the exact text its range covers and (where given) its severity. The list must match exactly
 * (order aside), so a positive case also proves nothing else fires, and `[]` is a negative case.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import { Catalogue } from '../../core/src/catalogue/model';
import { bundledCatalogue } from '../../core/src/bundled';
import { CONTENT_CODES, Code } from '../../core/src/codes';
import type { Environment } from '../../core/src/variables';
import { doc, service } from './helpers';
import { fixtureCatalogue } from './fixtureCatalogue';
import { chain } from './shapes';

const E = DiagnosticSeverity.Error;
const W = DiagnosticSeverity.Warning;

interface Expected {
  code: string;
  /** The exact text the diagnostic's range covers. */
  text: string;
  severity?: DiagnosticSeverity;
  /** Must carry the deprecated tag. */
  deprecated?: boolean;
  /** Must carry the unnecessary tag. */
  unnecessary?: boolean;
  /** Quick-fix suggestions the diagnostic carries, in order. */
  suggestions?: string[];
  /** A piece of the message. */
  message?: string;
}

interface Options {
  catalogue?: Catalogue;
  env?: Environment;
  /** The files that exist (URIs), for values read from files: given, the service checks them. */
  files?: string[];
  /** Whether the endpoint has credentials, as the host says (LanguageServiceParams `signedIn`); absent: not known. */
  signedIn?: boolean;
  /** The signed-in account's rights (LanguageServiceParams `accountRights`); absent: not known. */
  rights?: string[];
}

/** Every code some test expects: at the end, each code of the table must have had a positive case. */
const expectedCodes = new Set<string>();

function check(input: string, expected: Expected[], opts: Options = {}): void {
  for (const e of expected) expectedCodes.add(e.code);
  const d = doc(input);
  const files = opts.files;
  const facts = { signedIn: () => opts.signedIn, accountRights: () => opts.rights };
  const diags = service(opts.catalogue, opts.env, undefined, undefined, files && ((uri) => files.includes(uri)), facts).doValidation(d);
  const got = diags.map((x) => ({ code: String(x.code), text: d.getText(x.range), severity: x.severity, diag: x }));
  const describeAll = () => got.map((g) => `  ${g.code} '${g.text}' (${g.severity}): ${g.diag.message}`).join('\n') || '  (none)';
  const left = [...got];
  for (const e of expected) {
    const i = left.findIndex((g) => g.code === e.code && g.text === e.text && (e.severity === undefined || g.severity === e.severity));
    assert.ok(i >= 0, `expected ${e.code} on '${e.text}'${e.severity ? ` (severity ${e.severity})` : ''}; got:\n${describeAll()}`);
    const g = left.splice(i, 1)[0];
    assert.equal(g.diag.source, 'wikiq');
    if (e.deprecated) assert.deepEqual(g.diag.tags, [DiagnosticTag.Deprecated], `${e.code} carries the deprecated tag`);
    if (e.unnecessary) assert.deepEqual(g.diag.tags, [DiagnosticTag.Unnecessary], `${e.code} carries the unnecessary tag`);
    if (e.suggestions) assert.deepEqual((g.diag.data as { suggestions?: string[] } | undefined)?.suggestions, e.suggestions, `${e.code} suggestions`);
    if (e.message) assert.ok(g.diag.message.includes(e.message), `message '${g.diag.message}' includes '${e.message}'`);
  }
  assert.equal(left.length, 0, `unexpected diagnostics:\n${left.map((g) => `  ${g.code} '${g.text}' (${g.severity}): ${g.diag.message}`).join('\n')}`);
}

const Q = 'action = query\n';
const AI = 'action = query\nlist = allimages\n';

describe('validation: assertions', () => {
  it('reports a malformed assertion on what is wrong, and a variable its value uses that nothing defines', () =>
    check(`${AI}?? records > 0\n?? every ns == 6\n?? recods > 0\n?? some name matches /a(?!b)/\n?? ms < {{budget}}\n`, [
      { code: 'invalid-assertion', text: 'recods', severity: E, message: "'recods' is not a subject" },
      { code: 'invalid-assertion', text: '/a(?!b)/', severity: E, message: 'a lookaround' },
      { code: 'undefined-variable', text: '{{budget}}' },
    ]));
  it('reports nothing for assertions that can be read', () => check(`@budget = 500\n### R\n${AI}?? ms < {{budget}}\n?? $.query.allimages[0].name exists\n?? no title matches /^Draft/i\n`, []));
});

describe('validation: values read from files', () => {
  // The document is file:///test.wikiq: paths are relative to its folder.
  it('reports a file that does not exist, on its path', () =>
    check('action = parse\ntext = < ./missing.wiki\n', [{ code: 'missing-file', text: './missing.wiki', severity: E, message: "'./missing.wiki' does not exist" }], { files: ['file:///page.wiki'] }));
  it('reports nothing for a file that exists (relative, in a subfolder, absolute)', () =>
    check('action = parse\ntext = < page.wiki\n### B\naction = parse\ntext = < ./pages/a.wiki\n### C\naction = parse\ntext = < /page.wiki\n', [], { files: ['file:///page.wiki', 'file:///pages/a.wiki'] }));
  it('checks no file where the host cannot look (no fileExists)', () => check('action = parse\ntext = < ./missing.wiki\n', []));
});

describe('validation: writes (#39)', () => {
  const I = DiagnosticSeverity.Information;
  const EP = '@endpoint = https://w.example/w/api.php\n';
  const EDIT = `${EP}action = edit\ntitle = X\ntext = Y\n`;
  const cases: Array<{ name: string; input: string; expected: Expected[]; opts?: Options }> = [
    { name: 'upload: refused, saying why', input: `${EP}action = upload\nfilename = A.png\n`, opts: { signedIn: false },
      expected: [{ code: 'write-action', text: 'upload', severity: E, message: 'sends a file' }] },
    { name: 'a write to a wiki without credentials: an error naming it', input: `${EDIT}summary = S\n`, opts: { signedIn: false },
      expected: [{ code: 'write-without-credentials', text: 'edit', severity: E, message: 'no credentials are set for https://w.example/w/api.php' }] },
    { name: 'any write (move) without credentials', input: `${EP}action = move\nfrom = A\nto = B\n`, opts: { signedIn: false },
      expected: [{ code: 'write-without-credentials', text: 'move', severity: E }] },
    { name: 'a write, signed in: nothing', input: `${EDIT}summary = S\n`, opts: { signedIn: true }, expected: [] },
    { name: 'a write, credentials not known here: nothing', input: `${EDIT}summary = S\n`, expected: [] },
    { name: 'a read without credentials: nothing', input: `${EP}action = query\nlist = allpages\n`, opts: { signedIn: false }, expected: [] },
    { name: 'a token written in the file: a warning (and no missing-required when it is left out)', input: `${EDIT}summary = S\ntoken = abc+\\\n`,
      expected: [{ code: 'token-in-file', text: 'token', severity: W, message: 'wikiq fetches the token' }] },
    { name: 'a name ending in token, in a read too', input: `${EP}action = query\nmeta = siteinfo\ncsrftoken = abc\n`,
      expected: [{ code: 'token-in-file', text: 'csrftoken' }, { code: 'unknown-parameter', text: 'csrftoken' }] },
    { name: 'a parameter the catalogue knows without a token type is not one (checktoken checks the token it is given)', input: `${EP}action = checktoken\ntype = csrf\ntoken = 123ABC\n`,
      expected: [] },
    { name: 'an edit without summary: a warning', input: EDIT, expected: [{ code: 'missing-summary', text: 'edit', severity: W }] },
    { name: 'an undo without summary: MediaWiki sums it up', input: `${EP}action = edit\ntitle = X\nundo = 5\n`, expected: [] },
    { name: 'a new section with its title: its summary', input: `${EDIT}section = new\nsectiontitle = T\n`, expected: [] },
    { name: 'a new section without title: a warning', input: `${EDIT}section = new\n`, expected: [{ code: 'missing-summary', text: 'edit' }] },
    { name: 'bot without the bot right: information', input: `${EDIT}summary = S\nbot\n`, opts: { signedIn: true, rights: ['read', 'edit'] },
      expected: [{ code: 'bot-without-right', text: 'bot', severity: I, message: "does not have the 'bot' right" }] },
    { name: 'bot with the bot right: nothing', input: `${EDIT}summary = S\nbot\n`, opts: { signedIn: true, rights: ['edit', 'bot'] }, expected: [] },
    { name: 'bot, rights not known: nothing', input: `${EDIT}summary = S\nbot\n`, opts: { signedIn: true }, expected: [] },
    { name: 'the catalogue\'s rules: an unknown name, a value, a required parameter', input: `${EP}action = move\nfrom = A\nreasn = R\nwatchlist = always\n`,
      expected: [
        { code: 'unknown-parameter', text: 'reasn', suggestions: ['reason'] },
        { code: 'unknown-value', text: 'always' },
        { code: 'missing-required', text: 'move', message: "'to'" },
      ] },
  ];
  for (const c of cases) it(c.name, () => check(c.input, c.expected, c.opts));
});

describe('validation: credentials in the file', () => {
  it('reports a password parameter, saying where credentials go', () =>
    check('action = login\nlgname = Bot@wikiq\nlgpassword = hunter2hunter2\n', [
      { code: 'credentials-in-file', text: 'lgpassword', severity: E, message: 'WIKIQ_PASSWORD' },
    ]));
  it('reports a Bearer token in a variable or a value', () =>
    check(`@auth = Bearer abc.def\n### R\n${AI}aifrom = bearer xyz\n`, [
      { code: 'credentials-in-file', text: 'Bearer abc.def', message: 'Sign in with' },
      { code: 'credentials-in-file', text: 'bearer xyz' },
    ]));
  it('does not report the word bearer alone or other parameters', () => check(`${AI}aifrom = Bearer\n`, []));
});

describe('validation: syntax and structure', () => {
  it('reports the parser\'s syntax errors with their codes', () =>
    check(`${Q}list allimages\n`, [{ code: 'syntax-missing-equals', text: 'list allimages', severity: E }]));
  it('reports a missing action on the request header', () =>
    check('### Files\nlist = allimages\n', [{ code: 'missing-action', text: '### Files', severity: W }]));
  it('reports a missing action on the first line of an unnamed request', () =>
    check('list = allimages\n', [{ code: 'missing-action', text: 'list = allimages', severity: W }]));
  it('does not report a missing action when there is one', () => check(AI, []));
  it('ignores empty requests', () => check('### Nothing yet\n\n### Also nothing\n# comment\n', []));
  it('reports a parameter given twice on the first one', () =>
    check(`${AI}ailimit = 5\nailimit = 10\n`, [{ code: 'duplicate-parameter', text: 'ailimit', severity: W, message: 'line 4' }]));
  it('reads the last of repeated selectors, as the API does', () =>
    check(`${Q}list = allpages\nlist = allimages\naifrom = B\n`, [{ code: 'duplicate-parameter', text: 'list' }]));
  it('does not report distinct parameters', () => check(`${AI}ailimit = 5\naifrom = B\n`, []));
});

describe('validation: modules', () => {
  it('reports an unknown generator the bundled catalogue lacks as a warning that says the request would fail', () =>
    check(`${Q}generator = nosuch\ngnsfrom = B\n`, [{ code: 'unknown-module', text: 'nosuch', severity: W, message: 'if it does not, the request fails' }]));
  it('reports an unknown action (bundled: warning)', () =>
    check('action = qurey\n', [{ code: 'unknown-action', text: 'qurey', severity: W, suggestions: ['query'] }]));
  it('reports an unknown list module with did-you-mean', () =>
    check(`${Q}list = allimage\n`, [{ code: 'unknown-module', text: 'allimage', severity: W, suggestions: ['allimages'] }]));
  it('reports each unknown module of a multi selector', () =>
    check(`${Q}list = allimages|nosuchmodule\n`, [{ code: 'unknown-module', text: 'nosuchmodule', severity: W }]));
  it('accepts known modules of several groups', () =>
    check(`${Q}list = allimages|allpages\nprop = info|categories\nmeta = siteinfo\n`, []));
  it('reports a deprecated module with the deprecated tag', () =>
    check(`${Q}list = deletedrevs\n`, [{ code: 'deprecated-module', text: 'deletedrevs', severity: W, deprecated: true }]));
  it('reports a module that cannot be a generator', () =>
    check(`${Q}generator = allusers\n`, [{ code: 'not-a-generator', text: 'allusers', severity: E }]));
  it('accepts a generator module', () => check(`${Q}generator = allpages\ngaplimit = 5\n`, []));
  it('reports unknown paraminfo module paths', () =>
    check('action = paraminfo\nmodules = query+allimages|query+alimages\n', [{ code: 'unknown-module', text: 'query+alimages', suggestions: ['query+allimages'] }]));
  it('accepts paraminfo paths and wildcards', () =>
    check('action = paraminfo\nmodules = query+allimages|parse|query+*\n', []));
});

describe('validation: parameter names', () => {
  it('reports a parameter no selected module has', () =>
    check(`${AI}aifrm = B\n`, [{ code: 'unknown-parameter', text: 'aifrm', severity: W, suggestions: ['aifrom'], message: 'Unrecognized parameter' }]));
  it('suggests the missing prefix', () =>
    check(`${AI}from = B\n`, [{ code: 'unknown-parameter', text: 'from', suggestions: ['aifrom'] }]));
  it('suggests every selected module\'s prefix', () =>
    check(`${Q}list = allimages|allpages\nfrom = B\n`, [{ code: 'unknown-parameter', text: 'from', suggestions: ['aifrom', 'apfrom'] }]));
  it('says which module a foreign parameter belongs to', () =>
    check(`${Q}aifrom = B\n`, [{ code: 'unknown-parameter', text: 'aifrom', message: 'list=allimages' }]));
  it('accepts any name in a module with dynamic parameters (clientlogin, createaccount…)', () =>
    check('action = clientlogin\nloginreturnurl = https://w.example/\nusername = Alice\nrememberMe\n', []));
  it('accepts main module parameters', () => check(`${AI}format = json\n`, []));
  it('does not report names with the prefix of a module whose parameters are unknown', () =>
    check(`${Q}list = logevents\nletype = upload\nleaction = upload/upload\n`, []));
  it('still reports other names next to such a module', () =>
    check(`${Q}list = logevents\nxyzzy = 1\n`, [{ code: 'unknown-parameter', text: 'xyzzy' }]));
  it('does not report parameters when a selected module is unknown', () =>
    check(`${Q}list = nosuchmodule\nnsfrom = B\n`, [{ code: 'unknown-module', text: 'nosuchmodule' }]));
  it('reports a generator parameter without generator', () =>
    check(`${Q}gaifrom = B\n`, [{ code: 'missing-generator', text: 'gaifrom', severity: W, message: "generator = allimages" }]));
  it('accepts a generator parameter with its generator', () => check(`${Q}generator = allimages\ngaifrom = B\n`, []));
  it('reports a generator parameter of another generator', () =>
    check(`${Q}generator = allpages\ngaifrom = B\n`, [{ code: 'missing-generator', text: 'gaifrom', message: "'allpages'" }]));
  it('reports a deprecated parameter with the deprecated tag', () =>
    check(`${Q}list = alldeletedrevisions\nadrexpandtemplates\n`, [{ code: 'deprecated-parameter', text: 'adrexpandtemplates', deprecated: true }]));
  it('accepts templated parameters expanded from their supplier', () =>
    check(`${Q}list = alldeletedrevisions\nadrslots = main\nadrcontentformat-main = text/x-wiki\n`, []));
  it('reports a templated parameter whose placeholder value is not supplied', () =>
    check(`${Q}list = alldeletedrevisions\nadrslots = main\nadrcontentformat-other = text/x-wiki\n`, [{ code: 'unknown-parameter', text: 'adrcontentformat-other' }]));
});

describe('validation: enumerations', () => {
  it('reports a value not in the enumeration (single: error)', () =>
    check(`${AI}aisort = sideways\n`, [{ code: 'unknown-value', text: 'sideways', severity: E }]));
  it('suggests the closest value', () =>
    check(`${AI}aisort = timestmp\n`, [{ code: 'unknown-value', text: 'timestmp', suggestions: ['timestamp'] }]));
  it('reports a bad value of a multi enumeration (warning: dropped)', () =>
    check(`${AI}aiprop = timestamp|urll\n`, [{ code: 'unknown-value', text: 'urll', severity: W, suggestions: ['url'] }]));
  it('accepts enumeration values, on continuation lines too', () =>
    check(`${AI}aisort = timestamp\naiprop = timestamp|url\n       | size\n`, []));
  it('reports a deprecated value with the deprecated tag', () =>
    check(`${Q}prop = info\ninprop = url|readable\n`, [{ code: 'deprecated-value', text: 'readable', deprecated: true }]));
  it('reports several values for a single-value enumeration', () =>
    check(`${AI}aisort = name|timestamp\n`, [{ code: 'not-multi', text: 'name|timestamp', severity: E }]));
  it('warns about a pipe in a single text value', () =>
    check(`${AI}aifrom = A|B\n`, [{ code: 'not-multi', text: 'A|B', severity: W }]));
  it('accepts an escaped pipe in a single value', () => check(`${AI}aifrom = A\\|B\n`, []));
  it('accepts pipes in a continuation token (opaque, made by the API)', () =>
    check(`${Q}list = logevents\nlecontinue = 20261122141500|291\n`, []));
  it('accepts a value outside an enumeration the catalogue knows only in part', () =>
    check(`action = parse\ntext = x\nuseskin = someextraskin\ncontentmodel = Scribunto\n`, []));
  it('still checks a value outside a complete enumeration of the same module', () =>
    check(`action = parse\ntext = x\nprop = textt\n`, [{ code: 'unknown-value', text: 'textt', severity: W }]));
  it('reports a repeated value', () =>
    check(`${AI}aiprop = url|size|url\n`, [{ code: 'duplicate-value', text: 'url', severity: DiagnosticSeverity.Hint, unnecessary: true }]));
  it('accepts repeats where duplicates are allowed', () =>
    check(`${Q}meta = allmessages\namargs = x|x\n`, []));
  it('reports * mixed with other values', () =>
    check(`${Q}list = backlinks\nbltitle = Main Page\nblnamespace = *|0\n`, [{ code: 'allspecifier-mixed', text: '*', severity: W }]));
  it('accepts * alone', () => check(`${Q}list = backlinks\nbltitle = Main Page\nblnamespace = *\n`, []));
  it('reports an empty value in a list', () =>
    check(`${AI}aiprop = url||size\n`, [{ code: 'empty-value', text: '|', severity: W }]));
  it('reports a trailing pipe', () => check(`${AI}aiprop = url|\n`, [{ code: 'empty-value', text: '|' }]));
  it('accepts an empty value where the enumeration has one', () => check(`${Q}list = allpages\napprlevel = |sysop\n`, []));
  it('accepts an empty multi value (an empty list)', () => check(`${AI}aiprop =\n`, []));
  it('warns of too many titles: the limit, that the runner sends them in batches, what the API does otherwise', () => {
    const many = Array.from({ length: 120 }, (_, i) => `T${i}`).join('|');
    check(`${Q}titles = ${many}\n`, [{ code: 'too-many-values', text: many, severity: W, message: 'at most 50 in one request (500 with apihighlimits)' }]);
    check(`${Q}titles = ${many}\n`, [{ code: 'too-many-values', text: many, message: "wikiq's runner sends them in 3 requests of at most 50" }]);
    check(`${Q}titles = ${many}\n`, [{ code: 'too-many-values', text: many, message: 'rejects more ("toomanyvalues"' }]);
  });
  it('counts the limit with the rights of the user the catalogue was fetched as (apihighlimits: 500)', () => {
    const b = bundledCatalogue();
    const as = (rights: string[]) => ({ catalogue: new Catalogue({ source: 'cached', modules: b.modules(), exhaustive: false, user: { name: 'Bot', rights } }) });
    const values = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`).join('|');
    check(`${Q}titles = ${values(120)}\n`, [], as(['read', 'apihighlimits']));
    check(`${Q}titles = ${values(501)}\n`, [{ code: 'too-many-values', text: values(501), severity: W, message: 'at most 500 in one request' }], as(['read', 'apihighlimits']));
    check(`${Q}titles = ${values(120)}\n`, [{ code: 'too-many-values', text: values(120), message: 'at most 50 in one request' }], as(['read']));
  });
  it('accepts fifty values', () => {
    const many = Array.from({ length: 50 }, (_, i) => `T${i}`).join('|');
    check(`${Q}titles = ${many}\n`, []);
  });
  it('reports a namespace that is not a number', () =>
    check(`${Q}list = backlinks\nbltitle = X\nblnamespace = File\n`, [{ code: 'unknown-value', text: 'File', severity: W }]));
  it('reports a negative namespace unless it is an extra one', () =>
    check(`${Q}list = allpages\napnamespace = -1\n`, [{ code: 'unknown-value', text: '-1', severity: E }]));
  it('accepts extra namespaces', () => check(`${Q}list = allredirects\narnamespace = -1\n`, []));
});

describe('validation: numbers, limits, timestamps, booleans', () => {
  it('reports an integer that is not one', () =>
    check(`${AI}aiminsize = 1.5\n`, [{ code: 'not-an-integer', text: '1.5', severity: E }]));
  it('accepts signed integers', () => check(`${AI}aiminsize = +15\naimaxsize = -1\n`, []));
  it('reports an integer beyond 64 bits', () =>
    check(`${AI}aiminsize = 99999999999999999999\n`, [{ code: 'not-an-integer', text: '99999999999999999999' }]));
  it('reports a limit below its minimum (error)', () =>
    check(`${AI}ailimit = 0\n`, [{ code: 'limit-below-min', text: '0', severity: E }]));
  it('reports a limit above its maximum (warning, mentions highmax)', () =>
    check(`${AI}ailimit = 501\n`, [{ code: 'limit-above-max', text: '501', severity: W, message: '5000' }]));
  it('accepts max and limits in range', () => check(`${AI}ailimit = max\n`, []));
  it('accepts the maximum itself', () => check(`${AI}ailimit = 500\n`, []));
  it('reports a limit that is not a number', () =>
    check(`${AI}ailimit = lots\n`, [{ code: 'not-an-integer', text: 'lots', severity: E }]));
  for (const ok of ['2024-01-31T12:00:00Z', '2024-01-31 12:00:00', '2024-01-31T12:00:00.123+02:00', '20240131120000', '20240131T120000Z', '1706702400', '-1', '1706702400.5', 'now', 'Wed, 31 Jan 2024 12:00:00 GMT', '2024:01:31 12:00:00', 'Wednesday, 31-Jan-24 12:00:00 GMT', 'Wed Jan 31 12:00:00 2024']) {
    it(`accepts the timestamp ${ok}`, () => check(`${AI}aistart = ${ok}\n`, []));
  }
  for (const bad of ['yesterday', '2024-01-31', '2024-01-31T12:00Z', '31/01/2024', 'Now', '2024-01-31T12:00:00ZZ', '123456789012345', 'Wed, 31 Foo 2024 12:00:00 GMT']) {
    it(`reports the timestamp ${bad}`, () => check(`${AI}aistart = ${bad}\n`, [{ code: 'invalid-timestamp', text: bad, severity: E }]));
  }
  it('warns that 0 means now', () => check(`${AI}aistart = 0\n`, [{ code: 'unclear-now-timestamp', text: '0', severity: W, suggestions: ['now'] }]));
  it('warns that an empty timestamp means now', () => check(`${AI}aistart =\n`, [{ code: 'unclear-now-timestamp', text: 'aistart =', severity: W }]));
  it('warns about an impossible date', () =>
    check(`${AI}aistart = 2023-02-29T00:00:00Z\n`, [{ code: 'timestamp-rolls-over', text: '2023-02-29T00:00:00Z', severity: W }]));
  it('warns about 14 digits that are no date', () =>
    check(`${AI}aistart = 12345678901234\n`, [{ code: 'timestamp-rolls-over', text: '12345678901234' }]));
  it('accepts a leap day', () => check(`${AI}aistart = 2024-02-29T00:00:00Z\n`, []));
  it('warns about a boolean written false', () =>
    check(`${Q}redirects = false\n`, [{ code: 'boolean-false', text: 'redirects = false', severity: W }]));
  for (const v of ['0', 'no', 'FALSE', 'off']) {
    it(`warns about a boolean written ${v}`, () => check(`${Q}redirects = ${v}\n`, [{ code: 'boolean-false', text: `redirects = ${v}` }]));
  }
  it('accepts a bare boolean and one written true', () => check(`${Q}redirects\nexportnowrap = 1\n`, []));
});

describe('validation: variables', () => {
  it('reports an undefined variable', () =>
    check(`${AI}ailimit = {{limt}}\n@limit = 5\n`.replace('@limit = 5\n', ''), [{ code: 'undefined-variable', text: '{{limt}}', severity: E }]));
  it('suggests a defined variable', () =>
    check(`@limit = 5\n${AI}ailimit = {{limt}}\n`, [{ code: 'undefined-variable', text: '{{limt}}', suggestions: ['{{limit}}'] }]));
  it('accepts defined variables and checks their values', () => check(`@limit = 5\n${AI}ailimit = {{limit}}\n`, []));
  it('checks values that come from variables', () =>
    check(`@limit = 9999\n${AI}ailimit = {{limit}}\n`, [{ code: 'limit-above-max', text: '{{limit}}' }]));
  it('splits variables holding several values', () =>
    check(`@props = timestamp|bogus\n${AI}aiprop = {{props}}\n`, [{ code: 'unknown-value', text: '{{props}}' }]));
  it('skips checks of values with undefined variables', () =>
    check(`${AI}aisort = {{nope}}\n`, [{ code: 'undefined-variable', text: '{{nope}}' }]));
  it('reports a cyclic variable', () =>
    check(`@a = {{b}}\n@b = {{a}}\n${AI}aifrom = {{a}}\n`, [
      { code: 'cyclic-variable', text: '{{b}}', severity: E },
      { code: 'cyclic-variable', text: '{{a}}', severity: E },
      { code: 'cyclic-variable', text: '{{a}}', severity: E },
    ]));
  it('accepts environment variables', () => check(`${AI}ailimit = {{limit}}\n`, [], { env: { variables: { limit: '5' } } }));
  it('accepts file variables that use a variable only requests define', () =>
    check('@from = {{letter}}\n### A\n@letter = B\naction = query\nlist = allimages\naifrom = {{from}}\n', []));
  it('sees request variables only in their request', () =>
    check('### A\n@x = 1\naction = query\n\n### B\naction = query\nlist = allimages\nailimit = {{x}}\n', [{ code: 'undefined-variable', text: '{{x}}' }]));
});

describe('validation: modes', () => {
  it('reports a user-only parameter without user', () =>
    check(`${Q}list = alldeletedrevisions\nadrstart = now\n`, [{ code: 'requires-user', text: 'adrstart', severity: E, message: 'adruser' }]));
  it('accepts a user-only parameter with user', () => check(`${Q}list = alldeletedrevisions\nadruser = Alice\nadrstart = now\n`, []));
  it('reports a non-user-only parameter with user', () =>
    check(`${Q}list = alldeletedrevisions\nadruser = Alice\nadrfrom = B\n`, [{ code: 'excludes-user', text: 'adrfrom', severity: E }]));
  it('accepts a non-user-only parameter without user', () => check(`${Q}list = alldeletedrevisions\nadrfrom = B\n`, []));
  it('reports parameters of disjoint modes used together', () =>
    check(`${Q}list = deletedrevs\ndrstart = now\ndrfrom = B\n`, [
      { code: 'deprecated-module', text: 'deletedrevs' },
      { code: 'mode-conflict', text: 'drfrom', severity: E },
    ]));
  it('accepts parameters that share a mode', () =>
    check(`${Q}list = deletedrevs\ndrdir = newer\ndrfrom = B\n`, [{ code: 'deprecated-module', text: 'deletedrevs' }]));
});

describe('validation: a pasted URL', () => {
  it('checks the parameters of a URL with exact ranges', () =>
    check('GET https://w.example/api.php?action=query&list=allimages&aisort=sideways&ailimit=0\n', [
      { code: 'unknown-value', text: 'sideways' },
      { code: 'limit-below-min', text: '0' },
    ]));
  it('accepts a correct URL', () => check('https://w.example/api.php?action=query&list=allimages&aiprop=timestamp%7Curl\n', []));
  it('reports a URL without action', () =>
    check('### U\nGET https://w.example/api.php?list=allimages\n', [{ code: 'missing-action', text: '### U' }]));
  it('reads {{…}} naming no defined variable as the text the wiki receives (templates, magic words)', () =>
    check('https://w.example/api.php?action=parse&text={{Project:Sandbox}}%20{{PAGENAME}}&title={{}}&summary={{x\n', []));
  it('still expands {{…}} naming a defined variable, and checks what it gives', () =>
    check('@s = sideways\n### U\nhttps://w.example/api.php?action=query&list=allimages&aisort={{s}}&aifrom={{PAGENAME}}\n', [
      { code: 'unknown-value', text: '{{s}}' },
    ]));
  it('checks a literal {{…}} as the value it is', () =>
    check('https://w.example/api.php?action=query&list=allimages&aisort={{PAGENAME}}\n', [{ code: 'unknown-value', text: '{{PAGENAME}}' }]));
  it('still reads {{…}} in the line form as a variable', () =>
    check(`${Q}titles = {{PAGENAME}}\n`, [{ code: 'undefined-variable', text: '{{PAGENAME}}' }]));
});

describe('validation: legacy output formats (MediaWiki warns when the parameter is absent)', () => {
  it('reports content asked for without slots, on the module', () =>
    check(`${Q}list = allrevisions\narvprop = ids|content\n`, [{ code: 'legacy-format', text: 'allrevisions', severity: W, message: "Add 'arvslots = main'" }]));
  it('reports it for a generator too, and for a diff', () =>
    check(`${Q}generator = allrevisions\ngarvprop = contentmodel\n### D\n${Q}list = allrevisions\narvdiffto = prev\n`, [
      { code: 'legacy-format', text: 'allrevisions', message: 'garvslots' },
      { code: 'legacy-format', text: 'allrevisions', message: "'arvslots'" },
      { code: 'deprecated-parameter', text: 'arvdiffto' },
    ]));
  it('reports prop=revisions with content and action=expandtemplates without prop (offline: the bundled catalogue)', () =>
    check(`${Q}prop = revisions\ntitles = Main Page\nrvprop = content\n### E\naction = expandtemplates\ntext = x\n`, [
      { code: 'legacy-format', text: 'revisions', message: 'rvslots' },
      { code: 'legacy-format', text: 'expandtemplates', message: "Add 'prop = wikitext'" },
    ]));
  it('says nothing when slots is given or nothing needs it (the default prop)', () => {
    check(`${Q}list = allrevisions\narvprop = content\narvslots = *\n`, []);
    check(`${Q}list = allrevisions\n`, []);
    check(`${Q}list = allrevisions\narvprop = ids|user\n`, []);
  });
});

describe('validation: against a full (live-style, formatversion 2) catalogue', () => {
  const catalogue = fixtureCatalogue();
  const opts = { catalogue };
  it('reports an unknown list/prop/meta/format module as a warning: the API drops it and runs the rest', () =>
    check(`${Q}list = nosuch|testints\ntitarget = X\nprop = nosuchprop\nmeta = nosuchmeta\nformat = nosuchformat\n`, [
      { code: 'unknown-module', text: 'nosuch', severity: W, message: 'runs the rest' },
      { code: 'unknown-module', text: 'nosuchprop', severity: W, message: 'drops it' },
      { code: 'unknown-module', text: 'nosuchmeta', severity: W },
      { code: 'unknown-module', text: 'nosuchformat', severity: W },
    ], opts));
  it('reports the parameters of a dropped module as the API does (unrecognized)', () =>
    check(`${Q}list = nosuch\nnslimit = 5\n`, [
      { code: 'unknown-module', text: 'nosuch', severity: W },
      { code: 'unknown-parameter', text: 'nslimit', severity: W, message: 'Unrecognized parameter: nslimit' },
    ], opts));
  it('reports an unknown generator as an error: the request fails (its parameters are not reported)', () =>
    check(`${Q}generator = nosuch\ngnslimit = 5\n`, [{ code: 'unknown-module', text: 'nosuch', severity: E, message: 'the request fails' }], opts));
  it('reports an unknown action as an error', () =>
    check('action = nosuch\n', [{ code: 'unknown-action', text: 'nosuch', severity: E, message: 'the request fails' }], opts));
  it('checks a write as any request (no longer refused: previewed, then saved)', () =>
    check('action = edit\ntitle = X\ntext = Y\n', [], opts));
  it('checks an action that must be POSTed as any request', () => check('action = purge\ntitles = X\n', [], opts));
  it('does not report reading actions', () => check(`${Q}list = testints\ntitarget = X\n`, [], opts));
  it('reports an integer below its minimum and above its maximum', () =>
    check(`${Q}list = testints\ntitarget = X\nticount = 0\ntisize = 11\n`, [
      { code: 'integer-out-of-range', text: '0', severity: W },
      { code: 'integer-out-of-range', text: '11', severity: W },
    ], opts));
  it('accepts integers in range', () => check(`${Q}list = testints\ntitarget = X\nticount = 10\ntisize = 0\n`, [], opts));
  it('reports a missing required parameter', () =>
    check(`${Q}list = testints\n`, [{ code: 'missing-required', text: 'testints', severity: E }], opts));
  it('reports too many values against the parameter\'s own limit', () =>
    check(`${Q}list = testints\ntitarget = X\ntitags = a|b|c|d\n`, [{ code: 'too-many-values', text: 'a|b|c|d', message: 'at most 3' }], opts));
  it('accepts values within that limit', () => check(`${Q}list = testints\ntitarget = X\ntitags = a|b|c\n`, [], opts));
  it('reports an unknown parameter', () =>
    check(`${Q}list = testints\ntitarget = X\ntibogus = 1\n`, [{ code: 'unknown-parameter', text: 'tibogus', severity: W }], opts));
  it('knows the namespaces of the wiki', () =>
    check(`${Q}list = testints\ntitarget = X\ntins = 0|3000\n`, [{ code: 'unknown-value', text: '3000' }], opts));
});

describe('validation: the fixture with one request per diagnostic', () => {
  it('shows the codes it was written for', () => {
    const text = readFileSync(resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'diagnostics.wikiq'), 'utf8');
    const codes = new Set(service().doValidation(doc(text)).map((x) => String(x.code)));
    const want = [
      'cyclic-variable', 'missing-action', 'unknown-action', 'unknown-module', 'deprecated-module', 'not-a-generator', 'unknown-parameter',
      'missing-generator', 'duplicate-parameter', 'deprecated-parameter', 'unknown-value', 'duplicate-value', 'empty-value', 'not-multi',
      'not-an-integer', 'limit-below-min', 'undefined-variable', 'deprecated-value', 'limit-above-max', 'invalid-timestamp',
      'unclear-now-timestamp', 'boolean-false', 'excludes-user', 'allspecifier-mixed', 'mode-conflict',
    ];
    assert.deepEqual([...codes].sort(), [...want].sort());
  });
});

describe('validation: hostile files are bounded', () => {
  // Without bounds: 4 s and 511 MB for the first (4 million copies), a stack overflow for the second.
  it('reports the variable past 1 MB in 22 variables that each use the next twice', () =>
    check(`${chain(22, 2, 'abcdefgh')}${AI}aifrom = {{v0}}\n`, [{ code: 'variable-too-large', text: '@v3', severity: E, message: 'more than 1,048,576 characters' }]));
  it('reports the variable past 64 levels in a chain of 20,000 variables', () =>
    check(`${chain(20000, 1, 'x')}${AI}aifrom = {{v0}}\n`, [{ code: 'variable-too-large', text: '@v19934', severity: E, message: 'nested more than 64 deep' }]));
  it('reports a value past 1 MB made of variables within bounds, on the value', () =>
    check(`@big = ${'x'.repeat(600000)}\n${AI}aifrom = {{big}}{{big}}\n`, [{ code: 'variable-too-large', text: '{{big}}{{big}}', message: 'This value expands' }]));
  it('reports a repeated value once per value, with its count (a 2 MB line)', () =>
    check(`${AI}aiprop = url|size${'|url|size'.repeat(100000)}|size\n`, [
      { code: 'duplicate-value', text: 'url', message: "'url' is given 100001 times" },
      { code: 'duplicate-value', text: 'size', message: 'drops the 100001 repeats' },
      { code: 'too-many-values', text: `url|size${'|url|size'.repeat(100000)}|size`, severity: E, message: 'rejects more' },
    ]));
  it('shows at most 1,000 diagnostics, and one more saying how many are left out (100,000 pipes on a line)', () => {
    expectedCodes.add('too-many-diagnostics');
    const d = doc(`${AI}aiprop = ${'|'.repeat(100000)}\n`);
    const diags = service().doValidation(d);
    assert.equal(diags.length, 1001);
    assert.deepEqual(diags.slice(0, 1000).map((x) => x.code), ['too-many-values', ...Array(999).fill('empty-value')]);
    assert.equal(diags[1000].code, 'too-many-diagnostics');
    assert.match(diags[1000].message, /^99,002 more diagnostics are not shown/);
  });
  it('counts unknown values past the 1,000th without working out their suggestions (200,000 on a line)', () => {
    const d = doc(`${AI}aiprop = ${Array.from({ length: 200_000 }, (_, i) => `bad${i}`).join('|')}\n`);
    const diags = service().doValidation(d);
    assert.equal(diags.length, 1001);
    assert.deepEqual(new Set(diags.slice(1, 1000).map((x) => x.code)), new Set(['unknown-value']));
    assert.match(diags[1000].message, /^199,001 more diagnostics are not shown/);
  });
});

after(() => {
  // Only meaningful when every test ran (not under --test-name-pattern / --test-only).
  const filtered = [...process.argv, ...process.execArgv].some((a) => a.startsWith('--test-name-pattern') || a.startsWith('--test-only') || a.startsWith('--test-skip-pattern'));
  if (filtered) return;
  // Content codes come from what the wiki says, not from validation: content-diagnostics.test.ts covers them.
  const missing = Object.values(Code).filter((c) => !expectedCodes.has(c) && !CONTENT_CODES.includes(c));
  assert.deepEqual(missing, [], 'every diagnostic code has a positive test case');
});
