/**
 * Run all batches of a big result in the real editor, measured (not asserted on time): against a
 * loopback server of 50,000 log events (WIKIQ_BULK_TOTAL: another count, a multiple of 500) (test/logEventsServer.ts, 100 batches of 500; the bench's, in
 * its own process, when it gives one: BULK_ENDPOINT_ENV), once a first
 * `wikiq.run` has opened the results panel, the time from `wikiq.run` (one batch, in that panel)
 * until the view reports the 500 rows again, then from `wikiq.runAll` of the same request until it
 * reports all 50,000 (and until it first shows rows). The figures go to .test-output/bulk-run.json;
 * scripts/bench-editor-run.mjs runs only this file (WIKIQ_EDITOR_GREP) and compares them with the
 * command line's on the same kind of server.
 */
import * as assert from 'assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import { LogEventsServer, startLogEventsServer } from '../../logEventsServer';
import { activateWikiq, closeAllEditors, nextRendered, openText, rendered } from './helpers';

/** Title the bench greps for (WIKIQ_EDITOR_GREP). */
export const BULK_RUN_TITLE = 'bulk run time';
/** Where the figures are written (repository root/.test-output; out/test/vscode/suite is 4 below it). */
export const BULK_RUN_OUT = path.resolve(__dirname, '../../../../.test-output/bulk-run.json');
/** How many records the bench asks for (scripts/bench-editor-run.mjs measures 50,000 and 500,000); default 50,000. */
export const BULK_TOTAL_ENV = 'WIKIQ_BULK_TOTAL';
export const BULK_TOTAL = Number(process.env[BULK_TOTAL_ENV]) || 50_000;
/**
 * The endpoint of a log events server the bench (scripts/bench-editor-run.mjs) runs in its own
 * process, as a wiki is; without it this test serves them from the extension host.
 */
export const BULK_ENDPOINT_ENV = 'WIKIQ_BULK_ENDPOINT';
export const BULK_BATCH = 500;

export interface BulkRunFigures {
  /** ms from `wikiq.run` until the view (its panel already open) reported the first batch's rows again. */
  oneBatchMs: number;
  /** ms from `wikiq.runAll` until the view reported every row. */
  allBatchesMs: number;
  /** ms from `wikiq.runAll` until the view first reported rows of that run. */
  firstRowsMs: number;
  records: number;
  batches: number;
  vscodeVersion: string;
}

type Outcome = { state: { batches: number; complete: boolean; failure?: unknown } } | undefined;

describe(BULK_RUN_TITLE, () => {
  let server: LogEventsServer | undefined;
  after(async () => {
    await closeAllEditors();
    await server?.close();
  });

  it(`Run all batches of ${BULK_TOTAL.toLocaleString('en')} log events until the view shows them, against one batch (measured)`, async function () {
    // Bounds: 60 s of editor work per 50,000 records on a loaded two-core machine (not a target: the bench's figures are).
    const scale = Math.max(1, BULK_TOTAL / 50_000);
    this.timeout(120_000 * scale);
    const api = (await activateWikiq()) as WikiqApi;
    const endpoint = process.env[BULK_ENDPOINT_ENV] || (server = await startLogEventsServer(BULK_TOTAL, BULK_BATCH)).endpoint;
    const { editor } = await openText(`@endpoint = ${endpoint}\n\n### Bulk log\naction = query\nlist = logevents\n`);
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    const panelOf = () => api.resultsPanels().find((p) => p.model?.header.name === 'Bulk log');

    // The first run opens the panel and its webview (not measured); the measured one batch runs in that panel, as Run all batches does.
    const first = await vscode.commands.executeCommand<Outcome>('wikiq.run');
    assert.equal(first?.state.failure, undefined);
    const panel = panelOf();
    assert.ok(panel, 'a results panel shows the request');
    await rendered(panel, (r) => r.tab === 'table' && r.table === 'logevents' && r.rows === BULK_BATCH, 60_000);

    let t0 = performance.now();
    const shown = nextRendered(panel, (r) => r.tab === 'table' && r.table === 'logevents' && r.rows === BULK_BATCH, 60_000);
    const one = await vscode.commands.executeCommand<Outcome>('wikiq.run');
    await shown;
    const oneBatchMs = performance.now() - t0;
    assert.equal(one?.state.failure, undefined);
    assert.equal(one?.state.batches, 1);
    assert.equal(panelOf(), panel, 'the run of the same request reuses its panel');

    t0 = performance.now();
    let firstRowsMs = 0;
    const firstRows = nextRendered(panel, (r) => r.tab === 'table' && r.table === 'logevents' && r.rows > 0, 60_000).then(() => (firstRowsMs = performance.now() - t0));
    const all = await vscode.commands.executeCommand<Outcome>('wikiq.runAll');
    await rendered(panel, (r) => r.tab === 'table' && r.table === 'logevents' && r.rows === BULK_TOTAL, 90_000 * scale);
    const allBatchesMs = performance.now() - t0;
    await firstRows;
    assert.equal(all?.state.failure, undefined);
    assert.equal(all?.state.complete, true, 'the run followed continuation to the end');
    assert.equal(all?.state.batches, BULK_TOTAL / BULK_BATCH);
    assert.equal(panelOf(), panel, 'the same panel shows the whole run');
    assert.equal(panel.model!.header.complete, true);
    assert.equal(panel.model!.tables[0].rows.length, BULK_TOTAL);

    const figures: BulkRunFigures = { oneBatchMs, allBatchesMs, firstRowsMs, records: BULK_TOTAL, batches: all.state.batches, vscodeVersion: vscode.version };
    fs.mkdirSync(path.dirname(BULK_RUN_OUT), { recursive: true });
    fs.writeFileSync(BULK_RUN_OUT, JSON.stringify(figures, null, 2) + '\n');
    console.log(`[editor]     Run all batches of ${BULK_TOTAL} records until shown: ${allBatchesMs.toFixed(0)} ms (first rows ${firstRowsMs.toFixed(0)} ms); one batch: ${oneBatchMs.toFixed(0)} ms`);
  });
});
