/** The real-wiki harness itself: the seed the other real-wiki tests rely on is there, and the harness behaves. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SEED, TestWiki, ensureMediaWikiInstalled, fileName, pageCategories, pageFiles, pageTitle, png, startWiki } from './harness';

type Json = any;

async function api(wiki: TestWiki, params: Record<string, string>, formatversion = '2'): Promise<Json> {
  const u = new URL(wiki.endpoint);
  for (const [k, v] of Object.entries({ format: 'json', formatversion, ...params })) u.searchParams.set(k, v);
  const res = await fetch(u);
  assert.equal(res.status, 200, `${u}`);
  const body = await res.json();
  assert.equal(body.error, undefined, `${u}: ${JSON.stringify(body.error)}`);
  return body;
}

/** Follows `continue` to the end; returns every batch. */
async function walk(wiki: TestWiki, params: Record<string, string>): Promise<Json[]> {
  const batches: Json[] = [];
  let cont: Record<string, string> | undefined = {};
  while (cont) {
    const r = await api(wiki, { ...params, ...cont });
    batches.push(r);
    cont = r.continue;
    assert.ok(batches.length < 1000, 'continuation ends');
  }
  return batches;
}

/**
 * The compiled installer (wiki/install.js and the ../provision.js it requires) copied into a new folder
 * every user may read: the clone may sit in a folder only root can enter (as `mktemp -d` makes),
 * where the unprivileged user of the test could not load it.
 */
function readableCopyOfInstaller(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-installer-'));
  fs.mkdirSync(path.join(dir, 'wiki'));
  fs.copyFileSync(require.resolve('./install'), path.join(dir, 'wiki', 'install.js'));
  fs.copyFileSync(require.resolve('../provision'), path.join(dir, 'provision.js'));
  for (const p of [dir, path.join(dir, 'wiki')]) fs.chmodSync(p, 0o755);
  for (const f of ['wiki/install.js', 'provision.js']) fs.chmodSync(path.join(dir, f), 0o644);
  return dir;
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });
}

/** Waits (bounded) until nothing listens on `port` any more: the server belongs to another process. */
async function untilRefused(port: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await refused(port)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return refused(port);
}

describe('test wiki harness', () => {
  let wiki: TestWiki;
  before(async () => {
    wiki = await startWiki();
  });
  after(async () => {
    await wiki?.stop();
  });

  it('holds the seeded files, one per batch at ailimit=1, uploaded by several users', async () => {
    const first = await api(wiki, { action: 'query', list: 'allimages', ailimit: '1' });
    assert.equal(first.query.allimages.length, 1);
    assert.ok(first.continue?.aicontinue, 'ailimit=1 continues');
    const batches = await walk(wiki, { action: 'query', list: 'allimages', ailimit: '10', aiprop: 'user|url' });
    const images = batches.flatMap((b) => b.query.allimages);
    assert.equal(images.length, SEED.files);
    assert.equal(batches.length, Math.ceil(SEED.files / 10));
    assert.equal(new Set(images.map((i: Json) => i.name)).size, SEED.files);
    assert.deepEqual([...new Set(images.map((i: Json) => i.user))].sort(), [...SEED.users].sort());
    assert.ok(images.some((i: Json) => i.name === fileName(0).replace(/ /g, '_')), 'names with spaces are stored with underscores');
    assert.ok(new Set(images.map((i: Json) => i.name[0])).size >= 20, 'names start with many letters');
  });

  it('serves uploaded files from its own directory, byte for byte', async () => {
    const r = await api(wiki, { action: 'query', list: 'allimages', aifrom: fileName(3), ailimit: '1', aiprop: 'url|sha1|size' });
    const img = r.query.allimages[0];
    assert.equal(img.name, fileName(3).replace(/ /g, '_'));
    assert.ok(img.url.startsWith(`${wiki.base}/images/`), img.url);
    const res = await fetch(img.url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.deepEqual(bytes, png(3));
    assert.equal(createHash('sha1').update(bytes).digest('hex'), img.sha1);
    assert.ok(fs.existsSync(`${wiki.dir}/images`), 'images live in the wiki directory');
    assert.equal((await fetch(`${wiki.base}/images/..%2fLocalSettings.php`)).status, 404, 'nothing outside images/');
    assert.equal((await fetch(`${wiki.base}/images/nope.png`)).status, 404);
  });

  it('has the accounts, one of them blocked', async () => {
    const r = await api(wiki, { action: 'query', list: 'allusers', aulimit: 'max', auprop: 'blockinfo|groups' });
    const users = new Map(r.query.allusers.map((u: Json) => [u.name, u]));
    for (const u of [SEED.admin, ...SEED.accounts]) assert.ok(users.has(u), `${u} in ${[...users.keys()].join(', ')}`);
    assert.ok((users.get(SEED.blocked) as Json).blockid, 'blocked');
    assert.ok((users.get(SEED.sysop) as Json).groups.includes('sysop'));
  });

  it('has log entries of every seeded type, enough for many batches at lelimit=5', async () => {
    const first = await api(wiki, { action: 'query', list: 'logevents', lelimit: '5' });
    assert.equal(first.query.logevents.length, 5);
    assert.ok(first.continue?.lecontinue);
    const entries = (await walk(wiki, { action: 'query', list: 'logevents', lelimit: 'max' })).flatMap((b) => b.query.logevents);
    const types = new Set(entries.map((e: Json) => e.type));
    for (const t of SEED.logTypes) assert.ok(types.has(t), `${t} in ${[...types].join(',')}`);
    assert.ok(entries.length >= SEED.minLogEntries, `${entries.length} log entries`);
    const uploaders = new Set(entries.filter((e: Json) => e.type === 'upload').map((e: Json) => e.user));
    assert.deepEqual([...uploaders].sort(), [...SEED.users].sort());
  });

  it('needs generator and prop continuation together at small limits, and merges to the seeded pages', async () => {
    const batches = await walk(wiki, { action: 'query', generator: 'allpages', prop: 'categories|images', gaplimit: '5', cllimit: '2', imlimit: '1' });
    const both = batches.filter((b) => b.continue?.gapcontinue && (b.continue.clcontinue || b.continue.imcontinue));
    assert.ok(both.length > 0, 'a batch continues the generator and a prop module at once');
    assert.ok(batches.some((b) => b.continue?.clcontinue) && batches.some((b) => b.continue?.imcontinue));
    // Merged over every batch, each page has exactly its seeded categories and files.
    const pages = new Map<string, { cats: Set<string>; files: Set<string> }>();
    for (const b of batches) {
      for (const p of b.query?.pages ?? []) {
        const m = pages.get(p.title) ?? { cats: new Set(), files: new Set() };
        for (const c of p.categories ?? []) m.cats.add(c.title.replace(/^Category:/, ''));
        for (const f of p.images ?? []) m.files.add(f.title.replace(/^File:/, ''));
        pages.set(p.title, m);
      }
    }
    assert.equal(pages.size, SEED.mainNamespacePages);
    for (const i of [0, 4, 7, 20]) {
      const m = pages.get(pageTitle(i));
      assert.ok(m, pageTitle(i));
      assert.deepEqual([...m.cats].sort(), pageCategories(i).sort(), pageTitle(i));
      assert.deepEqual([...m.files].sort(), pageFiles(i).map((f) => f.replace(/_/g, ' ')).sort(), pageTitle(i));
    }
    assert.ok(pages.has(SEED.movedTo) && !pages.has(pageTitle(SEED.deletedPage)));
    const redirects = await api(wiki, { action: 'query', list: 'allpages', apfilterredir: 'redirects', aplimit: 'max' });
    assert.equal(redirects.query.allpages.length, SEED.redirects + 1);
  });

  it('answers with debuginfo, in both format versions', async () => {
    for (const fv of ['1', '2']) {
      const r = await api(wiki, { action: 'query', meta: 'siteinfo' }, fv);
      assert.match(r.debuginfo?.mwVersion ?? '', /^1\.39/, `formatversion=${fv}`);
      assert.ok(Array.isArray(r.debuginfo.log));
    }
    const general = (await api(wiki, { action: 'query', meta: 'siteinfo' })).query.general;
    assert.equal(general.server, wiki.base);
    assert.equal(general.uploadsenabled, true);
  });

  it('accepts the paraminfo wildcards *|query+*', async () => {
    const r = await api(wiki, { action: 'paraminfo', modules: '*|query+*' });
    const paths = new Set(r.paraminfo.modules.map((m: Json) => m.path));
    for (const p of ['query', 'paraminfo', 'query+allimages', 'query+logevents', 'query+siteinfo']) assert.ok(paths.has(p), p);
  });

  it('counts API requests from its own log, GET and POST alike', async () => {
    const isSiteinfo = (u: string) => u.includes('meta=siteinfo');
    const before = wiki.apiRequestCount(isSiteinfo);
    const all = wiki.apiRequestCount();
    await api(wiki, { action: 'query', meta: 'siteinfo' });
    assert.equal(wiki.apiRequestCount(isSiteinfo), before + 1);
    assert.equal(wiki.apiRequestCount(), all + 1);
    const post = await fetch(wiki.endpoint, { method: 'POST', body: new URLSearchParams({ action: 'query', meta: 'siteinfo', format: 'json' }) });
    assert.ok((await post.json()).query.general);
    assert.equal(wiki.apiRequestCount(isSiteinfo), before + 2);
    assert.equal(wiki.requests().at(-1)?.method, 'POST');
    assert.equal(wiki.apiRequestCount((u) => u.includes('action=paraminfo&modules=nothing-of-the-kind')), 0);
    await fetch(`${wiki.base}/images/nope.png`);
    assert.equal(wiki.requestLog().at(-1), '/images/nope.png');
    assert.equal(wiki.apiRequestCount(), all + 2, 'only /api.php requests are API requests');
  });

  it('runs wikis side by side, each with its own settings, and stop() frees the port and removes the copy', async () => {
    const other = await startWiki({ debuginfo: false });
    assert.notEqual(other.port, wiki.port);
    assert.notEqual(other.dir, wiki.dir);
    assert.equal(other.apiRequestCount(), 0, 'a fresh wiki has served no test request');
    assert.equal((await api(other, { action: 'query', meta: 'siteinfo' })).debuginfo, undefined, 'debuginfo: false');
    await other.stop();
    assert.equal(other.apiRequestCount(), 1, 'the log is kept after stop()');
    assert.equal(fs.existsSync(other.dir), false);
    assert.equal(await refused(other.port), true, 'nothing answers on the port (workers included)');
    await new Promise<void>((resolve, reject) => {
      const s = net.createServer().once('error', reject).listen(other.port, '127.0.0.1', () => s.close(() => resolve()));
    });
    await other.stop(); // a second stop is harmless
  });

  it('refuses a port that is taken, saying so', async () => {
    await assert.rejects(startWiki({ port: wiki.port }), new RegExp(`port ${wiki.port}: the port is in use`));
  });

  it('names what is missing, and the command that installs it, when a package cannot be had', () => {
    const wanted = ['php-cli', 'wikiq-no-such-package'];
    let message: string;
    if (process.getuid?.() === 0) {
      // As root the harness would run apt-get: ask as an unprivileged user instead, which cannot install.
      const dir = readableCopyOfInstaller();
      try {
        const r = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e',
          `try { require(${JSON.stringify(path.join(dir, 'wiki', 'install.js'))}).ensureMediaWikiInstalled(${JSON.stringify(wanted)}); } catch (e) { process.stdout.write(e.message); process.exit(2); }`,
        ], { encoding: 'utf8', cwd: dir });
        assert.equal(r.status, 2, `setpriv: ${r.stdout}${r.stderr}`);
        message = r.stdout;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } else {
      message = (() => {
        try {
          ensureMediaWikiInstalled(wanted);
        } catch (e) {
          return (e as Error).message;
        }
        return 'no error';
      })();
    }
    assert.match(message, /the Debian packages wikiq-no-such-package,/);
    assert.ok(!/packages php-cli/.test(message), 'only what is missing is named as missing');
    assert.match(message, /apt-get install -y --no-install-recommends php-cli wikiq-no-such-package/);
  });

  for (const how of ['exits without stopping it', 'is killed with SIGKILL'] as const) {
    it(`leaves no server behind when the process that started it ${how}`, async () => {
      const script = `
        const { startWiki } = require(${JSON.stringify(require.resolve('./harness'))});
        startWiki().then((w) => {
          process.stdout.write(JSON.stringify({ port: w.port, dir: w.dir }) + '\\n');
          // Exits once the test has seen the wiki up (told on stdin), not before: no race.
          if (${how === 'exits without stopping it'}) process.stdin.once('data', () => process.exit(0));
          setInterval(() => {}, 1000);
        }, (e) => { console.error(e.message); process.exit(3); });`;
      const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d;
          if (out.includes('\n')) resolve(out.split('\n')[0]);
        });
        child.once('exit', (code) => reject(new Error(`child exited (${code}) before starting a wiki: ${err}`)));
      });
      const { port, dir } = JSON.parse(line) as { port: number; dir: string };
      assert.equal(await refused(port), false, 'the wiki was up');
      if (how === 'is killed with SIGKILL') child.kill('SIGKILL');
      else child.stdin.write('exit\n');
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once('exit', r)));
      assert.equal(await untilRefused(port, 10000), true, `nothing listens on ${port} any more`);
      // Removed by the exit hook, or by the watchdog once the server is gone.
      const end = Date.now() + 10000;
      while (fs.existsSync(dir) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      assert.equal(fs.existsSync(dir), false, `${dir} is removed`);
    });
  }
});
