/**
 * The language service on real requests: every documented example (paraminfo `examples`) of every
 * read-only, GET-able module of the test wiki is checked by wikiq — with the wiki's own (live)
 * catalogue and with the bundled one — and sent to the wiki. Every Error or Warning wikiq gives must
 * have a counterpart among the wiki's own warnings/errors for the same request. What the wiki says
 * and wikiq does not is fine; hints (unnecessary) and information diagnostics are not counted.
 * Content diagnostics (#31) on the same examples and on the real ApiSandbox links of
 * test/fixtures/apisandbox, asked of the wiki through the engine's WikiContentProvider: hints and
 * information only, and not one error or warning more than without them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CONTENT_CODES, Catalogue, StaticCatalogueProvider, getLanguageService, withContentDiagnostics } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { WikiContentProvider, catalogueOf, fetchWikiCatalogue } from '../../engine/src';
import { TestWiki, startWiki } from './harness';

interface Example {
  module: string;
  query: string;
}

interface WikiMessage {
  kind: 'warning' | 'error';
  code: string;
  text: string;
}

/** Which wiki codes answer a wikiq diagnostic (besides any wiki error answering a wikiq Error). */
const COUNTERPARTS: Record<string, RegExp> = {
  'unknown-parameter': /^unrecognizedparams$/,
  'unknown-value': /^(badvalue|unrecognizedvalues|unknown_.*)$/,
  'unknown-module': /^(badvalue|unrecognizedvalues|unknown_.*)$/,
  'unknown-action': /^(badvalue|unknown_action)$/,
  'deprecated-module': /deprecat/,
  'deprecated-parameter': /deprecat/,
  'deprecated-value': /deprecat/,
  'legacy-format': /deprecat/,
  'too-many-values': /^toomanyvalues$/,
  'allspecifier-mixed': /^(badvalue|unrecognizedvalues)$/,
  'empty-value': /^(badvalue|unrecognizedvalues|emptyvalue)$/,
  'not-multi': /^(badvalue|multivalue-not-allowed|unrecognizedvalues)$/,
  'integer-out-of-range': /outofrange|range/,
  'limit-above-max': /outofrange|range|limit/,
  'unclear-now-timestamp': /^unclearnowtimestamp$/,
  'timestamp-rolls-over': /timestamp/,
  'boolean-false': /$^/,
  'duplicate-parameter': /$^/,
  'missing-generator': /^unrecognizedparams$/,
};

/**
 * `deprecated`: names of modules the wiki's own paraminfo marks deprecated. When the wiki stops
 * with an error (e.g. `permissiondenied` for list=deletedrevs without the right), it never reaches
 * the module's deprecation warning; its paraminfo flag is then the wiki's word for it.
 */
function hasCounterpart(d: Diagnostic, wiki: WikiMessage[], deprecated: Set<string>): boolean {
  if (d.severity === DiagnosticSeverity.Error && wiki.some((m) => m.kind === 'error')) return true;
  if (d.code === 'deprecated-module' && wiki.some((m) => m.kind === 'error') && [...deprecated].some((n) => d.message.includes(`'${n}'`))) return true;
  const re = COUNTERPARTS[String(d.code)];
  if (!re) return wiki.length > 0;
  return wiki.some((m) => re.test(m.code));
}

function counted(d: Diagnostic): boolean {
  if (d.severity !== DiagnosticSeverity.Error && d.severity !== DiagnosticSeverity.Warning) return false;
  return !d.tags?.includes(DiagnosticTag.Unnecessary);
}

describe('documented examples of the test wiki agree with the wiki', () => {
  let wiki: TestWiki;
  const examples: Example[] = [];
  let live: Catalogue;
  const deprecatedModules = new Set<string>();
  const answers = new Map<string, WikiMessage[]>();

  before(async () => {
    wiki = await startWiki();
    const info = await getJson(`${wiki.endpoint}?action=paraminfo&modules=main|*|query%2B*&formatversion=2&format=json&helpformat=raw&uselang=en`);
    const modules: any[] = info?.paraminfo?.modules ?? [];
    for (const m of modules) {
      if (m.deprecated) deprecatedModules.add(m.name);
      if (m.mustbeposted || m.writerights) continue;
      for (const ex of m.examples ?? []) if (typeof ex?.query === 'string') examples.push({ module: m.path, query: ex.query });
    }
    live = catalogueOf(await fetchWikiCatalogue(wiki.endpoint), 'live');
  });
  after(async () => {
    await wiki?.stop();
  });

  async function getJson(url: string): Promise<any> {
    const r = await fetch(url);
    const text = await r.text();
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  /** The wiki's warnings and errors for the example (empty when the answer is not JSON, e.g. a feed). */
  async function wikiSays(query: string): Promise<WikiMessage[]> {
    const cached = answers.get(query);
    if (cached) return cached;
    const json = await getJson(`${wiki.endpoint}?${query}&errorformat=plaintext&formatversion=2&format=json&uselang=en`);
    const out: WikiMessage[] = [];
    for (const kind of ['warning', 'error'] as const) {
      const list = json?.[`${kind}s`];
      if (Array.isArray(list)) for (const m of list) out.push({ kind, code: String(m?.code), text: String(m?.text ?? '') });
    }
    answers.set(query, out);
    return out;
  }

  async function disagreements(catalogue: Catalogue): Promise<{ found: string[]; compared: number }> {
    const ls = getLanguageService({
      catalogues: new StaticCatalogueProvider(catalogue),
      environment: () => undefined,
      onError: (feature, e) => {
        throw new Error(`${feature} threw: ${e instanceof Error ? e.stack : String(e)}`);
      },
    });
    const out: string[] = [];
    let compared = 0;
    for (const ex of examples) {
      // The URL form: an undefined `{{…}}` in it is wiki text, sent as written.
      const document = TextDocument.create('file:///example.wikiq', 'wikiq', 1, `GET ${wiki.endpoint}?${ex.query}\n`);
      const diags = ls.doValidation(document).filter(counted);
      if (!diags.length) continue;
      compared += diags.length;
      const said = await wikiSays(ex.query);
      for (const d of diags) {
        if (hasCounterpart(d, said, deprecatedModules)) continue;
        const wikiText = said.length ? said.map((m) => `${m.kind} ${m.code}: ${m.text}`).join('; ') : 'nothing';
        out.push(`${ex.query}\n    wikiq: ${d.code} (${d.severity === DiagnosticSeverity.Error ? 'error' : 'warning'}) ${d.message}\n    wiki: ${wikiText}`);
      }
    }
    return { found: out, compared };
  }

  it('finds read-only examples', () => {
    assert.ok(examples.length > 100, `${examples.length} examples`);
  });

  it('reads the wiki\'s own warnings and errors', async () => {
    const said = await wikiSays('action=query&list=allpages&apbogus=1&aplimit=max');
    assert.ok(said.some((m) => m.kind === 'warning' && m.code === 'unrecognizedparams'), JSON.stringify(said));
  });

  it('with the live catalogue, every diagnostic is one the wiki also gives', async (t) => {
    const { found, compared } = await disagreements(live);
    t.diagnostic(`${examples.length} examples, ${compared} diagnostics compared`);
    assert.equal(live.source, 'live');
    assert.deepEqual(found, [], `${found.length} disagreement(s) of ${examples.length} examples:\n${found.join('\n')}`);
  });

  it('with the bundled catalogue, no diagnostic the wiki does not give either', async (t) => {
    const { found, compared } = await disagreements(bundledCatalogue());
    t.diagnostic(`${examples.length} examples, ${compared} diagnostics compared`);
    assert.deepEqual(found, [], `${found.length} disagreement(s) of ${examples.length} examples:\n${found.join('\n')}`);
  });

  it('content diagnostics on the examples and the ApiSandbox links: hints and information only, no new error or warning', async (t) => {
    const content = new WikiContentProvider({ allowed: () => true });
    const ls = getLanguageService({
      catalogues: new StaticCatalogueProvider(live),
      content,
      environment: () => undefined,
      onError: (feature, e) => {
        throw new Error(`${feature} threw: ${e instanceof Error ? e.stack : String(e)}`);
      },
    });
    const links = (JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'apisandbox', 'links.json'), 'utf8')) as { links: Array<{ lines: string[] }> }).links;
    const documents = [
      ...examples.map((ex) => `GET ${wiki.endpoint}?${ex.query}\n`),
      ...links.map((l) => `@endpoint = ${wiki.endpoint}\n${l.lines.join('\n')}\n`),
    ];
    const codes = new Map<string, number>();
    const loud: string[] = [];
    for (const text of documents) {
      const document = TextDocument.create('file:///corpus.wikiq', 'wikiq', 1, text);
      const plain = ls.doValidation(document);
      const found = await ls.doValidateContent(document);
      for (const d of found) {
        codes.set(String(d.code), (codes.get(String(d.code)) ?? 0) + 1);
        assert.ok(CONTENT_CODES.includes(d.code as never), `${String(d.code)} is a content code`);
        if (d.severity !== DiagnosticSeverity.Hint && d.severity !== DiagnosticSeverity.Information) loud.push(`${text.trim()}: ${String(d.code)} (${d.severity}) ${d.message}`);
      }
      const counted = (ds: Diagnostic[]) => ds.filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning).map((d) => `${String(d.code)} ${d.message}`);
      assert.deepEqual(counted(withContentDiagnostics(plain, found)), counted(plain), text);
    }
    t.diagnostic(`${documents.length} requests; content diagnostics: ${JSON.stringify(Object.fromEntries(codes))}`);
    assert.deepEqual(loud, []);
    assert.ok([...codes.values()].reduce((a, b) => a + b, 0) > 0, 'the corpus names something the test wiki lacks');
  });
});
