/**
 * The one word for a run's state — complete, partial (batches kept, resumable) or failed (nothing
 * received) — from real runs against a local server, and everywhere it is shown: the results
 * view's model, the notification text and the export (its offered file name, JSON's status). Also the column
 * fitting of a narrow results panel.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { keptBatches, runStatus } from '../../core/src';
import { HttpClient, RunSession, exportName, renderExport, resolveRequest, type RunState } from '../../engine/src/index';
import { stoppedMessage } from '../../client/src/run/runText';
import { modelFromRun } from '../../client/src/results/fromEngine';
import { fitWidths } from '../../client/shared/windowing';
import { bundledCatalogue } from '../../core/src/bundled';

const ERROR = '{"errors":[{"code":"badvalue","text":"Unrecognized value for parameter \\"aidir\\": sideways.","module":"query"}]}';
const FIRST = '{"continue":{"aicontinue":"B","continue":"-||"},"query":{"allimages":[{"name":"A"}]}}';
const WHOLE = '{"batchcomplete":true,"query":{"allimages":[{"name":"A"}]}}';

describe('runStatus: complete, partial or failed', () => {
  let server: http.Server;
  let base = '';
  before(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const kind = u.pathname.split('/')[1];
      if (kind === 'reset') return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' });
      if (kind === 'refused') res.end(ERROR);
      else if (kind === 'whole') res.end(WHOLE);
      else res.end(u.searchParams.has('aicontinue') ? ERROR : FIRST);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function run(kind: string, all = false): Promise<{ state: RunState; result: Record<string, unknown> }> {
    const resolved = resolveRequest(`@endpoint = ${base}/${kind}/api.php\naction=query\nlist=allimages\n`, { index: 0 }, { catalogue: bundledCatalogue() });
    const session = new RunSession(resolved, new HttpClient({ userAgent: 'wikiq-test', timeoutMs: 5000 }), { all, maxRetries: 0 });
    const state = await session.run();
    return { state, result: session.result() };
  }

  const cases: Array<[name: string, kind: string, all: boolean, status: string, notice: RegExp | undefined]> = [
    ['the wiki answers the whole result', 'whole', false, 'complete', undefined],
    ['the wiki refuses the first batch: nothing received', 'refused', false, 'failed', /^wikiq: .*sideways.* \(failed: nothing received\)$/],
    ['the connection is reset before an answer: nothing received', 'reset', false, 'failed', /\(failed: nothing received\)$/],
    ['a batch kept, the next refused: partial, resumable', 'second', true, 'partial', /^wikiq: .*sideways.* \(1 batch kept, partial\)$/],
  ];
  for (const [name, kind, all, status, notice] of cases) {
    it(name, async () => {
      const { state, result } = await run(kind, all);
      assert.equal(runStatus(state), status, 'the engine state');
      const model = modelFromRun(state, result);
      assert.equal(runStatus(model), status, 'the results view model (and a model restored after a reload)');
      assert.equal(runStatus(JSON.parse(JSON.stringify(model))), status);
      const msg = stoppedMessage(state);
      if (notice) assert.match(msg ?? '', notice);
      else assert.equal(msg, undefined);
      const input = { result, complete: model.complete, continue: model.continue, failure: model.failure, errors: model.errors, endpoint: model.endpoint, params: model.params };
      assert.equal(exportName('/x/r.json', runStatus(input)), status === 'complete' ? '/x/r.json' : `/x/r.${status}.json`, 'the export file name');
      const json = JSON.parse(renderExport(input, 'json'));
      assert.deepEqual([json.status, json.complete], [status, status === 'complete'], 'the JSON export says the state');
    });
  }

  it('the one rule: partial is kept and resumable, failed is nothing kept', () => {
    const rows: Array<[string, Parameters<typeof runStatus>[0], string]> = [
      ['complete', { complete: true, continue: null, keptBatches: 3 }, 'complete'],
      ['batches kept and a continue (a cap, a cancel or a failure midway)', { complete: false, continue: { c: '1' }, keptBatches: 2 }, 'partial'],
      ['cancelled before any batch was kept', { complete: false, continue: null, keptBatches: 0 }, 'failed'],
      ['a resumed run whose first batch failed: its continue, nothing kept', { complete: false, continue: { c: '1' }, keptBatches: 0 }, 'failed'],
      ['the wiki refused the first batch', { complete: false, continue: null, keptBatches: 0 }, 'failed'],
      ['saved before kept batches were counted: a continue means kept', { complete: false, continue: { c: '1' } }, 'partial'],
      ['saved before, no continue', { complete: false, continue: null }, 'failed'],
    ];
    for (const [name, input, status] of rows) assert.equal(runStatus(input), status, name);
    assert.equal(keptBatches({ batches: 3, failure: { kind: 'api' } }), 2, 'an API error\'s batch is not kept');
    assert.equal(keptBatches({ batches: 3, failure: { kind: 'network' } }), 3);
    assert.equal(keptBatches({ batches: 0, failure: { kind: 'api' } }), 0);
  });

  it('a failed export names the error in JSON; NDJSON and CSV hold the records only', () => {
    const input = { result: { query: { allimages: [] } }, complete: false, continue: null, errors: [{ text: 'Unrecognized value.' }], endpoint: 'https://w/api.php', params: {} };
    assert.equal(JSON.parse(renderExport(input, 'json')).error, 'Unrecognized value.');
    assert.equal(renderExport(input, 'ndjson'), '');
    assert.doesNotMatch(renderExport(input, 'csv'), /failed/);
  });
});

describe('fitWidths: columns keep their content\'s width; the grid scrolls sideways', () => {
  /** [natural widths, panel width, URL columns (u) and columns the user sized (f), as a string per column, expected widths]. */
  const rows: Array<[string, number[], number, string, number[]]> = [
    ['natural widths that fit are kept', [100, 200], 400, '', [100, 200]],
    ['a hidden grid (no width yet) is left alone', [300, 300], 0, '', [300, 300]],
    // logevents in a 420 px panel: logid, type, action, title (40 characters), user, timestamp, params, comment.
    ['logevents in 420 px: every column keeps its width, the title whole, and the grid scrolls', [64, 79, 79, 316, 94, 168, 316, 235], 420, '', [64, 79, 79, 316, 94, 168, 316, 235]],
    ['a wide title in a panel a little too narrow is not cut either', [70, 316, 100], 450, '', [70, 316, 100]],
    ['URL columns are cut first, to one cap, when that makes the row fit', [212, 168, 316, 316], 580, '..uu', [212, 168, 100, 100]],
    ['down to their floor of 64 px', [212, 168, 316, 316], 508, '..uu', [212, 168, 64, 64]],
    ['not when the row would not fit anyway: then they stay whole too', [212, 168, 316, 316], 400, '..uu', [212, 168, 316, 316]],
    ['a URL narrower than the cap stays whole', [200, 60, 316], 380, '.uu', [200, 60, 120]],
    ['a column the user sized keeps its width', [212, 316, 316], 400, '.fu', [212, 316, 316]],
    ['a URL column the user sized is not cut', [100, 316, 316], 500, '.fu', [100, 316, 84]],
  ];
  function check(natural: number[], available: number, marks: string, expected: number[]): void {
    const fixed = natural.map((_, i) => marks[i] === 'f');
    const urls = natural.map((_, i) => marks[i] === 'u' || marks[i] === 'f');
    assert.deepEqual(fitWidths(natural, available, fixed, urls), expected);
  }
  for (const [name, natural, available, marks, expected] of rows) it(name, () => check(natural, available, marks, expected));
});
