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
import { runStatus } from '../../core/src';
import { HttpClient, RunSession, exportName, renderExport, resolveRequest, type RunState } from '../../engine/src/index';
import { stoppedMessage } from '../../client/src/run/runText';
import { modelFromRun } from '../../client/src/results/fromEngine';
import { fitWidths } from '../../client/shared/windowing';

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
    const resolved = resolveRequest(`@endpoint = ${base}/${kind}/api.php\naction=query\nlist=allimages\n`, { index: 0 }, {});
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

  it('a cancel is not a failure, and a resumed run keeps its continue (partial)', () => {
    assert.equal(runStatus({ complete: false, continue: null, failure: { kind: 'cancelled' } }), 'partial');
    assert.equal(runStatus({ complete: false, continue: { c: '1' }, failure: { kind: 'network' } }), 'partial');
    assert.equal(runStatus({ complete: false, continue: null, failure: 'The connection was reset.' }), 'failed');
    assert.equal(runStatus({ complete: false, continue: null, errors: [{ text: 'x' }] }), 'failed');
    assert.equal(runStatus({ complete: true, continue: null, errors: [] }), 'complete');
  });

  it('a failed export names the error in JSON; NDJSON and CSV hold the records only', () => {
    const input = { result: { query: { allimages: [] } }, complete: false, continue: null, errors: [{ text: 'Unrecognized value.' }], endpoint: 'https://w/api.php', params: {} };
    assert.equal(JSON.parse(renderExport(input, 'json')).error, 'Unrecognized value.');
    assert.equal(renderExport(input, 'ndjson'), '');
    assert.doesNotMatch(renderExport(input, 'csv'), /failed/);
  });
});

describe('fitWidths: columns of a narrow panel', () => {
  it('keeps natural widths that fit', () => assert.deepEqual(fitWidths([100, 200], 400), [100, 200]));
  it('cuts the widest columns to one cap, narrow ones stay whole', () => {
    const w = fitWidths([56, 212, 320, 320, 168], 560);
    assert.equal(w[0], 56);
    assert.ok(w.reduce((a, b) => a + b, 0) <= 560);
    assert.equal(new Set(w.slice(1)).size, 1, `one cap for the wide columns: ${w}`);
  });
  it('keeps columns the user sized, and never cuts below the floor', () => {
    assert.deepEqual(fitWidths([300, 300, 300], 500, [true, false, false]), [300, 100, 100]);
    assert.deepEqual(fitWidths([300, 300], 0), [300, 300], 'a hidden grid (no width yet) is left alone');
  });
  it('when even the floors are wider than the panel (the grid scrolls anyway), cuts a column only to half the panel', () => {
    assert.deepEqual(fitWidths([300, 300, 300], 400, [true, false, false]), [300, 200, 200]);
    // logevents beside the editor: nine columns in 450 px; the title keeps 225 px, not 96.
    assert.deepEqual(fitWidths([70, 93, 80, 300, 100, 170, 260, 90, 120], 450), [70, 93, 80, 225, 100, 170, 225, 90, 120]);
    assert.deepEqual(fitWidths([212, 168, 320, 320], 300, [], 96, [false, false, true, true]), [150, 150, 150, 150]);
  });
  it('cuts URL columns first, then the others', () => {
    assert.deepEqual(fitWidths([212, 168, 320, 320], 580, [], 96, [false, false, true, true]), [212, 168, 100, 100]);
    assert.deepEqual(fitWidths([212, 168, 320, 320], 400, [], 96, [false, false, true, true]), [136, 136, 64, 64]);
  });
});
