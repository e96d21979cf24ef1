/**
 * Hostile edits over real stdio: ranges past the end of the document (line 2^31−1), before its
 * start, malformed, and changes that reuse a version number. The server runs with a small heap
 * (an edit past the end used to make the text-document library's line index run away to 1.7 GB)
 * and must keep answering, with the document whole and the error logged.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LspClient } from './lspClient';

const TEXT = 'action = query\nlist = allimages\nailimit = 20\n';
const FAR = 2 ** 31 - 1;
const at = (line: number, character: number) => ({ line, character });

/** Each edit, and the document it must leave (checked through diagnostics, hover and completion). */
const cases: Array<{ name: string; changes: unknown[]; text: string; logged: RegExp | null }> = [
  { name: 'an insertion at line 2^31−1 lands at the end', changes: [{ range: { start: at(FAR, 0), end: at(FAR, 0) }, text: 'aidir = older\n' }], text: `${TEXT}aidir = older\n`, logged: /out of the document's range/ },
  { name: 'a range from inside to line 2^31−1 ends at the end', changes: [{ range: { start: at(2, 0), end: at(FAR, FAR) }, text: 'ailimit = 30\n' }], text: 'action = query\nlist = allimages\nailimit = 30\n', logged: /out of the document's range/ },
  { name: 'a reversed range from line 2^31−1', changes: [{ range: { start: at(FAR, 5), end: at(3, 0) }, text: 'aisort = name\n' }], text: `${TEXT}aisort = name\n`, logged: /out of the document's range/ },
  // The runaway: lines 2^31−2..2^31−1 make the library's line index 2^31 long, and the next edit
  // that changes the length walks all of it (1.7 GB, out of memory).
  { name: 'an edit at lines 2^31−2..2^31−1, then one at the start', changes: [{ range: { start: at(FAR - 1, 0), end: at(FAR, 0) }, text: 'aidir = older\n' }, { range: { start: at(0, 0), end: at(0, 0) }, text: '# c\n' }], text: `# c\n${TEXT}aidir = older\n`, logged: /out of the document's range/ },
  { name: 'negative lines start at the start', changes: [{ range: { start: at(-FAR, 0), end: at(-1, 0) }, text: '# c\n' }], text: `# c\n${TEXT}`, logged: /out of the document's range/ },
  { name: 'a malformed range is left out', changes: [{ range: { start: at(Number.NaN, 0), end: { line: 'x' } }, text: 'bogus' }], text: TEXT, logged: /malformed range/ },
  { name: 'an edit without text is left out', changes: [{ range: { start: at(0, 0), end: at(0, 0) } }], text: TEXT, logged: /without text/ },
  { name: 'later changes of one notification apply to the document as the earlier left it', changes: [{ range: { start: at(FAR, 0), end: at(FAR, 0) }, text: 'aidir = older\n' }, { range: { start: at(3, 0), end: at(3, 5) }, text: 'aisort = name\n' }], text: `${TEXT}aisort = name\n = older\n`, logged: /out of the document's range/ },
];

// A server that ran out of memory answers nothing: fail then, rather than wait forever.
describe('language server: hostile edits', { timeout: 30_000 }, () => {
  let client: LspClient;
  let baseline = 0;
  before(async () => {
    client = new LspClient([], { ...process.env, NODE_OPTIONS: '--max-old-space-size=192' });
    await client.initialize();
    await client.open('file:///t/warm.wikiq', TEXT);
    baseline = client.peakMemory();
  });
  after(async () => {
    await client.stop();
  });

  for (const [i, c] of cases.entries()) {
    it(`${c.name}; the server keeps answering`, async () => {
      const uri = `file:///t/hostile${i}.wikiq`;
      await client.open(uri, TEXT);
      const logs = client.notifications.length;
      client.edit(uri, c.changes);
      // The server's own view of the document, compared to the expected one: the same diagnostics.
      const got = await client.diagnosticsMatching(uri, () => true).then(() => client.nextDiagnostics(uri));
      const want = await client.open(`file:///t/expected${i}.wikiq`, c.text);
      assert.deepEqual(got.map((d) => [d.code, d.range]), want.map((d) => [d.code, d.range]));
      const list = c.text.split('\n').findIndex((l) => l.startsWith('list = '));
      const hover = await client.hover(uri, list, 1);
      assert.match(JSON.stringify(hover?.contents), /\*\*list\*\*/);
      const items = (await client.completion(uri, list, 8)).items.map((x) => x.label);
      assert.ok(items.includes('allimages'), 'completion answers');
      const errors = client.notifications.slice(logs).filter((n) => n.method === 'window/logMessage').map((n) => (n.params as { message: string }).message);
      if (c.logged) assert.ok(errors.some((m) => c.logged!.test(m)), `logged: ${errors.join(' / ')}`);
      assert.ok(client.peakMemory() < baseline * 3, `peak memory ${client.peakMemory()} vs ${baseline} at start`);
      assert.equal(client.proc.exitCode, null, `server alive (stderr: ${client.stderr.slice(-500)})`);
    });
  }

  it('a change that reuses a version number is not served the old parse', async () => {
    const uri = 'file:///t/reused.wikiq';
    await client.open(uri, TEXT);
    client.edit(uri, [{ text: 'action = query\nlist = allpages\napfrom = B\n' }], 1);
    const hover = await client.hover(uri, 2, 2);
    assert.match(JSON.stringify(hover?.contents), /apfrom/);
    const diags = await client.diagnosticsMatching(uri, (d) => !d.some((x) => /ailimit/.test(x.message)));
    assert.deepEqual(diags, []);
  });
});

/** Within `ms`, or a failure naming what did not answer (the bound #34 sets for a 2 MB line). */
function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

// One line of 2 MB holding 200,000 values, each a mistake or a title: the server started as users
// start it (plain node), its peak resident memory ≤ 300 MB, each answer within 5 s.
describe('language server: one 2 MB line of 200,000 values', { timeout: 120_000 }, () => {
  const MB = 1e6;
  const lines: Array<[name: string, text: string, line: number]> = [
    ['unknown values of an enumeration', `action = query\nlist = allimages\naiprop = ${Array.from({ length: 200_000 }, (_, i) => `bad${i}`).join('|')}\n`, 2],
    ['titles', `action = query\nprop = info\ntitles = ${Array.from({ length: 200_000 }, (_, i) => `Page ${i}`).join('|')}\n`, 2],
  ];
  for (const [name, text, line] of lines) {
    it(`${name}: diagnostics, hover, completion and an edit's diagnostics, bounded`, async () => {
      assert.ok(text.length > 1.8 * MB);
      const client = new LspClient([]);
      try {
        await client.initialize();
        const uri = 'file:///t/long-line.wikiq';
        const opened = await within(5000, 'diagnostics after opening', client.open(uri, text));
        assert.ok(opened.length <= 1001, `at most 1,000 diagnostics and one saying how many more (${opened.length})`);
        const hover = await within(5000, 'hover', client.hover(uri, line, 2));
        assert.ok(hover, 'hover answers');
        const items = await within(5000, 'completion', client.completion(uri, 1, 8));
        assert.ok(items.items.length > 0, 'completion answers');
        const edited = client.nextDiagnostics(uri);
        client.edit(uri, [{ range: { start: { line, character: 12 }, end: { line, character: 12 } }, text: 'x' }]);
        await within(5000, "an edit's diagnostics", edited);
        assert.ok(client.peakMemory() <= 300 * MB, `peak resident memory ${(client.peakMemory() / MB).toFixed(0)} MB ≤ 300 MB`);
      } finally {
        await client.stop();
      }
    });
  }
});
