/**
 * Errors and warnings from an API body, in every shape the API uses: `error {code, info}`,
 * `errors[]` and `warnings[]` (errorformat=plaintext and friends), and the default
 * `warnings: { module: { '*' | warnings: text } }` of formatversion 1 and 2.
 */
import { arrOf, objOf } from './json';
import type { ResolvedRequest } from './resolve';

export interface ApiMessage {
  code?: string;
  text: string;
  module?: string;
  /** 0-based line of the `.wikiq` parameter that caused it, where it can be told. */
  line?: number;
}

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['text', 'info', '*', 'warnings', 'html']) if (typeof o[k] === 'string') return o[k];
    if (typeof o.key === 'string') return `${o.key}${Array.isArray(o.params) ? ' ' + o.params.join(', ') : ''}`;
    if (typeof o.code === 'string') return o.code; // errorformat=none
  }
  return JSON.stringify(v);
}

/** A string field of a message, undefined when absent or not a string. */
const strField = (v: unknown, k: string): string | undefined => {
  const f = objOf(v)[k];
  return typeof f === 'string' ? f : undefined;
};

export function readErrors(json: unknown): ApiMessage[] {
  const out: ApiMessage[] = [];
  const { error, errors } = objOf(json);
  if (error && typeof error === 'object') {
    const e = objOf(error);
    out.push({ code: String(e.code ?? 'unknown'), text: textOf(e.info ?? e.text ?? e['*'] ?? error) });
  }
  for (const e of arrOf(errors)) out.push({ code: strField(e, 'code'), text: textOf(e), module: strField(e, 'module') });
  return out;
}

export function readWarnings(json: unknown): ApiMessage[] {
  const w = objOf(json).warnings;
  const out: ApiMessage[] = [];
  if (Array.isArray(w)) {
    for (const x of w as unknown[]) out.push({ code: strField(x, 'code'), text: textOf(x), module: strField(x, 'module') });
  } else if (w && typeof w === 'object') {
    for (const [module, v] of Object.entries(w)) {
      for (const line of textOf(v).split('\n')) if (line.trim()) out.push({ text: line.trim(), module });
    }
  }
  return out;
}

/** Points a message at the line of the parameter it is about, where the text or module tells. */
export function locate(m: ApiMessage, req: ResolvedRequest): ApiMessage {
  const names = new Set<string>();
  const unrecognized = /Unrecognized parameters?:\s*([^.]+)/i.exec(m.text);
  if (unrecognized) for (const n of unrecognized[1].split(/,\s*/)) names.add(n.trim().replace(/^"|"$/g, ''));
  for (const mm of m.text.matchAll(/(?:parameter|value for parameter|The parameter)\s+"?([A-Za-z0-9_.-]+)"?/gi)) names.add(mm[1]);
  for (const mm of m.text.matchAll(/"([a-z0-9_-]+)"/gi)) if (mm[1] in req.lines) names.add(mm[1]);
  for (const n of names) if (n in req.lines) return { ...m, line: req.lines[n] };
  if (m.module && m.module !== 'main') {
    const mod = req.modules.find((x) => x.name === m.module || m.module === `query+${x.name}`);
    if (mod) {
      const own = Object.keys(req.lines).find((k) => mod.prefix && k.startsWith(mod.prefix));
      if (own) return { ...m, line: req.lines[own] };
      if (mod.via in req.lines) return { ...m, line: req.lines[mod.via] };
    }
  }
  return m;
}
