// The save of a previewed edit (issue #39: "a save adds one round trip"), against the private test
// wiki (out/test/wiki/private.js: a real MediaWiki on 127.0.0.1, signed in as its editor with a bot
// password), every figure measured in this run:
// - the figure: saveWrite of a previewed appendtext edit (the page's revision checked and a token
//   fetched in one asserted GET, then the edit's POST), previewed untimed just before;
// - its baselines, in the same session: the edit's own POST (the same appendtext, its token fetched
//   untimed beforehand) and a plain read round trip (the page's latest revision);
// - the target: the save costs at most its POST + one read round trip + 20 ms.
// Rounds of the three in rotating order on a shared, noisy machine; the figure is the median of the
// per-round differences save − POST, against the median read. `--runs N` (default 15).
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { median, runsOption } from './bench-util.mjs';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const { startPrivateWiki, PRIVATE } = require(`${root}out/test/wiki/private.js`);
const { SignedInHttpClient, WikiSession, WritePlans, planOfEdit, previewEdit, resolveRequest, saveWrite } = require(`${root}out/engine/src/index.js`);
const { bundledCatalogue } = require(`${root}out/core/src/bundled.js`);
const { apiUrl } = require(`${root}out/core/src/index.js`);

const RUNS = runsOption(15);
const TITLE = 'Bench save';
const wiki = await startPrivateWiki({ debuginfo: false }); // no debug toolbar: its ~90 KB per answer is no part of a save
try {
  const http = new SignedInHttpClient(new WikiSession(wiki.endpoint, { kind: 'botpassword', user: PRIVATE.editor.login, password: PRIVATE.editor.botPassword }));
  await http.ready();
  const plans = new WritePlans();
  const catalogue = bundledCatalogue();
  const json = async (url, form) => JSON.parse((await http.get(url, undefined, form ? { form } : {})).body);
  const edit = (line) => `@endpoint = ${wiki.endpoint}\n### Bench\naction = edit\ntitle = ${TITLE}\nsummary = bench\nappendtext = """\n\n${line}\n"""\n`;
  let n = 0;

  /** A previewed save, timed from the confirmation (saveWrite) to the wiki's answer. */
  async function save() {
    const resolved = resolveRequest(edit(`Saved ${n++}.`), { index: 0 }, { catalogue, allowWrite: 'preview' });
    const plan = plans.add(planOfEdit(resolved, await previewEdit(resolved, http)));
    const t0 = performance.now();
    const r = await saveWrite(plans.take(plan.id), http);
    const ms = performance.now() - t0;
    if (!r.newrevid) throw new Error(`the save made no revision: ${JSON.stringify(r.answer)}`);
    return ms;
  }
  /** The same edit's own POST, its token fetched (untimed) before. */
  async function post() {
    const token = (await json(apiUrl(wiki.endpoint, { action: 'query', meta: 'tokens', format: 'json', formatversion: '2' }))).query.tokens.csrftoken;
    const form = new URLSearchParams({ title: TITLE, summary: 'bench', appendtext: `\nPosted ${n++}.`, token }).toString();
    const t0 = performance.now();
    const r = await json(apiUrl(wiki.endpoint, { action: 'edit', format: 'json', formatversion: '2' }), form);
    const ms = performance.now() - t0;
    if (r.edit?.result !== 'Success' || !r.edit.newrevid) throw new Error(`the POST made no revision: ${JSON.stringify(r)}`);
    return ms;
  }
  /** A plain read round trip: the page's latest revision. */
  async function read() {
    const t0 = performance.now();
    const r = await json(apiUrl(wiki.endpoint, { action: 'query', prop: 'revisions', rvprop: 'ids|timestamp', titles: TITLE, format: 'json', formatversion: '2' }));
    const ms = performance.now() - t0;
    if (!r.query.pages[0].revisions) throw new Error('the read gave no revision');
    return ms;
  }

  const sides = { save, post, read };
  const times = { save: [], post: [], read: [] };
  const extra = [];
  await post(); // the page exists, and every side ran once unmeasured
  await save();
  await read();
  const names = Object.keys(sides);
  for (let i = 0; i < RUNS; i++) {
    const round = {};
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      round[name] = await sides[name]();
      times[name].push(round[name]);
    }
    extra.push(round.save - round.post);
  }
  // A difference of two noisy times: the median of the per-round differences (each round's save and
  // POST ran back to back), against the median read round trip of the same rounds.
  const added = median(extra);
  const rt = median(times.read);
  const target = rt + 20;
  console.log(`a save of a previewed edit adds ${added.toFixed(1)} ms to its POST (ratio ${(added / rt).toFixed(2)} vs a read round trip of ${rt.toFixed(1)} ms; `
    + `medians of ${RUNS} rotated rounds: save ${median(times.save).toFixed(1)} ms, POST ${median(times.post).toFixed(1)} ms; `
    + `target: one round trip + 20 ms, ≤ ${target.toFixed(1)} ms)${added > target ? '  ← MISSES TARGET' : ''}`);
} finally {
  await wiki.stop();
}
