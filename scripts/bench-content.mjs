// Content lookups (#31) against the real test wiki on 127.0.0.1 (test/wiki/harness.ts):
// (1) title suggestions: completion in a `titles = PREFIX` value, PREFIX a different title prefix
//     each time (so each asks the wiki), through the real server over stdio started as users start
//     it (`node dist/server.js --stdio`, default settings; its catalogue cache in a temporary
//     folder), against the wiki's own round trip for the same request (the same
//     `generator=prefixsearch` URL the server sends, built by the engine's `contentQuery`, sent
//     with the engine's HTTP client), the two in turns: the median over the prefixes of
//     completion − round trip, target ≤ 50 ms;
// (2) the same completion again, served from the server's cache (no request reaches the wiki:
//     checked in the wiki's request log): median ≤ 5 ms;
// (3) plain typing with content lookups: the language server's figures of completion right after a
//     one-character edit and edit → diagnostics (bench-lsp.mjs, each as a ratio to its floor) on
//     the 10,000-line file with its @endpoint on the loopback wiki, against the same at
//     CONTENT_BASE, the commit before content lookups were wired (built in the run, bench-util.mjs
//     baselineTree; five servers of each, in turns): target ≤ 1.1× each. Beside each, for
//     context, the same tree with `wikiq.contentLookups` off against it on (no target).
// `--prefixes N`: how many title prefixes (default 30); `--servers N`: servers of each commit for (3).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { catalogueSettled, generate, measureLatency, wikiqServer } from './bench-lsp.mjs';
import { whileAlive } from './bench-memory.mjs';
import { baselineTree, median, numberOption, percentile, printRows } from './bench-util.mjs';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
/** The commit just before the first content commit (a559bcd, "Content provider (#31)"). */
export const CONTENT_BASE = '0f125ff';
const PREFIXES = numberOption('--prefixes', 30);
const SERVERS = numberOption('--servers', 5);
const SUGGESTION_TARGET_MS = 50;
const CACHED_TARGET_MS = 5;
const AFTER_EDIT_TARGET = 1.1;

const { startWiki, pageTitle, SEED } = require(`${root}out/test/wiki/harness.js`);
const { HttpClient, engineUserAgent, contentQuery, readContentAnswer, CONTENT_MAX_BYTES } = require(`${root}out/engine/src/index.js`);
const PREFIXSEARCH = /[?&]generator=prefixsearch(&|$)/;

/** The servers' catalogue caches (each its own XDG_CACHE_HOME under it), removed at exit. */
const caches = mkdtempSync(join(tmpdir(), 'wikiq-bench-content-'));
process.on('exit', () => rmSync(caches, { recursive: true, force: true }));
const freshCache = () => mkdtempSync(join(caches, 'cache-'));

/**
 * `count` different prefixes of the seeded pages' titles, as a user types them: 'A', 'Ap', 'App',
 * 'Appl', then the next title's; longer ones once those run out.
 */
function titlePrefixes(count) {
  const out = new Set();
  for (let max = 4; out.size < count; max += 4) {
    if (max > 64) throw new Error(`bench: --prefixes ${count}: the test wiki's titles have fewer different prefixes`);
    for (let i = 0; i < SEED.pages && out.size < count; i++) {
      for (let k = 1; k <= max && out.size < count; k++) out.add(pageTitle(i).slice(0, k));
    }
  }
  return [...out];
}

/** Figures (1) and (2): ms per sample, in the order taken. */
async function suggestions(wiki, prefixes) {
  const proc = spawn(process.execPath, wikiqServer.args, { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, XDG_CACHE_HOME: freshCache() } });
  return whileAlive(proc, wikiqServer.name, async () => {
    const docs = await wikiqServer.connect(proc);
    const text = (prefix) => `@endpoint = ${wiki.endpoint}\naction = query\ntitles = ${prefix}`;
    await catalogueSettled(docs.conn, wiki.endpoint, () => docs.open('file:///content-catalogue.wikiq', text('')));
    const http = new HttpClient({ userAgent: engineUserAgent('content'), timeoutMs: 15000, maxBytes: CONTENT_MAX_BYTES });
    /** The wiki's own round trip: the server's URL for `prefix`, sent and read; resolves with [ms, the titles]. */
    const roundTrip = async (prefix) => {
      const url = `${wiki.endpoint}?${new URLSearchParams(contentQuery('title', prefix, undefined)).toString()}`;
      const t0 = performance.now();
      const res = await http.get(url);
      const titles = readContentAnswer('title', JSON.parse(res.body)).map((s) => s.name);
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`bench: ${url}: HTTP ${res.status}`);
      return [ms, titles];
    };
    /** The completion at the end of the open document `uri` (`titles = PREFIX`): [ms, labels]. */
    const complete = async (uri, prefix) => {
      const t0 = performance.now();
      const list = await docs.complete(uri, { line: 2, character: 'titles = '.length + prefix.length });
      const ms = performance.now() - t0;
      if (list.isIncomplete) throw new Error(`bench: the completion of 'titles = ${prefix}' came back incomplete (no answer from the wiki within the server's bound)`);
      return [ms, list.items.map((i) => i.label)];
    };
    const lookups = () => wiki.apiRequestCount((u) => PREFIXSEARCH.test(u));
    const samples = { roundTrip: [], completion: [], cached: [] };
    // Warm-up (connections, JIT) on four more prefixes, not measured.
    const warm = titlePrefixes(prefixes.length + 4).slice(prefixes.length);
    for (const [i, prefix] of [...warm, ...prefixes].entries()) {
      const measured = i >= warm.length;
      const uri = `file:///content-${i}.wikiq`;
      await docs.open(uri, text(prefix));
      const before = lookups();
      // The two in turns: which one asks first alternates.
      let direct;
      let completed;
      if (i % 2) {
        completed = await complete(uri, prefix);
        direct = await roundTrip(prefix);
      } else {
        direct = await roundTrip(prefix);
        completed = await complete(uri, prefix);
      }
      const asked = lookups();
      const repeat = await complete(uri, prefix);
      const missing = direct[1].filter((t) => !completed[1].includes(t));
      if (asked - before !== 2 || lookups() !== asked || missing.length || !direct[1].length) {
        throw new Error(`bench: 'titles = ${prefix}': ${asked - before} prefixsearch requests for the round trip and the completion (2 expected), ${lookups() - asked} for the repeat (0 expected), ${direct[1].length} titles from the wiki, missing from the completion: ${missing.join(', ') || 'none'}`);
      }
      await docs.close(uri);
      if (!measured) continue;
      samples.roundTrip.push(direct[0]);
      samples.completion.push(completed[0]);
      samples.cached.push(repeat[0]);
    }
    await docs.stop();
    return samples;
  });
}

/** Figure (3): each edit figure of one server as a ratio to the floor measured beside it. */
function editRatios(m) {
  return { afterEdit: median(m.afterEdit) / m.editFloor, editDiagnostics: median(m.editDiagnostics) / m.editFloor };
}

/** Requests for content (titles, categories, files, users) the wiki received. */
const CONTENT = /[?&](generator=prefixsearch|generator=allpages|list=allusers|list=allcategories|list=allimages)(&|$)/;

/**
 * Figure (3): SERVERS servers each, in turns, of this tree with content lookups on (as users run
 * it), of CONTENT_BASE, and of this tree with `wikiq.contentLookups` off (context); each round's
 * edit ratios and the content requests the wiki received from its server.
 */
async function afterEdits(wiki) {
  const text = generate(10000).replace(/^@endpoint = .*$/m, `@endpoint = ${wiki.endpoint}`);
  const servers = {
    ours: [`${root}dist/server.js`, true],
    theirs: [`${baselineTree(CONTENT_BASE)}dist/server.js`, true],
    off: [`${root}dist/server.js`, false],
  };
  const rounds = { ours: [], theirs: [], off: [] };
  for (let r = 0; r < SERVERS; r++) {
    for (const [key, [serverJs, contentLookups]] of Object.entries(servers)) {
      const before = wiki.apiRequestCount((u) => CONTENT.test(u));
      // A catalogue cache of its own: each server fetches the catalogue and says when it has it.
      const m = await measureLatency(serverJs, text, undefined, { env: { ...process.env, XDG_CACHE_HOME: freshCache() }, endpoint: wiki.endpoint, contentLookups });
      rounds[key].push({ ...editRatios(m), lookups: wiki.apiRequestCount((u) => CONTENT.test(u)) - before });
    }
  }
  return rounds;
}

const ms = (x) => `${x.toFixed(1)} ms`;
const spread = (xs) => `p10–p90 ${ms(percentile(xs, 10))}–${ms(percentile(xs, 90))}`;

export async function benchContent() {
  // Without the debug toolbar's debuginfo (~90 KB in every answer): as a production wiki answers.
  const wiki = await startWiki({ debuginfo: false });
  try {
    const prefixes = titlePrefixes(PREFIXES);
    const s = await suggestions(wiki, prefixes);
    const rt = median(s.roundTrip);
    // Each prefix's completion less its own round trip (taken beside it), the median of those.
    const over = median(s.completion.map((c, i) => c - s.roundTrip[i]));
    const cached = median(s.cached);
    const edits = await afterEdits(wiki);
    const rows = [
      { name: `the wiki's own round trip of a title lookup (generator=prefixsearch, the server's URL, engine's HTTP client; median of ${prefixes.length} prefixes, ${spread(s.roundTrip)})`, value: ms(rt), target: '—' },
      { name: `title suggestions: completion in a \`titles = PREFIX\` value through \`node dist/server.js --stdio\`, beyond the wiki's round trip for the same prefix, median (completion median ${ms(median(s.completion))}, ${spread(s.completion)})`, value: ms(over), target: `≤ ${SUGGESTION_TARGET_MS} ms`, ok: over <= SUGGESTION_TARGET_MS },
      { name: `the same completion again, from the server's cache (no request to the wiki; median of ${s.cached.length}, ${spread(s.cached)})`, value: ms(cached), target: `≤ ${CACHED_TARGET_MS} ms`, ok: cached <= CACHED_TARGET_MS },
    ];
    const labels = { afterEdit: 'completion right after a one-character edit, median', editDiagnostics: 'edit → diagnostics, debounce off, median' };
    const lookups = (key) => edits[key].map((f) => f.lookups).join(', ');
    const where = `10,000-line file on the loopback wiki, each as a ratio to its floor, median of ${SERVERS} servers each`;
    for (const [key, label] of Object.entries(labels)) {
      const [ours, theirs, off] = ['ours', 'theirs', 'off'].map((k) => edits[k].map((f) => f[key]));
      rows.push({
        name: `${label}, content lookups on, vs ${CONTENT_BASE} (before content lookups; ${where}: ${ours.map((x) => x.toFixed(2)).join(', ')} vs ${theirs.map((x) => x.toFixed(2)).join(', ')}; content requests to the wiki per server ${lookups('ours')} vs ${lookups('theirs')})`,
        value: `${median(ours).toFixed(2)}× its floor (${CONTENT_BASE}: ${median(theirs).toFixed(2)}×)`,
        ratio: median(ours) / median(theirs), base: CONTENT_BASE, target: `≤ ${AFTER_EDIT_TARGET}×`, max: AFTER_EDIT_TARGET,
      }, {
        name: `  the same, content lookups on vs \`wikiq.contentLookups\` off, this tree (context; off: ${off.map((x) => x.toFixed(2)).join(', ')}; content requests ${lookups('off')})`,
        value: `${median(ours).toFixed(2)}× its floor (off: ${median(off).toFixed(2)}×)`,
        ratio: median(ours) / median(off), base: 'lookups off', target: '—',
      });
    }
    return rows;
  } finally {
    await wiki.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    printRows(await benchContent());
  } catch (e) {
    // A broken measurement (not a missed target) fails the section, with what broke.
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
  }
}
