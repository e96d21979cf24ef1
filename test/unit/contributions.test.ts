/** The static contributions: snippets insert valid requests and do not shadow completions. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { bundledCatalogue } from '../../core/src/bundled';
import { OPERATOR_NAMES } from '../../core/src/assertionOperators';
import { doc, service } from './helpers';

const root = path.resolve(__dirname, '../../..');
const snippets = JSON.parse(fs.readFileSync(path.join(root, 'snippets/wikiq.code-snippets'), 'utf8')) as Record<string, { prefix: string | string[]; body: string[] }>;

/** A snippet body as inserted with its defaults: `${1:x}` → x, `$0`/`$1` → nothing. */
function expandSnippet(body: string[]): string {
  return body.join('\n').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
}

describe('snippets', () => {
  it('insert requests with no errors or warnings', () => {
    for (const [name, s] of Object.entries(snippets)) {
      const text = expandSnippet(s.body);
      const diags = service().doValidation(doc(text)).filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning);
      assert.deepEqual(diags.map((d) => `${d.code}: ${d.message}`), [], `snippet ${name}:\n${text}`);
    }
  });
  it('have prefixes that are no module or parameter name (no duplicate items in completion)', () => {
    const names = new Set<string>();
    for (const m of bundledCatalogue().modules()) {
      names.add(m.name);
      names.add(m.path);
      for (const p of m.parameters) names.add(m.prefix + p.name);
    }
    for (const s of Object.values(snippets)) {
      for (const prefix of ([] as string[]).concat(s.prefix)) assert.ok(!names.has(prefix), `snippet prefix '${prefix}' shadows a completion item`);
    }
  });
});

describe('grammar', () => {
  it('is valid JSON with the scope the package names', () => {
    const g = JSON.parse(fs.readFileSync(path.join(root, 'syntaxes/wikiq.tmLanguage.json'), 'utf8'));
    assert.equal(g.scopeName, 'source.wikiq');
    for (const key of ['separator', 'comment', 'variable-definition', 'url-line', 'continuation', 'assertion', 'parameter', 'value']) assert.ok(g.repository[key], key);
  });

  it('colours an assertion line as one, not as a parameter (its rule comes before the parameter rule)', () => {
    const g = JSON.parse(fs.readFileSync(path.join(root, 'syntaxes/wikiq.tmLanguage.json'), 'utf8')) as { patterns: Array<{ include: string }>; repository: Record<string, { begin: string; patterns: Array<{ match: string; name?: string }> }> };
    const order = g.patterns.map((p) => p.include);
    assert.ok(order.indexOf('#assertion') < order.indexOf('#parameter'));
    const begin = new RegExp(g.repository.assertion.begin);
    for (const line of ['?? records > 0', '  ?? every ns == 6']) assert.match(line, begin);
    for (const line of ['action = query', 'titles = ??']) assert.doesNotMatch(line, begin);
    const named = (text: string) => g.repository.assertion.patterns.filter((p) => p.name && new RegExp(p.match).test(text)).map((p) => p.name);
    for (const op of OPERATOR_NAMES) assert.deepEqual(named(op), ['keyword.operator.comparison.wikiq'], `the operator ${op} (OPERATORS) is coloured as one`);
    assert.ok(named('/^Draft/i').includes('string.regexp.wikiq'));
    assert.ok(named('$.query.general.sitename').includes('variable.other.path.wikiq'));
  });

  it('colours a block value as one string up to its closing line, before the line rules (a `#` or `??` line in it is text)', () => {
    type Rule = { begin: string; end: string; contentName: string; patterns: Array<{ match: string }> };
    const g = JSON.parse(fs.readFileSync(path.join(root, 'syntaxes/wikiq.tmLanguage.json'), 'utf8')) as { patterns: Array<{ include: string }>; repository: Record<string, Rule> };
    const order = g.patterns.map((p) => p.include);
    for (const other of ['#comment', '#assertion', '#parameter', '#continuation']) assert.ok(order.indexOf('#block-value') < order.indexOf(other), other);
    const rule = g.repository['block-value'];
    const [begin, end] = [new RegExp(rule.begin), new RegExp(rule.end)];
    for (const line of ['text = """', '  appendtext="""  ']) assert.match(line, begin);
    for (const line of ['text = """x', 'text = x"""', '"""', '@v = """']) assert.doesNotMatch(line, begin);
    for (const line of ['"""', '  """ ', '### Next']) assert.match(line, end);
    for (const line of ['say """hi"""', '"""x', '# comment', '?? status == 200']) assert.doesNotMatch(line, end);
    assert.equal(rule.contentName, 'string.unquoted.block.wikiq');
    assert.ok(rule.patterns.some((p) => new RegExp(p.match).test('{{name}}')));
  });

  it('colours a value read from a file (name = < path) as a path, before the parameter rule', () => {
    const g = JSON.parse(fs.readFileSync(path.join(root, 'syntaxes/wikiq.tmLanguage.json'), 'utf8')) as { patterns: Array<{ include: string }>; repository: Record<string, { match: string }> };
    const order = g.patterns.map((p) => p.include);
    assert.ok(order.indexOf('#file-value') < order.indexOf('#parameter'));
    const re = new RegExp(g.repository['file-value'].match);
    assert.equal(re.exec('text = < ./pages/a b.wiki  ')?.[4], './pages/a b.wiki');
    for (const line of ['text = <b>bold</b>', 'text = <', 'text = a < b']) assert.doesNotMatch(line, re);
  });
});
