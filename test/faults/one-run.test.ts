/**
 * One run path (#38): the same runs through every surface — `wikiq run` (its status file and exit
 * status), `wikiq test` (its JSON report), MCP's `run_request` and the editor's paths (the results
 * view's model, the Testing view's verdict, the run notification) — agree on what the run was:
 * status, records, batches kept, and the meaning of `ms` (the first request sent to the last
 * answer read: the batches' time, never the catalogue's load). A local server, for the faults a
 * real wiki will not produce on demand: a held batch to cancel in, a catalogue that answers late.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HttpClient, RunSession, resolveRequest, runStatus } from '../../engine/src/index';
import { modelFromRun } from '../../client/src/results/fromEngine';
import { verdictOf } from '../../client/src/run/testPlan';
import { stoppedMessage } from '../../client/src/run/runText';
import { cliHarness, type CliHarness } from './cliHarness';
import { json } from './faultServer';
import { startMcp } from '../wiki/mcpClient';
import { bundledCatalogue } from '../../core/src/bundled';

/** Records a batch, batches in the whole list. */
const PER_BATCH = 2;
const BATCHES = 3;
/** Each batch's answer waits this long; the catalogue's (siteinfo, paraminfo) much longer, then fails. */
const BATCH_MS = 40;
const CATALOGUE_MS = 1500;

const images = (from: number) => Array.from({ length: PER_BATCH }, (_, i) => ({ name: `F${from + i}.png` }));

interface Case {
  name: string;
  route: string;
  /** Flags of `wikiq run` beyond `--all`. */
  flags: string[];
  /** Cancels the run once its third batch is asked for. */
  cancel?: boolean;
  expected: { status: string; records: number; batches: number };
}

const CASES: Case[] = [
  { name: 'complete', route: 'paged', flags: [], expected: { status: 'complete', records: 6, batches: 3 } },
  { name: 'stopped by --max-batches', route: 'paged', flags: ['--max-batches', '2'], expected: { status: 'partial', records: 4, batches: 2 } },
  { name: 'cancelled midway', route: 'held', flags: [], cancel: true, expected: { status: 'partial', records: 4, batches: 2 } },
  { name: 'failed by the wiki', route: 'refused', flags: [], expected: { status: 'failed', records: 0, batches: 0 } },
];

/** The file of a case: its request, with assertions `wikiq test` and the Testing view evaluate. */
const FILE = (h: CliHarness, route: string) => `${h.req(route, 'action = query\nlist = allimages\naiprop = name\n?? records >= 0')}`;

describe('one run path: every surface says the same of the same run', () => {
  let h: CliHarness;
  /** Aborts the running case's run when its third batch is asked for. */
  let onHeld: (() => void) | undefined;

  before(async () => {
    h = await cliHarness();
    const page = (res: Parameters<Parameters<typeof h.routes.set>[1]>[1], q: URLSearchParams) => {
      if (q.get('meta') === 'siteinfo' || q.get('action') === 'paraminfo') {
        setTimeout(() => json(res, { error: { code: 'internal_api_error', info: 'no catalogue here' } }), CATALOGUE_MS);
        return true;
      }
      return false;
    };
    const paged = (held: boolean) => (req: unknown, res: Parameters<Parameters<typeof h.routes.set>[1]>[1], q: URLSearchParams) => {
      if (page(res, q)) return;
      const from = Number(q.get('aicontinue') ?? 0);
      if (held && from >= 2 * PER_BATCH) {
        onHeld?.();
        return; // held: answered never; the run is cancelled here
      }
      const last = from + PER_BATCH >= PER_BATCH * BATCHES;
      setTimeout(() => json(res, last ? { batchcomplete: true, query: { allimages: images(from) } } : { continue: { aicontinue: String(from + PER_BATCH), continue: '-||' }, query: { allimages: images(from) } }), BATCH_MS);
    };
    h.routes.set('paged', paged(false));
    h.routes.set('held', paged(true));
    h.routes.set('refused', (_req, res, q) => {
      if (page(res, q)) return;
      setTimeout(() => json(res, { error: { code: 'badvalue', info: 'Unrecognized value for parameter "aidir": sideways.' } }), BATCH_MS);
    });
  });
  after(() => h.close());

  /** What a surface says of a run: the facts compared across surfaces. */
  interface Said {
    status: string;
    records: number;
    batches: number;
    ms: number;
  }

  async function viaRun(c: Case): Promise<Said> {
    const file = h.write(`${c.route}-run.wikiq`, FILE(h, c.route));
    const controller = new AbortController();
    onHeld = c.cancel ? () => controller.abort('SIGINT') : undefined;
    const r = await h.cli(['run', file, '--all', '--catalogue', 'live', '--cache-dir', path.join(h.dir, 'cache'), '--format', 'json', '--out', `${c.route}.json`, '--status-file', 'status.json', ...c.flags], { stop: controller.signal });
    const s = JSON.parse(fs.readFileSync(path.join(h.dir, 'status.json'), 'utf8')) as Said;
    assert.equal(r.code, { complete: 0, partial: 2, failed: 1 }[s.status], `wikiq run's exit status says ${s.status}: ${r.err}`);
    return { status: s.status, records: s.records, batches: s.batches, ms: s.ms };
  }

  async function viaTest(c: Case): Promise<Said> {
    const file = h.write(`${c.route}-test.wikiq`, FILE(h, c.route));
    const controller = new AbortController();
    onHeld = c.cancel ? () => controller.abort('SIGINT') : undefined;
    const r = await h.cli(['test', file, '--catalogue', 'live', '--cache-dir', path.join(h.dir, 'cache'), '--reporter', 'json', ...c.flags], { stop: controller.signal });
    const report = JSON.parse(r.out) as { requests: Said[] };
    const [one] = report.requests;
    return { status: one.status, records: one.records, batches: one.batches, ms: one.ms };
  }

  /**
   * MCP's `run_request` with `save_as` (the whole run, its summary: status, records and batches
   * saved, ms), over stdio through the SDK's client. A cancelled MCP call has no answer (the
   * protocol's cancellation drops it), so that row is the other surfaces' alone.
   */
  async function viaMcp(c: Case): Promise<Said | undefined> {
    if (c.cancel) return undefined;
    const out = path.join(h.dir, `mcp-${c.route}-${c.flags.length}`);
    fs.mkdirSync(out, { recursive: true });
    const mcp = await startMcp(['--endpoint', `${h.base}/${c.route}/api.php`, '--cache-dir', path.join(h.dir, 'cache'), '--out-dir', out, ...c.flags], {}, h.dir);
    try {
      const a = await mcp.call('run_request', { request: 'action = query\nlist = allimages\naiprop = name', save_as: 'all.ndjson' });
      if (a.isError) {
        assert.equal(c.expected.status, 'failed', a.text);
        assert.equal(fs.existsSync(path.join(out, 'all.ndjson')), false, 'no file from a failed run');
        // The refusal names the wiki's error; nothing was kept, so its facts are the failed run's.
        assert.match(a.text, /sideways/);
        return { status: 'failed', records: 0, batches: 0, ms: 0 };
      }
      const s = a.structured as { status: string; saved: { records: number; batches: number; ms: number } };
      return { status: s.status, records: s.saved.records, batches: s.saved.batches, ms: s.saved.ms };
    } finally {
      await mcp.close();
    }
  }

  /** The editor's paths, editor-free: the session the run commands drive, the results view's model, the Testing view's verdict. */
  async function viaEditor(c: Case): Promise<Said> {
    const text = FILE(h, c.route);
    const resolved = resolveRequest(text, { index: 0 }, { catalogue: bundledCatalogue() });
    const controller = new AbortController();
    onHeld = c.cancel ? () => controller.abort('SIGINT') : undefined;
    const maxBatches = c.flags[0] === '--max-batches' ? Number(c.flags[1]) : undefined;
    const session = new RunSession(resolved, new HttpClient({ userAgent: 'wikiq-test', timeoutMs: 10_000 }), { maxRetries: 0, signal: controller.signal });
    const state = await session.run({ all: true, maxBatches });
    const facts = session.facts();
    const model = modelFromRun(state, session.result());
    assert.equal(runStatus(model), facts.status, 'the results view\'s badge');
    assert.equal(model.timeMs, facts.ms, 'the results view\'s time is the run\'s');
    assert.equal(model.keptBatches, facts.batches);
    const verdict = verdictOf(text, 0, state, facts);
    assert.equal(verdict.outcome, facts.status === 'failed' || state.failure?.kind === 'cancelled' ? 'errored' : 'passed', 'the Testing view\'s verdict');
    if (facts.status !== 'complete' && state.failure) assert.match(stoppedMessage(state) ?? '', facts.status === 'failed' ? /\(failed: nothing received\)$/ : new RegExp(`\\(${facts.batches} batch(es)? kept, partial\\)$`));
    return { status: facts.status, records: facts.records, batches: facts.batches, ms: facts.ms };
  }

  for (const c of CASES) {
    it(c.name, async () => {
      const said: Record<string, Said | undefined> = { run: await viaRun(c), test: await viaTest(c), mcp: await viaMcp(c), editor: await viaEditor(c) };
      for (const [surface, s] of Object.entries(said)) {
        if (!s) continue;
        if (surface === 'mcp' && s.status === 'failed') {
          assert.deepEqual({ status: s.status, records: s.records, batches: s.batches }, c.expected, 'mcp refuses, saving nothing');
          continue;
        }
        assert.deepEqual({ status: s.status, records: s.records, batches: s.batches }, c.expected, `${surface} says what the run was`);
        // ms: the first request sent to the last answer read — each answered batch's wait at least, never the catalogue's load.
        const answered = c.expected.batches + (c.expected.status === 'failed' ? 1 : 0);
        assert.ok(s.ms >= answered * BATCH_MS * 0.9, `${surface}: ${s.ms} ms holds the ${answered} answers' ${BATCH_MS} ms each`);
        assert.ok(s.ms < CATALOGUE_MS, `${surface}: ${s.ms} ms leaves the catalogue's ${CATALOGUE_MS} ms load out`);
      }
    });
  }
});
