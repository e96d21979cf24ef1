/**
 * Variable scopes and substitution. A request sees, from weakest to strongest: the environment's
 * variables, the file's variables (before the first `###`), then its own `@name = value` lines.
 * Values may use other variables; cycles and undefined names are reported, never looped on.
 */
import type { RequestNode, ValueNode, ValuePart, VariableDef, WikiqFile } from './parser/ast';

export interface Environment {
  name?: string;
  endpoint?: string;
  variables?: Record<string, string>;
}

export interface VariableBinding {
  name: string;
  /** The definition in the file, or undefined for an environment variable. */
  def?: VariableDef;
  /** The value as written (variables not expanded). */
  raw: string;
  source: 'request' | 'file' | 'environment';
}

export type Scope = Map<string, VariableBinding>;

/** The value of a variable definition as one string: parts joined with `|` (escaped pipes kept). */
export function rawValue(value: ValueNode | undefined): string {
  if (!value) return '';
  return value.parts.map((p) => p.raw).join('|');
}

export function scopeFor(file: WikiqFile, request: RequestNode | undefined, env?: Environment): Scope {
  const scope: Scope = new Map();
  for (const [name, raw] of Object.entries(env?.variables ?? {})) {
    scope.set(name, { name, raw: String(raw), source: 'environment' });
  }
  for (const def of file.variables) scope.set(def.name, { name: def.name, def, raw: rawValue(def.value), source: 'file' });
  if (request) {
    for (const def of request.variables) scope.set(def.name, { name: def.name, def, raw: rawValue(def.value), source: 'request' });
  }
  return scope;
}

export interface Expansion {
  text: string;
  /** Names used but defined nowhere. */
  undefinedNames: string[];
  /** Names that (indirectly) refer to themselves. */
  cyclic: string[];
}

const REF = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Replaces every `{{name}}` in `text`, recursively, with cycle detection. */
export function expand(text: string, scope: Scope): Expansion {
  const undefinedNames = new Set<string>();
  const cyclic = new Set<string>();
  const memo = new Map<string, string>();
  const visit = (t: string, stack: string[]): string => {
    if (!t.includes('{{')) return t;
    return t.replace(REF, (whole, name: string) => {
      const b = scope.get(name);
      if (!b) {
        undefinedNames.add(name);
        return whole;
      }
      if (stack.includes(name)) {
        cyclic.add(name);
        return whole;
      }
      const m = memo.get(name);
      if (m !== undefined) return m;
      const v = visit(b.raw, [...stack, name]);
      memo.set(name, v);
      return v;
    });
  };
  const out = visit(text, []);
  return { text: out, undefinedNames: [...undefinedNames], cyclic: [...cyclic] };
}

/** The endpoint a request targets: a pasted URL's, else `@endpoint`, else the environment's. */
export function endpointFor(file: WikiqFile, request: RequestNode | undefined, env?: Environment): string | undefined {
  const url = request?.urls.find((u) => u.endpoint);
  if (url?.endpoint) return url.endpoint;
  const scope = scopeFor(file, request, env);
  const b = scope.get('endpoint');
  if (b && b.source !== 'environment') {
    const e = expand(b.raw, scope);
    if (!e.undefinedNames.length && !e.cyclic.length && e.text.trim()) return e.text.trim();
  }
  return env?.endpoint ?? (b ? expand(b.raw, scope).text.trim() || undefined : undefined);
}

/** Splits an expanded value on unescaped pipes, trims each value and unescapes `\|`. */
export function splitUnescaped(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (c === '|') {
      out.push(cur.trim());
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur.trim());
  return out;
}

/**
 * The values one written value part stands for, its variables expanded: a variable whose value is
 * a list (`a|b`) gives several values, a `\|` in a variable's value or in the part itself stays a
 * literal pipe. Works the same for the line form and for a URL line (whose `raw` is still
 * percent-encoded): it expands the part's unescaped text with its own pipes escaped again.
 */
export function expandValuePart(part: ValuePart, scope: Scope): Expansion & { values: string[] } {
  const e = expand(part.text.replace(/\|/g, '\\|'), scope);
  return { ...e, values: splitUnescaped(e.text) };
}
