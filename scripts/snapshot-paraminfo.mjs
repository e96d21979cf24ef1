// Writes scripts/mw139-paraminfo.json: MediaWiki 1.39's own paraminfo (every module, raw help) from
// a real wiki — the Debian package, started by the test harness — without descriptions (the bundled
// catalogue keeps the project's own words) and without what is the test wiki's rather than
// MediaWiki's (its change tag; change-tag lists are marked as known only in part).
// `npm run gen:catalogue` reads the snapshot, so regenerating the bundled catalogue needs no wiki.
// Usage: npx tsc -b && node scripts/snapshot-paraminfo.mjs [--out FILE]
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : `${root}scripts/mw139-paraminfo.json`;
const { startWiki } = createRequire(import.meta.url)(`${root}out/test/wiki/harness.js`);

const NOTE = "action=paraminfo&modules=main|*|query+*&helpformat=raw&formatversion=2 of MediaWiki 1.39 (Debian package), descriptions left out, the test wiki's own change tag removed (change tags are the wiki's: marked wikiqincompletevalues): the parameter structure the bundled catalogue takes where the contract shows none (npm run gen:catalogue). Regenerate with scripts/snapshot-paraminfo.mjs against a running 1.39 wiki.";
const MODULE_KEYS = ['name', 'path', 'group', 'prefix', 'source', 'readrights', 'writerights', 'mustbeposted', 'generator', 'deprecated', 'internal', 'dynamicparameters', 'helpurls', 'examples', 'parameters', 'templatedparameters'];
const SEED_TAG = 'wikiq-seed';

function param(p) {
  const { description: _d, ...rest } = p;
  // Info notes keep their name and values; their text is help (a description).
  if (Array.isArray(rest.info)) rest.info = rest.info.map(({ text: _t, ...note }) => note);
  if (Array.isArray(rest.type) && rest.type.includes(SEED_TAG)) {
    rest.type = rest.type.filter((v) => v !== SEED_TAG);
    rest.wikiqincompletevalues = true;
  }
  return rest;
}

function module(m) {
  const o = {};
  for (const k of MODULE_KEYS) {
    if (!(k in m)) continue;
    if (k === 'dynamicparameters') o[k] = true;
    else if (k === 'examples') o[k] = m.examples.map((e) => ({ query: e.query }));
    else if (k === 'parameters' || k === 'templatedparameters') o[k] = m[k].map(param);
    else o[k] = m[k];
  }
  return o;
}

const wiki = await startWiki();
try {
  const url = `${wiki.endpoint}?action=paraminfo&modules=${encodeURIComponent('main|*|query+*')}&helpformat=raw&formatversion=2&format=json`;
  const res = await fetch(url);
  const body = await res.json();
  const modules = body.paraminfo.modules.map(module);
  writeFileSync(out, JSON.stringify({ '//': NOTE, paraminfo: { modules } }));
  console.log(`wrote ${out} (${modules.length} modules)`);
} finally {
  await wiki.stop();
}
