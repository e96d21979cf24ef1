/**
 * Incremental validation: a document's request diagnostics kept from one validation to the next,
 * each keyed by what it is a function of — the request's text (from the start of its first line),
 * the file's variables, the request's catalogue (by identity) and the environment — and by the
 * facts from outside the document its checks read (a file's existence, the account's: checks/facts.ts),
 * asked again at each validation for the few requests that read any. A request whose
 * key is unchanged is not validated again; its diagnostics are moved by as many lines as the
 * request moved. A newly arrived catalogue or another environment changes the keys it affects.
 * The result is `doValidation`'s (test/unit/validationCache.test.ts checks random edit sequences).
 *
 * A request that incremental parsing (parser/incremental.ts) read from a block the last validated
 * tree had has that request's text (a block is never changed: `blockOf`): its entry is found by its
 * place among the unchanged requests before and after the edit, and its text is not hashed again.
 * So an edit costs the hashing of the requests it touched, not of the whole file; only a full
 * parse (a file opened, or every so many edits) hashes every request.
 */
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { Catalogue } from './catalogue/model';
import type { Block, RequestNode } from './parser/ast';
import { blockOf, requestsOf } from './parser/blocks';
import type { Piece } from './checks/report';
import { namesLine } from './codes';
import type { FeatureContext } from './context';
import { lineOf, lineStart } from './parser/lines';
import { ownCopy } from './util/strings';
import { fileDiagnostics, joinPieces, requestDiagnostics } from './validation';
import { factsHold } from './checks/facts';
import { cyrb53 } from './util/hash';

interface Entry {
  /**
   * The request's text: its length and a 53-bit hash (slices of a big text would keep the whole
   * text alive). No hash for the requests of a document's first validation: there was nothing to
   * look them up against; they are found by identity afterwards (a later full parse of the whole
   * file validates them again).
   */
  length: number;
  hash?: number;
  header: string;
  env: string;
  catalogue: Catalogue;
  /** The line of the request's first line when it was validated. */
  line: number;
  piece: Piece;
  /** Some message names a line of the document: reusable on that line only. */
  lineBound: boolean;
}


function moveRange(r: Range, by: number): Range {
  return { start: { line: r.start.line + by, character: r.start.character }, end: { line: r.end.line + by, character: r.end.character } };
}

function moveDiagnostic(d: Diagnostic, by: number): Diagnostic {
  const moved: Diagnostic = { ...d, range: moveRange(d.range, by) };
  if (d.relatedInformation) moved.relatedInformation = d.relatedInformation.map((ri) => ({ ...ri, location: { ...ri.location, range: moveRange(ri.location.range, by) } }));
  return moved;
}

function movePiece(piece: Piece, by: number): Piece {
  if (by === 0 || (piece.diagnostics.length === 0 && !piece.firstDropped)) return piece;
  return { diagnostics: piece.diagnostics.map((d) => moveDiagnostic(d, by)), dropped: piece.dropped, firstDropped: piece.firstDropped && moveRange(piece.firstDropped, by) };
}

/**
 * The piece with messages of their own: a message quoting a name is built on a slice of the
 * document's text, and a kept slice keeps the whole text of its time alive.
 */
function ownStrings(piece: Piece): Piece {
  const diagnostics = piece.diagnostics;
  for (let i = 0; i < diagnostics.length; i++) diagnostics[i].message = ownCopy(diagnostics[i].message);
  return piece;
}

/** What an entry holds besides its text's hash and diagnostics. */
type Key = Pick<Entry, 'length' | 'header' | 'env' | 'catalogue' | 'line'>;

/** Whether `e` was made for these, and the facts from outside the document its checks read still hold (checks/facts.ts). */
function fits(ctx: FeatureContext, e: Entry, length: number, header: string, env: string, catalogue: Catalogue, line: number): boolean {
  return e.length === length && e.header === header && e.env === env && e.catalogue === catalogue && (!e.lineBound || e.line === line) && factsHold(ctx, e.piece.facts);
}

function lookUp(ctx: FeatureContext, entries: readonly Entry[], k: Key): Entry | undefined {
  for (const e of entries) if (fits(ctx, e, k.length, k.header, k.env, k.catalogue, k.line)) return e;
  return undefined;
}

/** Adds an entry with a hash to a table by hash. */
function index(byHash: Map<number, Entry[]>, e: Entry): void {
  if (e.hash === undefined) return;
  const list = byHash.get(e.hash);
  if (list) list.push(e);
  else byHash.set(e.hash, [e]);
}

/** Whether a request was read from `block` (so has the text the request read from it had). */
function fromBlock(r: RequestNode, block: Block | undefined): boolean {
  return block !== undefined && blockOf(r) === block;
}

/** At most this many requests changed: their old entries are searched one by one, not through a table. */
const FEW = 16;

export class ValidationCache {
  /**
   * The blocks of the requests of the last validation, in order, and the entry of each: the blocks,
   * not the requests (a tree's views of its blocks, `blockOf`), so that a tree's requests are not
   * kept past the next edit.
   */
  private blocks: ReadonlyArray<Block | undefined> = [];
  private entries: Entry[] = [];

  /** The diagnostics of `ctx`'s document (`doValidation`'s, credential checks included), validating only the requests whose key changed. */
  validate(ctx: FeatureContext): Diagnostic[] {
    const { file } = ctx;
    const { text } = file;
    const requests = requestsOf(file);
    const env = JSON.stringify(ctx.env ?? null);
    const header = file.variables.map((v) => `${cyrb53(text, v.span.start, v.span.end)}:${v.span.end - v.span.start}`).join(',');
    // Incremental parsing shares the blocks before and after an edit: the longest common head and
    // tail of the two lists of blocks are the requests whose text is unchanged.
    const old = this.blocks;
    const oldEntries = this.entries;
    let head = 0;
    while (head < requests.length && head < old.length && fromBlock(requests[head], old[head])) head++;
    let tail = 0;
    while (tail < requests.length - head && tail < old.length - head && fromBlock(requests[requests.length - 1 - tail], old[old.length - 1 - tail])) tail++;
    // The others are looked up by their text's hash: among the replaced entries when they are few,
    // else (a full parse) among all of the last validation's and this one's.
    let byHash: Map<number, Entry[]> | undefined;
    const replaced = oldEntries.slice(head, old.length - tail);
    const made: Entry[] = [];
    const candidates = (hash: number): Entry[] => {
      if (replaced.length + made.length <= FEW) return replaced.concat(made).filter((e) => e.hash === hash);
      if (!byHash) {
        byHash = new Map();
        for (const e of oldEntries.concat(made)) index(byHash, e);
      }
      return byHash.get(hash) ?? [];
    };
    const entries = new Array<Entry>(requests.length);
    const pieces = new Array<Piece>(requests.length + 1);
    pieces[0] = fileDiagnostics(ctx);
    for (let i = 0; i < requests.length; i++) {
      const r = requests[i];
      const span = r.span;
      const line = lineOf(file, span.start);
      const from = lineStart(file, line);
      const length = span.end - from;
      const catalogue = ctx.catalogueFor(r);
      let entry: Entry | undefined = i < head ? oldEntries[i] : i >= requests.length - tail ? oldEntries[i - requests.length + old.length] : undefined;
      if (!entry || !fits(ctx, entry, length, header, env, catalogue, line)) {
        const key: Key = { length, header, env, catalogue, line };
        const hash = !old.length ? undefined : entry?.length === length && entry.hash !== undefined ? entry.hash : cyrb53(text, from, span.end);
        entry = hash === undefined ? undefined : lookUp(ctx, candidates(hash), key);
        if (!entry) {
          const piece = ownStrings(requestDiagnostics(ctx, r));
          entry = { length, hash, header, env, catalogue, line, piece, lineBound: piece.diagnostics.some((d) => namesLine(d.code)) };
          made.push(entry);
          if (byHash) index(byHash, entry);
        }
      }
      entries[i] = entry;
      pieces[i + 1] = movePiece(entry.piece, line - entry.line);
    }
    this.blocks = requests.map(blockOf);
    this.entries = entries;
    return joinPieces(pieces);
  }
}
