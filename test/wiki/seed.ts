/**
 * What the seeded test wiki holds: the numbers tests rely on (`SEED`) and the content made from
 * them (file names, tiny PNGs, page titles, texts, categories). Used by harness.ts to build the
 * template, and part of its seed key, so changing anything here reseeds once.
 */
import * as zlib from 'node:zlib';

const CATEGORIES = ['Fruit', 'Vegetables', 'Colours', 'Places', 'Animals'];
const CONTENT_PAGES = 36;
const REDIRECTS = 3;

/** What the seeded wiki holds. Tests rely on these numbers; `harness.test.ts` checks each against the wiki. */
export const SEED = {
  /** Files (tiny PNGs), uploaded in turn by `users`: `list=allimages&ailimit=1` takes 140 batches. */
  files: 140,
  /** The uploaders, in turn (file i by users[i % 3]). */
  users: ['Alice', 'Bob', 'Carol'],
  /** Every account made by createAndPromote (plus `admin` from the installer). */
  accounts: ['Alice', 'Bob', 'Carol', 'Dave', 'Mallory'],
  admin: 'Admin',
  /** Sysop and bureaucrat; performs the deletion, protection, move and block. */
  sysop: 'Alice',
  /** Blocked (indefinitely) by `sysop`. */
  blocked: 'Mallory',
  /** Password of every account, `admin` included. */
  password: 'wikiq-test-password-1234',
  /** Content pages created in the main namespace, by Bob (`pageTitle(0..35)`); the last one is then deleted. */
  pages: CONTENT_PAGES,
  /** Redirects created (`Redirect 0..2` → pages 0..2); the move adds one more. */
  redirects: REDIRECTS,
  /** Pages in the main namespace at the end: content pages − 1 deleted + Main Page + redirects + 1 left by the move. */
  mainNamespacePages: CONTENT_PAGES - 1 + 1 + REDIRECTS + 1,
  /** Every content page is in two or three of these (their category pages exist too). */
  categories: CATEGORIES,
  /** Every content page embeds this many files and links to the next two pages. */
  filesPerPage: 2,
  /** Pages 0..11 got a second revision, by Carol. */
  revisedPages: 12,
  /** `pageTitle(SEED.deletedPage)` was deleted, `pageTitle(0)` protected, `pageTitle(1)` moved to `movedTo`. */
  deletedPage: CONTENT_PAGES - 1,
  protectedPage: 0,
  movedPage: 1,
  movedTo: 'Banana page 1 (moved)',
  /** Log types present in `list=logevents`. */
  logTypes: ['newusers', 'upload', 'create', 'delete', 'protect', 'move', 'block', 'managetags'],
  /** At least this many log entries (291 on MediaWiki 1.39): `lelimit=5` takes 50+ batches. */
  minLogEntries: 250,
  /** The change tag created (log type managetags). */
  tag: 'wikiq-seed',
  /** Content diagnostics (#31): `Category:Fruits`, a redirect to `Category:Fruit` (no members of its own). */
  categoryRedirect: { from: 'Fruits', to: 'Fruit' },
  /** A category page with no members. */
  emptyCategory: 'Empty',
  /** A template (`Template:Fruit note`), in `unpagedCategory`: a category with a member and no page. */
  template: 'Fruit note',
  unpagedCategory: 'Notes',
};

// ---- seed content -----------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = -1;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A tiny PNG (w×h RGB), different for every seed: MediaWiki refuses to import duplicate files. */
export function png(seed: number, w = 4 + (seed % 5), h = 3 + (seed % 4)): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3); // filter byte 0, then pixels
    for (let x = 0; x < w; x++) {
      row[1 + x * 3] = (seed * 37 + x) & 0xff;
      row[2 + x * 3] = (seed * 91 + y) & 0xff;
      row[3 + x * 3] = (seed * 13) & 0xff;
    }
    rows.push(row);
  }
  const text = Buffer.from(`Comment\u0000wikiq test file ${seed}`, 'latin1');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', text),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const WORDS = ['Apple', 'Banana', 'Cherry', 'Delta', 'Eagle', 'Falcon', 'Garden', 'Harbor', 'Island', 'Jungle', 'Kite', 'Lemon', 'Meadow', 'Nectar', 'Orchid', 'Pepper', 'Quartz', 'River', 'Sunset', 'Tulip', 'Umbrella', 'Violet', 'Willow', 'Xylophone', 'Yarrow', 'Zebra'];

/** Name of seeded file i as uploaded (every third has spaces, which MediaWiki stores as underscores). */
export function fileName(i: number): string {
  const w = WORDS[i % WORDS.length];
  return i % 3 === 0 ? `${w} photo ${String(i).padStart(3, '0')}.png` : `${w}_${String(i).padStart(3, '0')}.png`;
}

/** Title of seeded content page i. */
export function pageTitle(i: number): string {
  return `${WORDS[i % WORDS.length]} page ${i}`;
}

/** Categories of content page i (two or three). */
export function pageCategories(i: number): string[] {
  const cats = [CATEGORIES[i % CATEGORIES.length], CATEGORIES[(i + 2) % CATEGORIES.length]];
  if (i % 4 === 0) cats.push(CATEGORIES[(i + 3) % CATEGORIES.length]);
  return cats;
}

/** Files embedded by content page i (as written in the wikitext: some with spaces, some with underscores). */
export function pageFiles(i: number): string[] {
  return Array.from({ length: SEED.filesPerPage }, (_, k) => fileName((i * 3 + k * 7) % SEED.files));
}

export function pageText(i: number, revision = 1): string {
  const lines = [`This is test page ${i} of the wikiq seed${revision > 1 ? `, revision ${revision}` : ''}.`];
  lines.push(`See [[${pageTitle((i + 1) % SEED.pages)}]] and [[${pageTitle((i + 2) % SEED.pages)}]].`);
  pageFiles(i).forEach((f, k) => lines.push(`[[File:${f}|thumb|Picture ${k}]]`));
  for (const c of pageCategories(i)) lines.push(`[[Category:${c}]]`);
  return lines.join('\n') + '\n';
}
