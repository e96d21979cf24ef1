// Parsing cost per MB on three shapes of file of about the same size (test/unit/shapes.ts): an
// ordinary one, one parameter continued by `|` lines, and long lines; the two unusual shapes as
// ratios to the ordinary one (target ≤ 2×: no shape of file makes the parser slower per byte).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const { parse } = require(`${root}out/core/src/parser/parser.js`);
const { shapes } = require(`${root}out/test/unit/shapes.js`);

const TARGET_BYTES = 4 * 1024 * 1024;

/** A file of the shape of about TARGET_BYTES, found from the size of a small one. */
function sized(shape) {
  const probe = Buffer.byteLength(shape(1000));
  return shape(Math.max(1000, Math.round((1000 * TARGET_BYTES) / probe)));
}

/** Milliseconds per MB, best of `rounds`. */
function msPerMb(text, rounds = 5) {
  parse(text);
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    parse(text);
    best = Math.min(best, performance.now() - t0);
  }
  return best / (Buffer.byteLength(text) / (1024 * 1024));
}

const normal = msPerMb(sized(shapes.normal));
console.log(`parse, ordinary file: ${normal.toFixed(1)} ms/MB (1.00× ordinary; target —)`);
for (const [label, name] of [['continuation-heavy file', 'continuation'], ['long-line file', 'longLine']]) {
  const v = msPerMb(sized(shapes[name]));
  const ratio = v / normal;
  console.log(`parse, ${label}: ${v.toFixed(1)} ms/MB (${ratio.toFixed(2)}× ordinary; target ≤ 2×)${ratio <= 2 ? '' : '  ← MISSES TARGET'}`);
}
