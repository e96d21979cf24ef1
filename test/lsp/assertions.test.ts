/** `??` assertion lines over real LSP stdio: completion of each word, hover, and the diagnostic of a malformed one. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { MAX_RUN_FIELD_CHARS, RunFieldsNotification } from '../../common/protocol';
import { LspClient, cursor } from './lspClient';

const REQUEST = '### Files\naction = query\nlist = allimages\naiprop = size|url\n';

function hoverText(h: Hover | null): string {
  return h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : JSON.stringify(h);
}

describe('language server: assertion lines', () => {
  let client: LspClient;
  let n = 0;
  before(async () => {
    client = new LspClient();
    await client.initialize();
  });
  after(async () => {
    await client.stop();
  });

  /** The labels completion offers at ¦. */
  async function labels(input: string): Promise<string[]> {
    const c = cursor(input);
    const uri = `file:///t/assert-complete-${n++}.wikiq`;
    await client.open(uri, c.text);
    return (await client.completion(uri, c.line, c.character)).items.map((i) => i.label);
  }

  const completions: Array<[string, string, string[], string[]]> = [
    ['subjects after ??', `${REQUEST}?? ¦\n`, ['status', 'records', 'batches', 'warnings', 'ms', 'every', 'some', 'no', '$.'], ['aiprop', '==']],
    ['subjects while one is typed', `${REQUEST}?? rec¦\n`, ['records', 'status'], []],
    ['operators after a subject', `${REQUEST}?? records ¦\n`, ['==', '!=', '<', '<=', '>', '>=', 'contains', 'startswith', 'matches', 'exists', '!exists'], ['records']],
    ['operators after a quantifier and its field', `${REQUEST}?? every size ¦\n`, ['==', 'startswith', 'matches', '!exists'], ['every']],
    ['operators after a path', `${REQUEST}?? $.query.pages[0].title st¦\n`, ['startswith'], []],
    ["a quantifier's fields: the module's prop values and the common fields", `${REQUEST}?? every ¦\n`, ['size', 'url', 'title', 'ns', 'name'], ['==', 'records']],
    ["a status's words", `${REQUEST}?? status == ¦\n`, ['complete', 'partial', 'failed'], []],
  ];
  for (const [what, input, has, hasNot] of completions) {
    it(`completes ${what}`, async () => {
      const got = await labels(input);
      for (const l of has) assert.ok(got.includes(l), `${l} offered in ${got.join(', ')}`);
      for (const l of hasNot) assert.ok(!got.includes(l), `${l} not offered`);
    });
  }

  it('offers the record fields of the request\'s last run first, as the client said them, until the document closes', async () => {
    const uri = 'file:///t/assert-run-fields.wikiq';
    const c = cursor(`${REQUEST}?? every ¦\n\n### Other\naction = query\nlist = allimages\n?? every \n`);
    const other = { line: c.line + 5, character: 9 };
    await client.open(uri, c.text);
    const at = async (p: { line: number; character: number }) => (await client.completion(uri, p.line, p.character)).items.map((i) => i.label);
    assert.ok(!(await at(c)).includes('descriptionurl'), 'not before a run');
    client.notify(RunFieldsNotification.method, { uri, request: 'Files', fields: ['name', 'descriptionurl', 'x'.repeat(MAX_RUN_FIELD_CHARS + 1), 42] });
    const got = await at(c);
    assert.ok(got.includes('descriptionurl') && got.includes('size'), `the run's fields and the catalogue's: ${got.join(', ')}`);
    assert.ok(!got.some((l) => l.startsWith('xxx')), 'a field too long is refused');
    assert.ok(!(await at(other)).includes('descriptionurl'), 'only for that request');
    client.close(uri);
    await client.open(uri, c.text);
    assert.ok(!(await at(c)).includes('descriptionurl'), 'forgotten once the document closed');
  });

  const hovers: Array<[string, string, RegExp]> = [
    ['a subject', `${REQUEST}?? reco¦rds > 0\n`, /number of records of the merged result/],
    ['a quantifier', `${REQUEST}?? ev¦ery size > 0\n`, /\*\*every\*\* record/],
    ["a quantifier's field", `${REQUEST}?? every si¦ze > 0\n`, /field `size` of every record/],
    ['an operator', `${REQUEST}?? some url mat¦ches /x/\n`, /RE2 \(linear time/],
    ['a path', `${REQUEST}?? $.query.gen¦eral exists\n`, /path into the merged answer/],
    ['a malformed assertion, with its problem', `${REQUEST}?? reco¦rds > lots\n`, /Malformed: 'records' is a number, 'lots' is not\./],
  ];
  for (const [what, input, expected] of hovers) {
    it(`hovers ${what}`, async () => {
      const c = cursor(input);
      const uri = `file:///t/assert-hover-${n++}.wikiq`;
      await client.open(uri, c.text);
      assert.match(hoverText(await client.hover(uri, c.line, c.character)), expected);
    });
  }

  it('publishes invalid-assertion on the wrong word of a malformed assertion, and nothing for good ones', async () => {
    const text = `${REQUEST}?? records > 0\n?? every size >= 10\n?? some title matches /^File:/i\n?? recs > 0\n?? $.query.allimages[0].name exists\n?? no url matches /(a)\\1/\n`;
    const diags = await client.open('file:///t/assert-diag.wikiq', text);
    assert.deepEqual(diags.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character, d.message]), [
      ['invalid-assertion', 1, 7, 3, 7, "Malformed assertion: 'recs' is not a subject: use status, records, batches, warnings, ms, every FIELD, some FIELD, no FIELD, or a path such as $.query.general.sitename."],
      ['invalid-assertion', 1, 9, 18, 25, "Malformed assertion: The pattern /(a)\\1/ uses a backreference ('\\1'), which the linear-time engine patterns run on does not have."],
    ]);
  });
});
