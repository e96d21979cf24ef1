/**
 * A tool's request — `.wikiq` text, an api.php URL (a pasted URL line is a request of its own), or
 * a parameter object (sent as that URL) — and the editor's diagnostics for it, from the language
 * service on the wiki's own catalogue, with the quick fixes' suggestions.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { apiUrl, getLanguageService, paramAt, parse, patternProblem, requestAt, type Catalogue, type DiagnosticData } from '../../../core/src';
import { RefusedError, ResolveError, listRequests, resolveRequest, type FileValues, type ResolvedRequest } from '../../../engine/src';
import { checkFileValues, requestInFile, textFiles } from './requestFile';
import { ToolRefusal, chooseWiki, type Wiki } from './wikis';

/** The largest request text (or parameter object, as a URL) a tool takes. */
export const MAX_REQUEST_CHARS = 100_000;
/** The most parameters a parameter object may have. */
export const MAX_PARAMS = 200;

export interface RequestInput {
  request?: string;
  params?: Record<string, string | number | boolean>;
  endpoint?: string;
  /** A `.wikiq` file in the server's `--files-dir` (preview_write), and which of its requests. */
  file?: string;
  name?: string;
}

/** A tool's request: its wiki, its `.wikiq` text, which request of the text, and where its file values are read. */
export interface ToolRequest {
  wiki: Wiki;
  text: string;
  /** The request of `text` (its index among the file's requests). */
  index: number;
  files?: FileValues;
  /** For a request chosen in a file: its lines (0-based), whose diagnostics are its own. */
  lines?: { from: number; to: number };
}

export interface ToolDiagnostic {
  severity: 'error' | 'warning' | 'information' | 'hint';
  code: string;
  message: string;
  /** The parameter it is about, as written. */
  parameter?: string;
  /** The quick fix's replacement for what the diagnostic points at (`cmlimit` for `cmlimt`). */
  suggestion?: string;
  /** 1-based line of the request text. */
  line?: number;
}

const first = (text: string) => listRequests(text)[0]?.index ?? 0;

/**
 * A tool's request and its wiki; refused (a tool error) when it is none or several of `request`,
 * `params` and `file`, too large, or for a wiki nobody named. A file, and the file values of any
 * request, are read only inside `filesDir` (requestFile.ts).
 */
export function requestOf(input: RequestInput, wikis: readonly Wiki[], filesDir?: string): ToolRequest {
  const { request, params, file } = input;
  if ([request, params, file].filter((x) => x !== undefined).length !== 1) {
    throw new ToolRefusal(file === undefined
      ? 'Give the request either as `request` (.wikiq text or an api.php URL) or as `params` (an object of API parameters), not both and not neither.'
      : 'Give the request as one of `request` (.wikiq text or an api.php URL), `params` (an object of API parameters) or `file` (a .wikiq file), not several.');
  }
  if (input.name !== undefined && file === undefined) throw new ToolRefusal('name chooses a request of `file`: give file too, or leave out name.');
  if (file !== undefined) {
    const f = requestInFile(filesDir, file, input.name, MAX_REQUEST_CHARS);
    return { wiki: chooseWiki(wikis, input.endpoint, f.text, f.index), text: f.text, index: f.index, files: f.files, lines: f.lines };
  }
  if (request !== undefined) {
    if (request.length > MAX_REQUEST_CHARS) throw new ToolRefusal(`The request is ${request.length.toLocaleString('en')} characters; at most ${MAX_REQUEST_CHARS.toLocaleString('en')} are taken.`);
    if (!request.trim()) throw new ToolRefusal('The request is empty: write parameters one per line (action = query) or an api.php URL.');
    return { wiki: chooseWiki(wikis, input.endpoint, request, first(request)), text: request, index: first(request), files: textFiles(filesDir) };
  }
  const entries = Object.entries(params!);
  if (entries.length > MAX_PARAMS) throw new ToolRefusal(`params has ${entries.length} parameters; at most ${MAX_PARAMS} are taken.`);
  const wiki = chooseWiki(wikis, input.endpoint, undefined);
  const sent: Record<string, string> = {};
  // true: a switch sent with an empty value (MediaWiki reads any presence as true); false: left out.
  for (const [k, v] of entries) if (v !== false) sent[k] = v === true ? '' : String(v);
  const text = apiUrl(wiki.endpoint, sent);
  if (text.length > MAX_REQUEST_CHARS) throw new ToolRefusal(`params make a URL of ${text.length.toLocaleString('en')} characters; at most ${MAX_REQUEST_CHARS.toLocaleString('en')} are taken.`);
  return { wiki, text, index: first(text) };
}

/**
 * The request resolved for its wiki (`allowWrite: 'preview'` for preview_write), its file values
 * read inside the server's folder; a resolve error or refusal comes back as the text to refuse with.
 */
export function resolveOf(req: ToolRequest, catalogue: Catalogue, allowWrite?: 'preview'): ResolvedRequest | { refused: string } {
  checkFileValues(req.text, req.index, req.files);
  try {
    return resolveRequest(req.text, { index: req.index }, { env: req.wiki.env, forceEndpoint: req.wiki.endpoint, catalogue, allowWrite, files: req.files });
  } catch (e) {
    if (e instanceof ResolveError || e instanceof RefusedError) return { refused: `The request was not sent: ${e.message}` };
    throw e;
  }
}

const SEVERITIES: Record<number, ToolDiagnostic['severity']> = {
  [DiagnosticSeverity.Error]: 'error', [DiagnosticSeverity.Warning]: 'warning', [DiagnosticSeverity.Information]: 'information', [DiagnosticSeverity.Hint]: 'hint',
};

/** The editor's diagnostics for `text` on `catalogue`, with the wiki's environment's variables defined; only those on `lines` when given. */
export function diagnose(text: string, wiki: Wiki, catalogue: Catalogue, lines?: { from: number; to: number }): ToolDiagnostic[] {
  const ls = getLanguageService({ catalogues: { get: () => catalogue }, environment: () => wiki.env, checkPattern: patternProblem });
  const doc = TextDocument.create('untitled:request.wikiq', 'wikiq', 1, text);
  const file = parse(text);
  const on = lines ? ls.doValidation(doc, file).filter((d) => d.range.start.line >= lines.from && d.range.start.line <= lines.to) : ls.doValidation(doc, file);
  return on.map((d) => {
    const offset = doc.offsetAt(d.range.start);
    const request = requestAt(file, offset);
    const param = request && paramAt(request, offset);
    const suggestion = (d.data as DiagnosticData | undefined)?.suggestions?.[0];
    return {
      severity: SEVERITIES[d.severity ?? DiagnosticSeverity.Error] ?? 'error',
      code: String(d.code ?? 'unknown'),
      message: d.message,
      ...(param ? { parameter: param.name } : {}),
      ...(suggestion !== undefined ? { suggestion } : {}),
      line: d.range.start.line + 1,
    };
  });
}

/** The errors among `diagnostics`, as one message a model can act on; undefined when there are none. */
export function errorsText(diagnostics: readonly ToolDiagnostic[]): string | undefined {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!errors.length) return undefined;
  return `The request was not sent: ${errors.map((d) => `${d.parameter ? `${d.parameter}: ` : ''}${d.message}${d.suggestion !== undefined && !d.message.includes('Did you mean') ? ` Did you mean '${d.suggestion}'?` : ''}`).join(' ')}`;
}
