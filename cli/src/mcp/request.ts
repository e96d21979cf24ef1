/**
 * A tool's request — `.wikiq` text, an api.php URL (a pasted URL line is a request of its own), or
 * a parameter object (sent as that URL) — and the editor's diagnostics for it, from the language
 * service on the wiki's own catalogue, with the quick fixes' suggestions.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { apiUrl, getLanguageService, paramAt, parse, patternProblem, requestAt, type Catalogue, type DiagnosticData } from '../../../core/src';
import { ToolRefusal, chooseWiki, type Wiki } from './wikis';

/** The largest request text (or parameter object, as a URL) a tool takes. */
export const MAX_REQUEST_CHARS = 100_000;
/** The most parameters a parameter object may have. */
export const MAX_PARAMS = 200;

export interface RequestInput {
  request?: string;
  params?: Record<string, string | number | boolean>;
  endpoint?: string;
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

/** The wiki and the `.wikiq` text of a tool's request; refused (a tool error) when it is neither or both, too large, or for a wiki nobody named. */
export function requestOf(input: RequestInput, wikis: readonly Wiki[]): { wiki: Wiki; text: string } {
  const { request, params } = input;
  if ((request === undefined) === (params === undefined)) throw new ToolRefusal('Give the request either as `request` (.wikiq text or an api.php URL) or as `params` (an object of API parameters), not both and not neither.');
  if (request !== undefined) {
    if (request.length > MAX_REQUEST_CHARS) throw new ToolRefusal(`The request is ${request.length.toLocaleString('en')} characters; at most ${MAX_REQUEST_CHARS.toLocaleString('en')} are taken.`);
    if (!request.trim()) throw new ToolRefusal('The request is empty: write parameters one per line (action = query) or an api.php URL.');
    return { wiki: chooseWiki(wikis, input.endpoint, request), text: request };
  }
  const entries = Object.entries(params!);
  if (entries.length > MAX_PARAMS) throw new ToolRefusal(`params has ${entries.length} parameters; at most ${MAX_PARAMS} are taken.`);
  const wiki = chooseWiki(wikis, input.endpoint, undefined);
  const sent: Record<string, string> = {};
  // true: a switch sent with an empty value (MediaWiki reads any presence as true); false: left out.
  for (const [k, v] of entries) if (v !== false) sent[k] = v === true ? '' : String(v);
  const text = apiUrl(wiki.endpoint, sent);
  if (text.length > MAX_REQUEST_CHARS) throw new ToolRefusal(`params make a URL of ${text.length.toLocaleString('en')} characters; at most ${MAX_REQUEST_CHARS.toLocaleString('en')} are taken.`);
  return { wiki, text };
}

const SEVERITIES: Record<number, ToolDiagnostic['severity']> = {
  [DiagnosticSeverity.Error]: 'error', [DiagnosticSeverity.Warning]: 'warning', [DiagnosticSeverity.Information]: 'information', [DiagnosticSeverity.Hint]: 'hint',
};

/** The editor's diagnostics for `text` on `catalogue`, with the wiki's environment's variables defined. */
export function diagnose(text: string, wiki: Wiki, catalogue: Catalogue): ToolDiagnostic[] {
  const ls = getLanguageService({ catalogues: { get: () => catalogue }, environment: () => wiki.env, checkPattern: patternProblem });
  const doc = TextDocument.create('untitled:request.wikiq', 'wikiq', 1, text);
  const file = parse(text);
  return ls.doValidation(doc, file).map((d) => {
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
