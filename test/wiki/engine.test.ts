/** The engine and the CLI against the real test wiki. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../cli/src/cli';
import { HttpClient, RunSession, resolveRequest } from '../../engine/src';
import { SEED, TestWiki, pageTitle, startWiki } from './harness';
import { bundledCatalogue } from '../../core/src/bundled';

type Json = Record<string, any>;

describe('engine against a real MediaWiki', () => {
  let wiki: TestWiki;
  let dir: string;
  before(async () => {
    wiki = await startWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-engine-'));
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const file = (body: string) => `@endpoint = ${wiki.endpoint}\n### R\n${body}\n`;
  async function runAll(body: string, opts: { all?: boolean; maxBatches?: number; signal?: AbortSignal; onProgress?: (p: { batches: number }) => void } = {}) {
    const session = new RunSession(resolveRequest(file(body), { index: 0 }, { catalogue: bundledCatalogue() }), new HttpClient(), { all: opts.all ?? true, ...opts });
    const state = await session.run();
    return { state, result: session.result() as Json };
  }

  it('follows allimages to the end: small batches equal one large request', async () => {
    const small = await runAll('action = query\nlist = allimages\nailimit = 7\naiprop = timestamp|url|size');
    const large = await runAll('action = query\nlist = allimages\nailimit = max\naiprop = timestamp|url|size');
    assert.equal(small.state.failure, undefined);
    assert.ok(small.state.batches >= Math.ceil(SEED.files / 7), `batches ${small.state.batches}`);
    assert.equal(small.state.complete, true);
    assert.equal(small.result.query.allimages.length, SEED.files);
    assert.deepEqual(small.result.query.allimages, large.result.query.allimages);
  });
  it('follows logevents to the end: small batches equal one large request', async () => {
    const small = await runAll('action = query\nlist = logevents\nlelimit = 9');
    const large = await runAll('action = query\nlist = logevents\nlelimit = max');
    assert.ok(small.state.batches > 10);
    assert.deepEqual(small.result.query.logevents, large.result.query.logevents);
  });
  it('merges a generator with two prop modules to what each page returns alone', async () => {
    const body = 'action = query\ngenerator = allpages\nprop = categories|images\ngaplimit = 5\ncllimit = 2\nimlimit = 1';
    const merged = await runAll(body);
    assert.equal(merged.state.failure, undefined);
    assert.equal(merged.state.complete, true);
    assert.ok(merged.state.batches > 10, `batches ${merged.state.batches}`);
    const pages: Json[] = merged.result.query.pages;
    assert.equal(pages.length, SEED.mainNamespacePages);
    assert.equal(new Set(pages.map((p) => p.pageid)).size, pages.length, 'one record per page');
    for (const p of pages) {
      const alone = await runAll(`action = query\npageids = ${p.pageid}\nprop = categories|images\ncllimit = max\nimlimit = max`, { all: false });
      assert.equal(alone.state.complete, true);
      assert.deepEqual(p, alone.result.query.pages[0], `page ${p.title}`);
    }
    assert.ok(pages.some((p) => (p.categories ?? []).length >= 2 && (p.images ?? []).length >= 2), 'some page collected over several batches');
    // Streamed, page by page as each generator batch completes: the same records.
    const streamed: Json[] = [];
    const session = new RunSession(resolveRequest(file(body), { index: 0 }, { catalogue: bundledCatalogue() }), new HttpClient(), { all: true, sink: (list, r) => list === 'pages' && streamed.push(r as Json) });
    const st = await session.run();
    assert.equal(st.complete, true);
    assert.deepEqual(streamed, pages);
  });
  it('continues a prop module over one page (revisions) to what one large request gives', async () => {
    const title = pageTitle(0);
    const small = await runAll(`action = query\ntitles = ${title}\nprop = revisions\nrvprop = ids|user|timestamp\nrvlimit = 1`);
    const large = await runAll(`action = query\ntitles = ${title}\nprop = revisions\nrvprop = ids|user|timestamp\nrvlimit = max`, { all: false });
    assert.equal(small.state.complete, true);
    assert.ok(small.state.batches >= 2, `batches ${small.state.batches}`);
    assert.deepEqual(small.result.query.pages, large.result.query.pages);
    assert.ok(small.result.query.pages[0].revisions.length >= 2);
  });
  it('sends a bare boolean as present, and leaves out one whose variable is false', async () => {
    const on = await runAll('action = query\ntitles = Redirect 0\nredirects', { all: false });
    assert.deepEqual(on.result.query.redirects, [{ from: 'Redirect 0', to: pageTitle(0) }]);
    const off = await runAll('@follow = false\naction = query\ntitles = Redirect 0\nredirects = {{follow}}', { all: false });
    assert.equal(off.result.query.redirects, undefined);
    assert.equal(off.result.query.pages[0].title, 'Redirect 0');
  });
  it('reads warnings in the old shape too (formatversion=1, errorformat=bc)', async () => {
    const r = await runAll('action = query\nlist = allimages\nailimit = 1\nformatversion = 1\nerrorformat = bc\nbogus = 1\naiprop = timestamp|nope', { all: false });
    const unknown = r.state.warnings.find((w) => /bogus/.test(w.text));
    assert.equal(unknown?.module, 'main');
    assert.equal(unknown?.line, 7);
    const value = r.state.warnings.find((w) => /nope/.test(w.text));
    assert.equal(value?.module, 'allimages');
    assert.equal(value?.line, 8);
  });
  it('reports an API error with its code, mapped to its line', async () => {
    const r = await runAll('action = query\nlist = allimages\nailimit = abc', { all: false });
    assert.equal(r.state.failure?.kind, 'api');
    assert.match(r.state.failure.message, /"badinteger": Invalid value "abc" for integer parameter "ailimit"/);
    assert.equal(r.state.errors[0].line, 4);
  });
  it('returns a partial result with its continue state when cancelled mid-run, and resumes from it', async () => {
    const controller = new AbortController();
    const partial = await runAll('action = query\nlist = allimages\nailimit = 10', { signal: controller.signal, onProgress: (p) => p.batches === 3 && controller.abort() });
    assert.equal(partial.state.failure?.kind, 'cancelled');
    assert.equal(partial.state.complete, false);
    assert.equal(partial.state.batches, 3);
    assert.equal(partial.result.query.allimages.length, 30);
    assert.ok(partial.state.continue?.aicontinue);
    const resumed = new RunSession(resolveRequest(file('action = query\nlist = allimages\nailimit = 10'), { index: 0 }, { catalogue: bundledCatalogue() }), new HttpClient(), { all: true }, partial.state.continue);
    await resumed.run();
    assert.equal((resumed.result() as Json).query.allimages.length, SEED.files - 30);
  });
  it('stops at maxBatches as partial', async () => {
    const r = await runAll('action = query\nlist = allimages\nailimit = 5', { maxBatches: 2 });
    assert.equal(r.state.batches, 2);
    assert.equal(r.state.complete, false);
  });
  it('maps a server warning to its line', async () => {
    const r = await runAll('action = query\nlist = allimages\nailimit = 1\nbogus = 1', { all: false });
    const w = r.state.warnings.find((x) => /bogus/.test(x.text));
    assert.ok(w, JSON.stringify(r.state.warnings));
    assert.equal(w.line, 5);
  });

  describe('CLI', () => {
    const cli = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd: dir });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const write = (name: string, body: string) => {
      fs.writeFileSync(path.join(dir, name), body);
      return name;
    };
    it('run --all --format json prints the documented shape, exit 0', async () => {
      const f = write('files.wikiq', file('action = query\nlist = allimages\nailimit = 50'));
      const r = await cli(['run', f, '--all', '--format', 'json']);
      assert.equal(r.code, 0, r.err);
      const j = JSON.parse(r.out);
      // Streamed: the final state (batches, complete, continue) is known only after the result.
      assert.deepEqual(Object.keys(j), ['endpoint', 'request', 'query', 'batches', 'status', 'complete', 'continue', 'warnings', 'errors']);
      assert.equal(j.endpoint, wiki.endpoint);
      assert.equal(j.complete, true);
      assert.equal(j.status, 'complete');
      assert.equal(j.continue, null);
      assert.equal(j.batches, Math.ceil(SEED.files / 50));
      assert.equal(j.query.allimages.length, SEED.files);
    });
    it('run of a non-query action prints its own member', async () => {
      const f = write('pi.wikiq', file('action = paraminfo\nmodules = query+allimages'));
      const j = JSON.parse((await cli(['run', f])).out);
      assert.equal(j.paraminfo.modules[0].name, 'allimages');
      assert.equal('query' in j, false);
    });
    it('run --max-batches leaves a partial result, exit 2', async () => {
      const f = write('partial.wikiq', file('action = query\nlist = allimages\nailimit = 5'));
      const r = await cli(['run', f, '--all', '--max-batches', '2', '--format', 'json']);
      assert.equal(r.code, 2);
      const j = JSON.parse(r.out);
      assert.equal(j.complete, false);
      assert.ok(j.continue.aicontinue);
    });
    it('run --format csv --out writes a file', async () => {
      const f = write('csv.wikiq', file('action = query\nlist = allimages\nailimit = max'));
      const r = await cli(['run', f, '--format', 'csv', '--out', 'files.csv']);
      assert.equal(r.code, 0, r.err);
      const csv = fs.readFileSync(path.join(dir, 'files.csv'), 'utf8');
      assert.equal(csv.trim().split('\r\n').length, SEED.files + 1);
      assert.match(csv.split('\r\n')[0], /^name,title,timestamp,url/); // allimages' usual column order, as the results view shows it
    });
    it('run --format ndjson --out streams records to a file', async () => {
      const f = write('nd.wikiq', file('action = query\nlist = logevents\nlelimit = 20'));
      const r = await cli(['run', f, '--all', '--format', 'ndjson', '--out', 'log.ndjson']);
      assert.equal(r.code, 0, r.err);
      const lines = fs.readFileSync(path.join(dir, 'log.ndjson'), 'utf8').trim().split('\n');
      assert.ok(lines.length > 100);
      assert.ok(JSON.parse(lines[0]).logid);
    });
    it('run --format table prints aligned columns', async () => {
      const f = write('table.wikiq', file('action = query\nlist = allimages\nailimit = 3'));
      const r = await cli(['run', f, '--format', 'table']);
      assert.equal(r.code, 0);
      assert.match(r.out, /^allimages \(3\)\nname\s+title\s+timestamp\s+url/);
    });
    it('fails clearly on a dead endpoint, exit 1, no stack trace', async () => {
      const f = write('dead.wikiq', '@endpoint = http://127.0.0.1:9/api.php\naction = query\nlist = allimages\n');
      const r = await cli(['run', f]);
      assert.equal(r.code, 1);
      assert.match(r.err, /Could not reach http:\/\/127\.0\.0\.1:9/);
      assert.doesNotMatch(r.err, /\n\s+at /);
    });
    it('check prints diagnostics and exits 1 on errors, 0 when clean', async () => {
      const bad = write('bad.wikiq', file('action = query\nlist = allimages\nailimit = 0\nfrom = B'));
      const r = await cli(['check', bad]);
      assert.equal(r.code, 1);
      assert.match(r.out, /bad\.wikiq:5:11 error limit-below-min /);
      assert.match(r.out, /bad\.wikiq:6:1 warning unknown-parameter .*aifrom/);
      const good = write('good.wikiq', file('action = query\nlist = allimages\nailimit = 5'));
      assert.equal((await cli(['check', good])).code, 0);
    });
    it('check --catalogue live knows the wiki\'s full module list', async () => {
      // The bundled catalogue is not a wiki's full list: an unknown list module may be an extension's
      // and own any parameter. The wiki's own list is complete: the module is dropped and its
      // parameters are unrecognized, as the API will say.
      const f = write('live.wikiq', file('action = query\nlist = allimages|nosuchlist\nnslimit = 5'));
      const bundled = await cli(['check', f, '--strict']);
      assert.doesNotMatch(bundled.out, /nslimit/);
      const live = await cli(['check', f, '--strict', '--catalogue', 'live', '--cache-dir', path.join(dir, 'cache')]);
      assert.match(live.out, /live\.wikiq:5:1 .*unknown-parameter.*nslimit/);
      assert.equal(live.code, 1);
    });
    it('says what is wrong with its arguments', async () => {
      const r = await cli(['run']);
      assert.equal(r.code, 1);
      assert.match(r.err, /wikiq run takes one file/);
      assert.match((await cli(['frobnicate'])).err, /Unknown command 'frobnicate'/);
      assert.match((await cli(['run', 'nope.wikiq'])).err, /Cannot read nope\.wikiq: no such file/);
    });
  });
});
