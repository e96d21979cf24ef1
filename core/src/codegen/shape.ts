/**
 * The shape every generated program has, whatever its language: the parameters it writes, whether
 * it loops over continuation, merges answers, and sends a multi-value parameter in chunks.
 */
import { WRITE_WARNING, writeShapeOf, type WriteShape } from './write';
import { PROGRAM_USER_AGENT, continues, programParams, type Chunking, type CodeOptions, type CodeRequest } from './model';

export interface ProgramShape {
  endpoint: string;
  /** Parameters written in the program (the chunked one without its values). */
  params: Array<[string, string]>;
  /** Follows `continue` to the end (not with "this batch only", not for requests that do not continue). */
  loop: boolean;
  chunking?: Chunking;
  /** Several answers are merged (a loop or chunks); else the one answer is the result. */
  merges: boolean;
  /** Signed in: asked for, and always for a write. */
  signedIn: boolean;
  /** A write: the program fetches its own token and POSTs once (no loop, no chunks). */
  write?: WriteShape;
  /** The program's User-Agent for `library` (none: the library adds its own name). */
  userAgent: (library: string) => string;
  /** The first lines of comment: what the program does (for a write, that it writes unpreviewed). */
  summary: string;
}

export function shapeOf(req: CodeRequest, options: CodeOptions): ProgramShape {
  const write = writeShapeOf(req);
  const opts: CodeOptions = write ? { ...options, signedIn: true, chunking: undefined, batchOnly: true } : options;
  const chunking = opts.chunking && !opts.batchOnly ? opts.chunking : undefined;
  const firstChunk = opts.chunking && opts.batchOnly ? opts.chunking : undefined;
  const params = programParams(req, opts)
    .filter(([k]) => k !== chunking?.param)
    .map(([k, v]): [string, string] => (k === firstChunk?.param ? [k, firstChunk.values.slice(0, firstChunk.size).join('|')] : [k, v]));
  const loop = continues(req.params) && !opts.batchOnly;
  const what = params.find(([k]) => k === 'list' || k === 'generator' || k === 'prop' || k === 'meta');
  const about = `action=${req.params.action ?? 'main'}${what ? ` ${what[0]}=${what[1]}` : ''}`;
  const summary = write
    ? `Sends ${about} with a ${write.tokentype} token it fetches itself. ${WRITE_WARNING}`
    : opts.batchOnly && continues(req.params)
    ? `Sends ${about} once: this batch only (the answer's "continue" says where the next starts).`
    : chunking
      ? `Sends ${about}, ${chunking.size} ${chunking.param} at a time${loop ? ', following continuation,' : ''} and merges the answers as wikiq does.`
      : loop
        ? `Sends ${about}, following continuation, and merges the batches as wikiq does.`
        : `Sends ${about}.`;
  return {
    endpoint: req.endpoint,
    params,
    loop,
    chunking,
    merges: loop || !!chunking,
    signedIn: !!opts.signedIn,
    ...(write ? { write } : {}),
    userAgent: (library) => (library ? `${PROGRAM_USER_AGENT} ${library}` : PROGRAM_USER_AGENT),
    summary,
  };
}

/** The comment above the chunks' values: why they are split. */
export function chunkComment(c: Chunking): string {
  return `The API takes at most ${c.size} values of ${c.param} per request.`;
}
