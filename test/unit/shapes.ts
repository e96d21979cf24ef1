/**
 * Generated `.wikiq` files of the shapes a hostile (or just unusual) file takes, with a seeded
 * generator so a failure can be replayed. Shared by the tests and `scripts/bench-parse.mjs` (which also measures that parsing stays linear).
 * Each shape takes `n`, its number of units (lines, or values on one line), and is linear in `n`.
 */

/** A seeded pseudo-random generator (mulberry32): `rnd(k)` is an integer in [0, k). */
export function seeded(seed: number): (k: number) => number {
  let s = seed >>> 0;
  return (k: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % k);
  };
}

const WORDS = ['timestamp', 'url', 'size', 'ids', 'title', 'user', 'comment', 'sha1', 'mime', 'page'];

/** A value as people write them: a word, sometimes with a variable, an escaped pipe or a number. */
function value(rnd: (k: number) => number): string {
  switch (rnd(6)) {
    case 0: return `{{v${rnd(3)}}}`;
    case 1: return `a\\|${WORDS[rnd(WORDS.length)]}`;
    case 2: return String(rnd(100000));
    default: return WORDS[rnd(WORDS.length)];
  }
}

const HEAD = '@endpoint = https://wiki.example.org/w/api.php\n@v0 = x\n@v1 = y|z\n@v2 = {{v0}}\n### R\naction = query\nlist = allimages\n';

export type Shape = (n: number, seed?: number) => string;

export const shapes: Record<string, Shape> = {
  /** Ordinary requests, one parameter a line, blocks separated by blank lines. */
  normal(n, seed = 1) {
    const rnd = seeded(seed);
    const out = [HEAD];
    for (let i = 0; i < n; i++) {
      if (i % 8 === 0) out.push(`\n### Request ${i}\naction = query\n`);
      else out.push(`aiprop = ${value(rnd)}|${value(rnd)}\n`);
    }
    return out.join('');
  },
  /** One parameter continued by `n` lines of `| value`. */
  continuation(n, seed = 2) {
    const rnd = seeded(seed);
    const out = [HEAD, 'aiprop = timestamp\n'];
    for (let i = 0; i < n; i++) out.push(`| ${value(rnd)}\n`);
    return out.join('');
  },
  /** One block value (`text = """`) of `n` lines of text that look like other lines (`| x`, `# x`, `name = x`), then a request after it. */
  blockValue(n, seed = 4) {
    const rnd = seeded(seed);
    const out = [HEAD, 'action = parse\ntext = """\n'];
    for (let i = 0; i < n; i++) out.push(`${['| ', '# ', 'x = ', '* '][i % 4]}${value(rnd)} {{v}}\n`);
    out.push('"""\n\n### After\naction = query\n');
    return out.join('');
  },
  /** Three long lines of `n / 3` units each: a parameter's values, variable references one after another, a pasted URL's parameters. */
  longLine(n, seed = 3) {
    const rnd = seeded(seed);
    const values: string[] = [];
    const refs: string[] = [];
    const query: string[] = [];
    for (let i = 0; i < n / 3; i++) {
      values.push(value(rnd));
      refs.push(`{{v${rnd(3)}}}`);
      query.push(`p${i}=${WORDS[rnd(WORDS.length)]}%7C${rnd(100)}`);
    }
    return `${HEAD}aiprop = ${values.join('|')}\naititle = ${refs.join('')}\n### U\nGET https://wiki.example.org/w/api.php?${query.join('&')}\n`;
  },
  /** `n` requests of one parameter each. */
  manyRequests(n, seed = 4) {
    const rnd = seeded(seed);
    const out = [HEAD];
    for (let i = 0; i < n; i++) out.push(`### ${i}\naiprop = ${value(rnd)}\n`);
    return out.join('');
  },
};

/** `n` variable lines, each variable using the next `uses` times; the last is `last`. */
export function chain(n: number, uses: number, last: string): string {
  const lines = Array.from({ length: n - 1 }, (_, i) => `@v${i} = ${`{{v${i + 1}}}`.repeat(uses)}`);
  return `${lines.join('\n')}\n@v${n - 1} = ${last}\n`;
}

/**
 * The cost per unit of `f` on a big input, as a ratio to its cost per unit on a small one, both
 * measured in this run: the small input is run `big / small` times, its results kept alive as the
 * big input's are (so both pay the same for memory), best of `rounds`, the two interleaved (so a
 * busy moment of the machine weighs on both).
 */
export function scalingRatio(f: (text: string) => unknown, shape: Shape, small: number, big: number, rounds = 5): number {
  const smallText = shape(small);
  const bigText = shape(big);
  const repeat = Math.max(1, Math.round(big / small));
  const time = (run: () => unknown) => {
    const t0 = process.hrtime.bigint();
    const kept = run();
    const t = Number(process.hrtime.bigint() - t0);
    return kept ? t : t; // `kept` lives until the time is taken
  };
  f(smallText); // warm up
  let perSmall = Infinity;
  let perBig = Infinity;
  for (let r = 0; r < rounds; r++) {
    perSmall = Math.min(perSmall, time(() => {
      const kept: unknown[] = [];
      for (let i = 0; i < repeat; i++) kept.push(f(smallText));
      return kept;
    }) / (repeat * small));
    perBig = Math.min(perBig, time(() => f(bigText)) / big);
  }
  return perBig / perSmall;
}
