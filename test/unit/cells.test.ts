/**
 * Readable cells: the text of a cell in core's results vocabulary. A title list (categories,
 * links, templates, images, langlinks, iwlinks) shows its titles joined with ` | `; other nested
 * values a summary (`3 items`, `{size, width, height}`) where they are shown (the CLI's table, the
 * results view: `cellText`) and JSON where they are data (CSV, copying, the view's filter:
 * `cellData`). The CLI's `--format table` and CSV export show the same text for the same cell.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTables } from '../../cli/src/cli';
import { TITLE_SEPARATOR, cellData, cellText, titleList } from '../../core/src';
import { csvCell } from '../../engine/src';

/** [what the cell holds, the text shown, the text as data (CSV, copy)]; data defaults to the text shown. */
type Row = [unknown, string, string?];

const rows: Array<[string, Row]> = [
  ['a string as it is', ['File:Willow.jpg', 'File:Willow.jpg']],
  ['a number', [-1, '-1']],
  ['a boolean', [true, 'true']],
  ['nothing', [undefined, '']],
  ['null', [null, '']],
  ['categories: their titles', [[{ ns: 14, title: 'Category:A' }, { ns: 14, title: 'Category:B' }], 'Category:A | Category:B']],
  ['links of several namespaces', [[{ ns: 0, title: 'Main Page' }, { ns: 2, title: 'User:Alice' }, { ns: 10, title: 'Template:Infobox; old' }], 'Main Page | User:Alice | Template:Infobox; old']],
  ['one template', [[{ ns: 10, title: 'Template:Stub' }], 'Template:Stub']],
  ['titles only', [[{ title: 'A' }, { title: 'B' }], 'A | B']],
  ['langlinks (formatversion 2) as lang:title', [[{ lang: 'de', title: 'Weide' }, { lang: 'fr', title: 'Saule' }], 'de:Weide | fr:Saule']],
  ['iwlinks as prefix:title', [[{ prefix: 'wikt', title: 'willow' }], 'wikt:willow']],
  ['a list of strings', [['sysop', 'bureaucrat'], 'sysop | bureaucrat']],
  ['a list of strings one of which holds |', [['a|b', 'c'], '2 items', '["a|b","c"]']],
  ['categories with more than a title (hidden, sortkey): records', [[{ ns: 14, title: 'Category:A', hidden: true }], '1 item', '[{"ns":14,"title":"Category:A","hidden":true}]']],
  ['langlinks with a url: records', [[{ lang: 'de', title: 'Weide', url: 'https://de.example/Weide' }, { lang: 'fr', title: 'Saule', url: 'https://fr.example/Saule' }], '2 items', '[{"lang":"de","title":"Weide","url":"https://de.example/Weide"},{"lang":"fr","title":"Saule","url":"https://fr.example/Saule"}]']],
  ['revisions', [[{ revid: 12, parentid: 3, user: 'Admin' }, { revid: 13, parentid: 12, user: 'Bob' }, { revid: 14, parentid: 13, user: 'Eve' }], '3 items', '[{"revid":12,"parentid":3,"user":"Admin"},{"revid":13,"parentid":12,"user":"Bob"},{"revid":14,"parentid":13,"user":"Eve"}]']],
  ['an empty list', [[], '0 items', '[]']],
  ['a list of numbers', [[1, 7], '2 items', '[1,7]']],
  ['a record: its members', [{ size: 120, width: 10, height: 10 }, '{size, width, height}', '{"size":120,"width":10,"height":10}']],
  ['a record of many members: four, then …', [{ a: 1, b: 2, c: 3, d: 4, e: 5 }, '{a, b, c, d, …}', '{"a":1,"b":2,"c":3,"d":4,"e":5}']],
  ['an empty record', [{}, '{}', '{}']],
  ['1,234 items', [Array.from({ length: 1234 }, (_, i) => i), '1,234 items', `[${Array.from({ length: 1234 }, (_, i) => i).join(',')}]`]],
];

function check([value, shown, data]: Row): void {
  assert.equal(cellText(value), shown, 'shown (CLI table, results view)');
  assert.equal(cellData(value), data ?? shown, 'as data (CSV, copy, filter)');
}

describe('readable cells', () => {
  for (const [name, row] of rows) it(name, () => check(row));

  it('a title list splits back into its titles exactly: titles cannot hold the separator', () => {
    const titles = ['Category:A; B', 'Category:C, D', 'Category:"E"'];
    const text = cellData(titles.map((title) => ({ ns: 14, title })));
    assert.deepEqual(text.split(TITLE_SEPARATOR), titles);
    assert.equal(titleList([{ ns: 0, title: 'A|B' }]), undefined, 'a title with | (not a real title) is not joined');
  });

  it('the CLI table and CSV show the same text for a page\'s categories and links', () => {
    const page = { pageid: 1, ns: 0, title: 'Willow', categories: [{ ns: 14, title: 'Category:Trees' }, { ns: 14, title: 'Category:Salix' }], links: [{ ns: 0, title: 'Birch' }] };
    const table = formatTables({ query: { pages: [page] } }, 'pages', { wide: true });
    const line = table.split('\n').find((l) => l.includes('Willow'));
    assert.ok(line, table);
    assert.match(line, /Category:Trees \| Category:Salix {2}Birch$/);
    assert.equal(csvCell(page.categories), 'Category:Trees | Category:Salix');
    assert.equal(csvCell(page.links), 'Birch');
  });
});
