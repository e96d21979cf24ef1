/**
 * The compare-HTML reader of the edit preview (#39): MediaWiki's diff table rows as plain text
 * (`@@`, ` `, `-`, `+` lines), markup dropped and entities decoded once, bounded; a token is
 * refused even when a write may be previewed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIFF_LINE_CHARS, RefusedError, compareDiffText, resolveRequest } from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';

const lineno = (l: number, r: number) => `<tr><td colspan="2" class="diff-lineno" id="mw-diff-left-l${l}">Line ${l}:</td>\n<td colspan="2" class="diff-lineno">Line ${r}:</td></tr>`;
const context = (t: string) => `<tr><td class="diff-marker"></td><td class="diff-context diff-side-deleted"><div>${t}</div></td><td class="diff-marker"></td><td class="diff-context diff-side-added"><div>${t}</div></td></tr>`;
const del = (t: string) => `<td class="diff-marker" data-marker="−"></td><td class="diff-deletedline diff-side-deleted"><div>${t}</div></td>`;
const add = (t: string) => `<td class="diff-marker" data-marker="+"></td><td class="diff-addedline diff-side-added"><div>${t}</div></td>`;
const empty = (side: string) => `<td colspan="2" class="diff-empty diff-side-${side}"></td>`;
const row = (...cells: string[]) => `<tr>${cells.join('')}</tr>`;

/** The text of `html` is `expected`, and none of it is markup. */
function check(html: string, expected: string[], opts: { maxLines?: number; fromEmpty?: boolean; omitted?: number } = {}) {
  const d = compareDiffText(html, opts.maxLines, opts.fromEmpty);
  assert.deepEqual(d.lines, expected);
  assert.equal(d.omitted, opts.omitted ?? 0);
  for (const l of d.lines) assert.doesNotMatch(l, /<(td|tr|div|del|ins|span)\b/, `plain text: ${l}`);
}

describe('the compare HTML as a text diff', () => {
  it('a changed line: header once, context once, removed then added, inline marks dropped', () => check(
    lineno(1, 1) + context('Kept line.') + row(del('An <del class="diffchange diffchange-inline">old</del> word.'), add('A <ins class="diffchange diffchange-inline">new</ins> word.')),
    ['@@ Line 1: @@', ' Kept line.', '-An old word.', '+A new word.'],
  ));
  it('a run of changed rows: its removed lines, then its added ones; a lone addition', () => check(
    row(del('a'), add('A')) + row(del('b'), add('B')) + context('c') + row(empty('deleted'), add('appended')),
    ['-a', '-b', '+A', '+B', ' c', '+appended'],
  ));
  it('hostile text stays text: entities decoded once, raw tags dropped, control characters kept for the terminal to escape', () => check(
    row(del('&lt;script&gt;alert(1)&lt;/script&gt;'), add('<script>alert(2)</script> &amp;lt;b&amp;gt; &#x41;&#233; \x1b[2J &quot;q&quot;')),
    ['-<script>alert(1)</script>', '+alert(2) &lt;b&gt; Aé \x1b[2J "q"'],
  ));
  it('an empty line (a non-breaking space) is empty; from an empty page it is not a removed line', () => {
    check(row(del('&#160;'), add('Hello')), ['-', '+Hello']);
    check(row(del('&#160;'), add('Hello')) + row(empty('deleted'), add('World')), ['+Hello', '+World'], { fromEmpty: true });
    // MediaWiki pairs the empty page's empty line with the new text's first empty line: added too.
    check(row(empty('deleted'), add('A')) + context('<br/>').replace(/<div><br\/><\/div>/g, '<br/>') + row(empty('deleted'), add('B')), ['+A', '+', '+B'], { fromEmpty: true });
  });
  it('spaces as saved: MediaWiki\'s U+00A0 for a leading, a trailing and a pair of spaces undone (its escapeWhiteSpace, run by PHP on each text)', () => {
    const shown: Array<[string, string]> = [
      [' a', '\u00a0 a'], ['  a', '\u00a0\u00a0 a'], ['   a', '\u00a0\u00a0  a'], ['a ', 'a \u00a0'], ['a  ', 'a\u00a0 \u00a0'],
      [' ', '\u00a0 \u00a0'], ['  ', '\u00a0\u00a0 \u00a0'], ['a  b   c', 'a\u00a0 b\u00a0  c'], [' a ', '\u00a0 a \u00a0'], ['x y', 'x y'], ['\u00a0x', '\u00a0x'],
      // A whole line marked as added: the marks are the line's start, as MediaWiki escapes its HTML.
      ['  Indented', '<ins class="diffchange">\u00a0 Indented</ins>'],
    ];
    check(shown.map(([, html]) => row(empty('deleted'), add(html))).join(''), shown.map(([text]) => `+${text}`));
  });
  it('bounded: lines past maxLines counted, a long line cut', () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(empty('deleted'), add(`line ${i}`))).join('');
    check(rows, ['+line 0', '+line 1', '+line 2'], { maxLines: 3, omitted: 7 });
    const long = compareDiffText(row(empty('deleted'), add('x'.repeat(DIFF_LINE_CHARS * 3)))).lines[0];
    assert.equal(long, `+${'x'.repeat(DIFF_LINE_CHARS)}…`);
  });
  it('not a diff table: nothing', () => {
    check('', []);
    check('<p>no rows</p><tr><td>unclassed</td></tr>', []);
  });
});

describe('resolving a write for its preview', () => {
  const EP = '@endpoint = https://w.example/api.php\n';
  it('allowWrite: preview resolves an edit; a token is still refused; the default still refuses', () => {
    const edit = `${EP}action = edit\ntitle = X\ntext = y`;
    assert.equal(resolveRequest(edit, { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview' }).params.action, 'edit');
    assert.throws(() => resolveRequest(edit, { index: 0 }, { catalogue: bundledCatalogue() }),
      (e: Error) => e instanceof RefusedError && /writes to the wiki.*wikiq run FILE previews this edit and asks before saving it \(--dry-run: the preview only\); see docs\/writes\.md\.$/.test(e.message));
    assert.throws(() => resolveRequest(`${edit}\ntoken = +\\`, { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview' }),
      (e: Error) => e instanceof RefusedError && /'token' is a token/.test(e.message));
  });
});
