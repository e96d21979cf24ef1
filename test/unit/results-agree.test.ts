/**
 * One results vocabulary: the CSV/NDJSON export, the CLI's `--format table` and the results view's
 * model show the same tables, in the same order, with the same columns in the same order, for the
 * same result. Data-driven over real-shaped results (MediaWiki 1.39): pages with props (formatversion
 * 2 and 1), several lists at once, siteinfo, and real paraminfo answers from test/fixtures/paraminfo.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { formatTables } from '../../cli/src/cli';
import type { ResultsModel } from '../../client/shared/model';
import { snapshotOf } from '../../client/shared/tables';
import { renderExport } from '../../engine/src';

const paraminfo = (file: string) => {
  const json = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../test/fixtures/paraminfo', file), 'utf8'));
  return { paraminfo: json.paraminfo };
};

const pagesFv2 = {
  query: {
    normalized: [{ fromencoded: false, from: 'main page', to: 'Main Page' }],
    pages: [
      {
        pageid: 1, ns: 0, title: 'Main Page', contentmodel: 'wikitext', pagelanguage: 'en', touched: '2024-05-01T10:00:00Z', lastrevid: 12, length: 735,
        categories: [{ ns: 14, title: 'Category:Seeded' }], revisions: [{ revid: 12, parentid: 3, user: 'Admin', timestamp: '2024-05-01T10:00:00Z', comment: 'seed' }],
      },
      { ns: 0, title: 'Missing page', missing: true },
      { pageid: 7, ns: 6, title: 'File:F0.png', contentmodel: 'wikitext', imagerepository: 'local', imageinfo: [{ url: 'http://127.0.0.1/images/F0.png', size: 120, width: 10, height: 10 }] },
    ],
  },
};
const pagesFv1 = {
  query: {
    pages: {
      '-1': { ns: 0, title: 'Missing page', missing: '' },
      '1': { pageid: 1, ns: 0, title: 'Main Page', categories: [{ ns: 14, title: 'Category:Seeded' }] },
    },
  },
};
const multiList = {
  query: {
    allimages: [
      { name: 'F0.png', timestamp: '2024-05-01T10:00:00Z', url: 'http://127.0.0.1/images/F0.png', descriptionurl: 'http://127.0.0.1/index.php?title=File:F0.png', descriptionshorturl: 'http://127.0.0.1/index.php?curid=7', ns: 6, title: 'File:F0.png' },
      { name: 'F1.png', timestamp: '2024-05-01T10:00:01Z', url: 'http://127.0.0.1/images/F1.png', descriptionurl: 'http://127.0.0.1/index.php?title=File:F1.png', descriptionshorturl: 'http://127.0.0.1/index.php?curid=8', ns: 6, title: 'File:F1.png' },
    ],
    logevents: [
      { logid: 3, ns: 2, title: 'User:Admin', pageid: 0, logpage: 0, params: { userid: 1 }, type: 'newusers', action: 'create', user: 'Admin', timestamp: '2024-05-01T09:59:00Z', comment: '' },
      { logid: 4, ns: 6, title: 'File:F0.png', pageid: 7, logpage: 7, params: { img_sha1: 'abc', img_timestamp: '2024-05-01T10:00:00Z' }, type: 'upload', action: 'upload', user: 'Admin', timestamp: '2024-05-01T10:00:00Z', comment: 'seed' },
    ],
    allcategories: [{ category: 'Seeded' }, { category: 'Other' }],
    pageids: ['1', '7'],
  },
};
const siteinfo = {
  query: {
    general: { mainpage: 'Main Page', sitename: 'wikiq test', generator: 'MediaWiki 1.39.10', case: 'first-letter' },
    namespaces: { '0': { id: 0, case: 'first-letter', name: '', content: true }, '6': { id: 6, case: 'first-letter', name: 'File', canonical: 'File' } },
  },
};

interface Case {
  name: string;
  result: Record<string, unknown>;
  /** The tables, in order, as `name` or `name: first columns…` (a prefix of its columns). */
  expected: Array<[string, string[]]>;
  /** The CLI shows these tables as a reference (paraminfo), with these columns instead of every field. */
  reference?: Record<string, string[]>;
}

const PARAMINFO_REFERENCE = { modules: ['path', 'group', 'prefix', 'source'], parameters: ['module', 'parameter', 'type', 'default', 'limits'] };

const cases: Case[] = [
  {
    name: 'pages with props (formatversion 2)', result: pagesFv2,
    expected: [['normalized', ['fromencoded', 'from', 'to']], ['pages', ['pageid', 'ns', 'title', 'missing', 'contentmodel', 'pagelanguage', 'touched', 'lastrevid', 'length', 'categories', 'revisions', 'imagerepository', 'imageinfo']]],
  },
  { name: 'pages with props (formatversion 1, keyed by id)', result: pagesFv1, expected: [['pages', ['pageid', 'ns', 'title', 'missing', 'categories']]] },
  {
    name: 'several lists in one result', result: multiList,
    expected: [
      ['allimages', ['name', 'title', 'timestamp', 'url', 'descriptionurl', 'descriptionshorturl', 'ns']],
      ['logevents', ['logid', 'type', 'action', 'title', 'user', 'timestamp', 'params', 'comment', 'ns', 'pageid', 'logpage']],
      ['allcategories', ['category']],
      ['pageids', ['value']],
    ],
  },
  { name: 'siteinfo: members as key/value, namespaces as records', result: siteinfo, expected: [['general', ['key', 'value']], ['namespaces', ['#key', 'id', 'case', 'name', 'content', 'canonical']]] },
  { name: 'paraminfo (MediaWiki 1.39, formatversion 2)', result: paraminfo('mw139-selected-fv2-raw.json'), expected: [['modules', ['name', 'path', 'group', 'prefix', 'source', 'classname']], ['parameters', ['module', 'parameter', 'name', 'type']]], reference: PARAMINFO_REFERENCE },
  { name: 'paraminfo (MediaWiki 1.39, formatversion 1)', result: paraminfo('mw139-selected-fv1-wikitext.json'), expected: [['modules', ['name', 'path', 'group', 'prefix', 'source', 'classname']], ['parameters', ['module', 'parameter', 'name']]], reference: PARAMINFO_REFERENCE },
];

function model(result: unknown): ResultsModel {
  return { requestName: 'R', endpoint: 'http://127.0.0.1/w/api.php', params: {}, batches: 1, complete: true, partial: false, continue: null, errors: [], warnings: [], result, rawBatches: [] };
}

/** The CLI's tables: `name (n)` then the header line of columns. */
function cliTables(result: Record<string, unknown>): Array<{ name: string; count: number; columns: string[] }> {
  return formatTables(result, undefined, { wide: true }).split('\n\n').map((block) => {
    const [title, header] = block.split('\n');
    const m = /^(\S+) \((\d+)\)$/.exec(title)!;
    return { name: m[1], count: Number(m[2]), columns: header.trim().split(/\s+/) };
  });
}

const input = (result: Record<string, unknown>) => ({ result, complete: true, continue: null, endpoint: 'http://127.0.0.1/w/api.php', params: {} });

describe('one results vocabulary: export, the CLI table and the results view agree', () => {
  for (const c of cases) {
    it(c.name, () => {
      const cli = cliTables(c.result);
      assert.deepEqual(cli.map((t) => t.name), c.expected.map(([n]) => n), 'the CLI shows these tables, in this order');
      for (const [name, first] of c.expected) {
        const t = cli.find((x) => x.name === name)!;
        const reference = c.reference?.[name];
        // Export: the CSV header and the NDJSON records of the same table.
        const csv = renderExport(input(c.result), 'csv', { table: name }).split('\r\n');
        assert.deepEqual(csv[0].split(',').slice(0, first.length), first, `${name}: the usual columns first`);
        if (reference) assert.deepEqual(t.columns.slice(0, reference.length), reference, `${name}: the CLI shows a reference`);
        else assert.deepEqual(csv[0].split(','), t.columns, `${name}: the CSV has the CLI's columns`);
        assert.equal(csv.length - 2, t.count, `${name}: the CSV has the CLI's rows`);
        assert.equal(renderExport(input(c.result), 'ndjson', { table: name }).trim().split('\n').length, t.count, `${name}: NDJSON has the CLI's rows`);
      }
      // The results view shows the tables of records (key/value members go to its JSON/object views).
      const view = snapshotOf(model(c.result)).tables;
      const shownByView = cli.filter((t) => view.some((v) => v.name === t.name));
      const columnsOf = (name: string, cliColumns: string[]) => (c.reference?.[name] ? renderExport(input(c.result), 'csv', { table: name }).split('\r\n')[0].split(',') : cliColumns);
      assert.deepEqual(view.map((v) => [v.name, v.columns, v.rows.length]), shownByView.map((t) => [t.name, columnsOf(t.name, t.columns), t.count]), 'the view has the same tables, columns and rows');
      // The default table of an export is the view's first table.
      if (view.length) assert.equal(renderExport(input(c.result), 'csv').split('\r\n')[0], view[0].columns.join(','));
    });
  }
});
