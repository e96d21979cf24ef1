// Parsing stays linear: see the last rows.
// Parsing cost per MB on three shapes of file of about the same size (test/unit/shapes.ts): an
// ordinary one, one parameter continued by `|` lines, and long lines; the two unusual shapes as
// ratios to the ordinary one (target ≤ 2×: no shape of file makes the parser slower per byte).
// Parsing here is the whole tree: `parse`, then every request's parameters (read on demand where
// the parser leaves them for later). With `--baseline-ref REF`, the ordinary file is parsed by
// REF's core too, in turns with this tree's, and compared with it (target ≤ 1.25×).
import { createRequire } from 'node:module';
import { baselineOption, baselineTree } from './bench-util.mjs';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const { shapes } = require(`${root}out/test/unit/shapes.js`);

const TARGET_BYTES = 4 * 1024 * 1024;

/** A function parsing a text whole with the core built in `tree`: `parse`, then each request's parameters. */
function parserOf(tree) {
  const core = require(`${tree}out/core/src/index.js`);
  const paramsOf = core.paramsOf ?? ((request) => request.params);
  // A tree's requests: made when asked (`requestsOf`, #40), or a list in the tree (earlier commits).
  const requestsOf = core.requestsOf ?? ((file) => file.requests);
  return (text) => {
    for (const request of requestsOf(core.parse(text))) paramsOf(request);
  };
}

/** A file of the shape of about TARGET_BYTES, found from the size of a small one. */
function sized(shape) {
  const probe = Buffer.byteLength(shape(1000));
  return shape(Math.max(1000, Math.round((1000 * TARGET_BYTES) / probe)));
}

/** Milliseconds per MB of `text` for each parser, best of `rounds`, the parsers taking turns. */
function msPerMb(text, parsers, rounds = 5) {
  for (const parse of parsers) parse(text);
  const best = parsers.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    parsers.forEach((parse, i) => {
      const t0 = performance.now();
      parse(text);
      best[i] = Math.min(best[i], performance.now() - t0);
    });
  }
  return best.map((ms) => ms / (Buffer.byteLength(text) / (1024 * 1024)));
}

const parse = parserOf(root);
const ref = baselineOption();
const [normal, then] = msPerMb(sized(shapes.normal), ref ? [parse, parserOf(baselineTree(ref))] : [parse]);
console.log(`parse, ordinary file: ${normal.toFixed(1)} ms/MB (1.00× ordinary; target —)`);
if (ref) {
  const ratio = normal / then;
  console.log(`parse, ordinary file, vs ${ref}: ${normal.toFixed(1)} ms/MB (${ref}: ${then.toFixed(1)} ms/MB; ${ratio.toFixed(2)}× ${ref}; target ≤ 1.25×)${ratio <= 1.25 ? '' : '  ← MISSES TARGET'}`);
}
for (const [label, name] of [['continuation-heavy file', 'continuation'], ['long-line file', 'longLine']]) {
  const [v] = msPerMb(sized(shapes[name]), [parse]);
  const ratio = v / normal;
  console.log(`parse, ${label}: ${v.toFixed(1)} ms/MB (${ratio.toFixed(2)}× ordinary; target ≤ 2×)${ratio <= 2 ? '' : '  ← MISSES TARGET'}`);
}

// Linearity: the cost per unit (line, or value on a line) at 100,000 units as a ratio to the cost
// per unit at 1,000, for every shape (target ≤ 3×: a quadratic step makes it about 100×).
const { scalingRatio } = require(`${root}out/test/unit/shapes.js`);
for (const name of Object.keys(shapes)) {
  const ratio = scalingRatio(parse, shapes[name], 1000, 100000, 3);
  console.log(`parse per unit, ${name} file, 100,000 vs 1,000 units: ${ratio.toFixed(2)}× (target ≤ 3×)${ratio <= 3 ? '' : '  ← MISSES TARGET'}`);
}
