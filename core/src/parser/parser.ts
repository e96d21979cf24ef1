/**
 * The `.wikiq` parser. Line-based, linear in the input, and total: it never throws and always
 * returns a tree plus the syntax errors it found, each with an exact span.
 *
 * Grammar (one construct per line, leading whitespace ignored):
 *   `### name`            starts a new request named `name`
 *   `# ...` / `// ...`    comment
 *   `@name = value`       variable (before the first `###`: for the whole file; inside a request: for it)
 *   `name = value`        parameter; `name` alone is a boolean set to true
 *   `| more`              continues the value of the parameter or variable right above it
 *   `GET https://…?a=b`   a request pasted as a URL (the method is optional)
 * In values, `|` separates multiple values, `\|` is a literal pipe and `{{name}}` uses a variable.
 */
import type { ParamNode, Span, UrlLine, VariableDef, WikiqFile } from './ast';
import { SyntaxErrorCode, syntaxErrorMessages } from './errors';
import { assemble, failedParse } from './blocks';
import { Block, NONE, Request, Source, added, hold, newSource } from './lazy';
import { Param, Part, Value } from './nodes';
import { ValueReader, addPipe } from './values';
import { NAME_MAX } from './intern';
import { VARIABLE_NAME } from '../words';
import { lastAtOrBefore } from '../util/search';
import { URL_START, computeLineStarts, hasChar, hasOpenBraces, isHttpUrl, isParamName, lineEndOf, skipBlanks, trimBlanksBefore } from './scan';

export { computeLineStarts, isHttpUrl } from './scan';

/** The separators of a URL's multiple values (global: `splitRemainder` sets `lastIndex`). */
const PIPE_SEPARATOR = /\||%7c/gi;
const U1F_SEPARATOR = /%1f/gi;
/** What a `|` line continues after a parameter with a value that `scan` made no node for. */
const SCANNED = Object.freeze(new Param('', 0, 0, 0, 0, Object.freeze(new Value([], 0, 0, [])), 'line'));

const METHOD = /^(GET|POST|PUT|DELETE|PATCH|HEAD)[ \t]+/i;

export class Parser extends ValueReader {
  readonly fileVariables: VariableDef[] = [];
  readonly blocks: Block[] = [];
  private block!: Block;
  /** The parameter or variable a `|` line would continue. */
  private continuable: Param | VariableDef | undefined;

  /**
   * What becomes of parameters (lazy.ts): `scan`, a whole file's first parse, makes none (it finds
   * their errors and counts them; they are made when asked for); `edit`, the blocks an edit
   * touches, makes them and holds them in the source's ring; `load` makes one block's again for
   * `params` (`loadParams`).
   */
  constructor(text: string, private lineStarts: number[], readonly source: Source, private readonly mode: 'scan' | 'edit' | 'load') {
    super(text, source.strings);
  }

  /** The parameters of the block being parsed, counted. */
  private count = 0;

  error(code: SyntaxErrorCode, span: Span, arg = '', severity: 'error' | 'warning' = 'error'): void {
    if (this.mode === 'load') return; // the block's errors were found when it was parsed
    // A span of its own (not a node's): incremental.ts shifts every span object exactly once.
    const b = this.block;
    b.errors = added(b.errors, { code, message: syntaxErrorMessages[code](arg), span: { start: span.start, end: span.end }, severity });
  }

  /** Parses lines [firstLine, endLine) into blocks; `firstLine` starts the file (preamble) or is a `###` line. */
  run(firstLine: number, endLine: number): Block[] {
    const { text, lineStarts } = this;
    if (firstLine === 0) this.open(0, new Request(0, 0), false);
    for (let line = firstLine; line < endLine; line++) {
      const start = lineStarts[line];
      const end = lineEndOf(text, start, lineStarts[line + 1]);
      this.parseLine(start, end);
    }
    if (this.block) this.finish(endLine < lineStarts.length ? lineStarts[endLine] : text.length);
    return this.blocks;
  }

  /**
   * `load`: the parameters of `block`, parsed again from its lines as its source now has them. The
   * one loader of a source (`loadParams`) parses every block it is asked for into the same scratch
   * block and request (its header line skipped, its errors, comments and variables not kept): a
   * load makes the parameter nodes and their list, nothing else.
   */
  load(block: Block): ParamNode[] {
    const { text, lineStarts } = this.source;
    this.text = text;
    this.lineStarts = lineStarts;
    let line = lastAtOrBefore(lineStarts, block.start);
    const endLine = block.end >= text.length ? lineStarts.length : lastAtOrBefore(lineStarts, block.end);
    if (block.header) line++;
    // (Load mode keeps no variables, comments or errors; only a URL line adds to the scratch request.)
    this.block ??= { start: 0, end: 0, source: this.source, request: new Request(0, 0), header: false, paramCount: 0, comments: NONE, errors: NONE };
    this.block.request.urls = NONE;
    this.loaded = 0;
    this.continuable = undefined;
    for (; line < endLine; line++) {
      const start = lineStarts[line];
      this.parseLine(start, lineEndOf(text, start, lineStarts[line + 1]));
    }
    const params = this.loadList.slice(0, this.loaded) as ParamNode[];
    for (let i = 0; i < this.loaded; i++) this.loadList[i] = undefined; // keeps no node alive
    return params;
  }

  /** `load`'s parameters, filled by index and copied at their number (see values.ts `scratch`). */
  private readonly loadList: Array<Param | undefined> = [];
  private loaded = 0;

  private add(request: Request, param: Param): void {
    if (this.mode === 'load') this.loadList[this.loaded++] = param;
    else request.paramList!.push(param);
  }

  private open(start: number, request: Request, header: boolean): void {
    if (this.block) this.finish(start);
    this.count = 0;
    this.block = { start, end: start, source: this.source, request, header, paramCount: 0, comments: NONE, errors: NONE };
    request.block = this.block;
    this.blocks.push(this.block);
  }

  /** The block ends at `end`: it knows its number of parameters, and holds them (or lets another go) in the ring. */
  private finish(end: number): void {
    const b = this.block;
    b.end = end;
    b.paramCount = this.count;
    if (this.mode === 'scan') b.request.paramList = undefined;
    else if (this.mode === 'edit') hold(this.source, b.request);
  }

  private target(): Request {
    return this.block.request;
  }

  private touch(end: number): void {
    const r = this.target();
    if (r.span.end < end) r.span.end = end;
  }

  private parseLine(lineStart: number, lineEnd: number): void {
    const text = this.text;
    const s = skipBlanks(text, lineStart, lineEnd);
    if (s >= lineEnd) {
      this.continuable = undefined;
      return;
    }
    const e = trimBlanksBefore(text, s, lineEnd);
    const c = text.charCodeAt(s);
    if (c === 35 /* # */ && text.startsWith('###', s)) {
      this.continuable = undefined;
      const r = new Request(this.blocks.length, s);
      r.headerSpan = { start: s, end: e };
      let n = s;
      while (n < e && text[n] === '#') n++;
      n = skipBlanks(text, n, e);
      if (n < e) {
        r.name = text.slice(n, e);
        r.nameSpan = { start: n, end: e };
      } else {
        r.name = '';
        r.nameSpan = { start: e, end: e };
      }
      r.span.end = e;
      this.open(lineStart, r, true);
      return;
    }
    if (c === 35 /* # */ || (c === 47 /* / */ && text.charCodeAt(s + 1) === 47)) {
      if (this.mode === 'load') return;
      this.block.comments = added(this.block.comments, { kind: 'comment', span: { start: s, end: e } });
      return;
    }
    if (c === 124 /* | */) {
      const owner = this.continuable;
      if (!owner || !owner.value) {
        this.error(SyntaxErrorCode.OrphanContinuation, { start: s, end: e });
        return;
      }
      if (owner === SCANNED) {
        // A scanned parameter's value goes on: its only errors are in its variables.
        if (this.mode !== 'load' && hasOpenBraces(text, s + 1, e)) this.scanInto(undefined, false, s + 1, e);
        this.touch(e);
        return;
      }
      const value = owner.value as Value;
      addPipe(value, s);
      this.scanParts(value, s + 1, e);
      value.end = e;
      if (owner instanceof Param) owner.end = e;
      else owner.span.end = e;
      if (owner.kind === 'param' || this.block.header) this.touch(e);
      return;
    }
    if (c === 64 /* @ */) {
      this.parseVariable(s, e);
      return;
    }
    const c0 = text.charCodeAt(s) | 0x20; // lower case
    // Only lines starting like a method or a URL (g, p, d, h) can be URL lines.
    if ((c0 === 0x67 || c0 === 0x70 || c0 === 0x64 || c0 === 0x68) && (METHOD.test(text.slice(s, Math.min(e, s + 8))) || URL_START.test(text.slice(s, Math.min(e, s + 8))))) {
      this.continuable = undefined;
      this.parseUrl(s, e);
      return;
    }
    this.parseParam(s, e);
  }

  private parseVariable(s: number, e: number): void {
    if (this.mode === 'load') {
      // Not kept: its `|` lines go on with it, and no parameter gets them.
      this.continuable = SCANNED;
      return;
    }
    const text = this.text;
    const eqAt = text.slice(s, e).indexOf('=');
    const eq = eqAt < 0 ? -1 : s + eqAt;
    const nameEnd = eq >= 0 ? eq : e;
    const ne = trimBlanksBefore(text, s + 1, nameEnd);
    const name = text.slice(s + 1, ne);
    const def: VariableDef = { kind: 'variable', name, nameSpan: { start: s, end: ne }, span: { start: s, end: e } };
    if (!VARIABLE_NAME.test(name)) {
      this.error(SyntaxErrorCode.InvalidVariableName, { start: s, end: ne }, name);
    }
    if (eq < 0 || eq >= e) {
      this.error(SyntaxErrorCode.VariableWithoutValue, { start: s, end: e }, name);
    } else {
      def.value = this.valueOf(eq + 1, e);
    }
    if (this.block.header) {
      this.block.request.variables = added(this.block.request.variables, def);
      this.touch(e);
    } else {
      this.fileVariables.push(def);
    }
    this.continuable = def;
  }

  private parseParam(s: number, e: number): void {
    const text = this.text;
    let eq = -1;
    for (let i = s; i < e; i++) {
      if (text.charCodeAt(i) === 61 /* = */) {
        eq = i;
        break;
      }
    }
    const nameEnd = trimBlanksBefore(text, s, eq >= 0 ? eq : e);
    if (nameEnd === s) {
      this.error(SyntaxErrorCode.MissingName, { start: s, end: eq + 1 });
      this.continuable = undefined;
      return;
    }
    // Without `=`, the name stops at the first space or tab (the rest is the missing `=`'s error).
    let nameStop = nameEnd;
    if (eq < 0) {
      for (let i = s; i < nameEnd; i++) {
        const c = text.charCodeAt(i);
        if (c === 32 || c === 9) {
          nameStop = i;
          break;
        }
      }
    }
    let name: string | undefined;
    if (nameStop < nameEnd) this.error(SyntaxErrorCode.MissingEquals, { start: s, end: e }, (name = text.slice(s, nameStop)));
    if (!isParamName(text, s, nameStop)) this.error(SyntaxErrorCode.InvalidParameterName, { start: s, end: nameStop }, (name ??= text.slice(s, nameStop)));
    this.count++;
    this.touch(e);
    if (this.mode === 'scan') {
      // No node: a value's only errors are in its variables.
      if (eq >= 0 && hasOpenBraces(text, eq + 1, e)) this.scanInto(undefined, false, eq + 1, e);
      this.continuable = eq >= 0 ? SCANNED : undefined;
      return;
    }
    const param = new Param(name ?? this.strings.get(text, s, nameStop, NAME_MAX), s, nameStop, e, eq >= 0 ? eq : undefined, eq >= 0 ? this.valueOf(eq + 1, e) : undefined, 'line');
    this.add(this.target(), param);
    this.continuable = param;
  }

  private parseUrl(s: number, e: number): void {
    const text = this.text;
    const line: UrlLine = { kind: 'url', url: '', urlSpan: { start: s, end: e }, span: { start: s, end: e } };
    let u = s;
    const m = METHOD.exec(text.slice(s, e));
    if (m) {
      line.method = m[1].toUpperCase();
      line.methodSpan = { start: s, end: s + m[1].length };
      u = s + m[0].length;
      if (line.method !== 'GET') this.error(SyntaxErrorCode.UnsupportedMethod, line.methodSpan, line.method);
    }
    line.url = text.slice(u, e);
    line.urlSpan = { start: u, end: e };
    const request = this.target();
    request.urls = added(request.urls, line);
    this.touch(e);
    const lineText = text.slice(u, e);
    const hash = lineText.indexOf('#');
    const end = hash >= 0 ? u + hash : e;
    const q = lineText.indexOf('?');
    const qEnd = q >= 0 && u + q < end ? u + q : end;
    const base = text.slice(u, qEnd);
    if (!isHttpUrl(base)) {
      this.error(SyntaxErrorCode.InvalidUrl, line.urlSpan, line.url);
      return;
    }
    line.endpoint = base;
    line.endpointSpan = { start: u, end: qEnd };
    if (qEnd >= end) return;
    let i = qEnd + 1;
    while (i <= end) {
      const ampAt = text.slice(i, end).indexOf('&');
      const amp = ampAt < 0 ? end : i + ampAt;
      if (amp > i) this.urlParam(request, i, amp);
      i = amp + 1;
    }
  }

  private urlParam(request: Request, s: number, e: number): void {
    const text = this.text;
    const eqAt = text.slice(s, e).indexOf('=');
    const eq = eqAt < 0 ? -1 : s + eqAt;
    const nameEnd = eq >= 0 ? eq : e;
    const name = this.decode(s, nameEnd);
    const param = new Param(name, s, nameEnd, e, undefined, undefined, 'url');
    if (name === '') {
      this.error(SyntaxErrorCode.MissingName, { start: s, end: e });
      return;
    }
    if (!isParamName(name, 0, name.length)) this.error(SyntaxErrorCode.InvalidParameterName, param.nameSpan, name);
    if (eq >= 0) {
      param.equals = eq;
      const vs = eq + 1;
      const value = new Value([], vs, e, NONE);
      const raw = text.slice(vs, e);
      // The API's alternative multi-value form: a value starting with U+001F is split on U+001F.
      const u1f = /^%1f/i.test(raw);
      const pieces: Array<[number, number]> = [];
      const partStart = this.splitRemainder(u1f ? vs + 3 : vs, e, u1f ? U1F_SEPARATOR : PIPE_SEPARATOR, pieces, value);
      pieces.push([partStart, e]);
      if (this.mode === 'scan') {
        // No nodes: the pieces' errors (encoding, variables) only.
        for (const [ps, pe] of pieces) {
          if (hasChar(text, 37 /* % */, ps, pe)) this.decode(ps, pe); // only a `%` can fail to decode
          this.variableRefs(ps, pe, false);
        }
        this.count++;
        return;
      }
      for (const [ps, pe] of pieces) {
        const decoded = this.decode(ps, pe);
        value.parts.push(new Part(text.slice(ps, pe), decoded, ps, pe, ps, pe, this.variableRefs(ps, pe)));
      }
      param.value = value;
    }
    this.count++;
    this.add(request, param);
  }

  private splitRemainder(start: number, end: number, sep: RegExp, pieces: Array<[number, number]>, value: Value): number {
    const text = this.text;
    let partStart = start;
    const body = text.slice(start, end);
    sep.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = sep.exec(body)) !== null) {
      const at = start + m.index;
      pieces.push([partStart, at]);
      addPipe(value, at);
      partStart = at + m[0].length;
    }
    return partStart;
  }
}

/** Parses a `.wikiq` document. Never throws. */
export function parse(text: string): WikiqFile {
  const lineStarts = computeLineStarts(text);
  try {
    const parser = new Parser(text, lineStarts, newSource(text, lineStarts, loadParams), 'scan');
    return assemble(text, lineStarts, parser.run(0, lineStarts.length), parser.fileVariables);
  } catch (e) {
    return failedParse(text, lineStarts, e);
  }
}

/** The parameters of `block`, parsed again from its lines as its source now has them (lazy.ts). */
export function loadParams(block: Block): ParamNode[] {
  const source = block.source;
  source.loader ??= new Parser(source.text, source.lineStarts, source, 'load');
  return source.loader.load(block);
}
