/**
 * Variable scopes and substitution. A request sees, from weakest to strongest: the environment's
 * variables, the file's variables (before the first `###`), then its own `@name = value` lines.
 * Values may use other variables; cycles and undefined names are reported, never looped on.
 */
import { paramsOf } from './parser/params';
import type { ParamNode, RequestNode, SyntaxError, ValueNode, ValuePart, VariableDef, WikiqFile } from './parser/ast';
import { SyntaxErrorCode } from './parser/errors';
import { lastAtOrBefore } from './util/search';
import { errorsOf, requestsWhere } from './parser/blocks';

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

/**
 * The variables a request sees, by name. It keeps the expansions of its variables (`expand`), made
 * the first time each is used. What that cache keys on: the variable's name, in this scope. Who
 * clears it: a change to the scope (`set`, `delete`, `clear`) drops it; else it goes with the scope
 * (scopeFor builds one per request or file, per feature call).
 */
export class Scope extends Map<string, VariableBinding> {
  private expander: Expander | undefined = undefined;

  /** Replaces every `{{name}}` in `text`, recursively, with cycle detection, within EXPANSION_LIMITS. */
  expand(text: string): Expansion {
    this.expander ??= new Expander(this);
    return this.expander.expand(text);
  }

  override set(name: string, binding: VariableBinding): this {
    this.expander = undefined;
    return super.set(name, binding);
  }

  override delete(name: string): boolean {
    this.expander = undefined;
    return super.delete(name);
  }

  override clear(): void {
    this.expander = undefined;
    super.clear();
  }
}

/** The value of a variable definition as one string: parts joined with `|` (escaped pipes kept). */
export function rawValue(value: ValueNode | undefined): string {
  if (!value) return '';
  return value.parts.map((p) => p.raw).join('|');
}

export function scopeFor(file: WikiqFile, request: RequestNode | undefined, env?: Environment): Scope {
  const scope = new Scope();
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
  /** Variables whose expansion is past a bound (EXPANSION_LIMITS); their uses are left as written. */
  exceeded: ExpansionLimit[];
}

/** A variable past a bound: the innermost one (its own value is past it; the values it uses are not). */
export interface ExpansionLimit {
  /** The variable, or '' for the expanded text itself (its variables are each within bounds). */
  name: string;
  reason: 'size' | 'depth';
}

/** Bounds of expansion: the length of a value once expanded (1 MB), and how deep variables nest. */
export const EXPANSION_LIMITS = { maxLength: 1 << 20, maxDepth: 64 };

const REF = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** What a variable expands to: text undefined when past a bound; the first problem met, inherited from the variables it uses. */
interface Resolved {
  text: string | undefined;
  /** How deep variables nest below it (0: it uses none). */
  height: number;
  undefinedName?: string;
  cyclic?: string;
  exceeded?: ExpansionLimit;
}

/**
 * Expands variables of one scope, each once (memoised: its scope drops it when changed), in
 * a loop with its own stack (no recursion: a chain of 20,000 variables is fine), within
 * EXPANSION_LIMITS (22 variables that each use the next twice would otherwise make 4 million copies).
 */
class Expander {
  private readonly memo = new Map<string, Resolved>();
  constructor(private readonly scope: Scope) {}

  /** `text` with its `{{name}}` replaced; names on `grey` are being expanded (a use of one is a cycle). */
  substitute(text: string, self: string, grey: ReadonlySet<string>): Resolved {
    const r: Resolved = { text: undefined, height: 0 };
    if (!text.includes('{{')) return { text, height: 0 };
    let out = '';
    let last = 0;
    REF.lastIndex = 0;
    for (let m = REF.exec(text); m; m = REF.exec(text)) {
      const name = m[1];
      let piece = m[0];
      const b = this.scope.get(name);
      if (!b) r.undefinedName ??= name;
      else if (grey.has(name)) r.cyclic ??= name;
      else {
        const c = this.memo.get(name)!;
        r.height = Math.max(r.height, c.height + 1);
        r.undefinedName ??= c.undefinedName;
        r.cyclic ??= c.cyclic;
        r.exceeded ??= c.exceeded;
        if (c.text !== undefined) piece = c.text;
      }
      out += text.slice(last, m.index) + piece;
      last = m.index + m[0].length;
      if (out.length > EXPANSION_LIMITS.maxLength) break;
    }
    out += text.slice(last);
    if (!r.exceeded) {
      if (self && r.height > EXPANSION_LIMITS.maxDepth) r.exceeded = { name: self, reason: 'depth' };
      else if (out.length > EXPANSION_LIMITS.maxLength) r.exceeded = { name: self, reason: 'size' };
    }
    if (!r.exceeded || !self) r.text = r.exceeded ? text : out;
    return r;
  }

  /** Expands the variables `text` uses (post-order, iteratively), then `text`. */
  expand(text: string): Expansion {
    const grey = new Set<string>();
    const stack: Array<{ name: string; refs: string[]; i: number }> = [];
    const enter = (name: string) => {
      grey.add(name);
      stack.push({ name, refs: refNames(this.scope.get(name)!.raw), i: 0 });
    };
    for (const name of refNames(text)) {
      if (!this.scope.has(name) || this.memo.has(name)) continue;
      enter(name);
      while (stack.length) {
        const f = stack[stack.length - 1];
        if (f.i < f.refs.length) {
          const child = f.refs[f.i++];
          if (this.scope.has(child) && !this.memo.has(child) && !grey.has(child)) enter(child);
          continue;
        }
        stack.pop();
        // Still grey while its own value is read: a use of itself is a cycle.
        this.memo.set(f.name, this.substitute(this.scope.get(f.name)!.raw, f.name, grey));
        grey.delete(f.name);
      }
    }
    const r = this.substitute(text, '', grey);
    const list = (x: string | undefined) => (x === undefined ? [] : [x]);
    return { text: r.text ?? text, undefinedNames: list(r.undefinedName), cyclic: list(r.cyclic), exceeded: r.exceeded ? [r.exceeded] : [] };
  }
}

function refNames(text: string): string[] {
  if (!text.includes('{{')) return [];
  return Array.from(text.matchAll(REF), (m) => m[1]);
}

/** Replaces every `{{name}}` in `text`, recursively, with cycle detection, within EXPANSION_LIMITS (`scope.expand`). */
export function expand(text: string, scope: Scope): Expansion {
  return scope.expand(text);
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
export function expandValuePart(part: ValuePart, scope: Scope, origin: ParamNode['origin'] = 'line'): Expansion & { values: string[] } {
  if (part.block) {
    // A block value is one value: its variables expanded, its lines and pipes kept as they are.
    const e = expand(part.text, scope);
    return { ...e, values: [e.text] };
  }
  const text = part.text.replace(/\|/g, '\\|');
  if (origin === 'line' || part.variables.every((r) => scope.has(r.name))) {
    const e = expand(text, scope);
    return { ...e, values: splitUnescaped(e.text) };
  }
  // A pasted URL: `{{…}}` naming no defined variable is the URL's own text (a template, a magic
  // word such as `{{PAGENAME}}`), kept as written; the stretches between are expanded.
  const out: Expansion = { text: '', undefinedNames: [], cyclic: [], exceeded: [] };
  const add = (stretch: string, literal: string) => {
    const e = expand(stretch, scope);
    out.text += e.text + literal;
    out.undefinedNames.push(...e.undefinedNames);
    out.cyclic.push(...e.cyclic);
    out.exceeded.push(...e.exceeded);
  };
  let last = 0;
  for (const m of text.matchAll(REF)) {
    if (scope.has(m[1])) continue;
    add(text.slice(last, m.index), m[0]);
    last = m.index + m[0].length;
  }
  add(text.slice(last), '');
  return { ...out, values: splitUnescaped(out.text) };
}

/** In a pasted URL, `{{name}}` is a variable only when `name` is defined; otherwise it is literal text. */
export function isUrlLiteral(param: ParamNode, name: string, scope: Scope): boolean {
  return param.origin === 'url' && !scope.has(name);
}

const VARIABLE_SYNTAX = new Set<string>([SyntaxErrorCode.InvalidVariableName, SyntaxErrorCode.EmptyVariableName, SyntaxErrorCode.UnterminatedVariable]);

/**
 * The file's syntax errors without those about `{{…}}` inside a pasted URL's values: there, a
 * `{{` that is no well-formed variable name (`{{Project:Sandbox}}`, `{{}}`, an unclosed `{{`) is
 * the URL's own text, sent as written.
 */
export function syntaxErrors(file: WikiqFile): readonly SyntaxError[] {
  const errors = errorsOf(file);
  if (!errors.some((e) => VARIABLE_SYNTAX.has(e.code))) return errors;
  const spans: Array<{ start: number; end: number }> = [];
  // Only a request with a URL line has parameters from a URL: the others' are not read.
  for (const r of requestsWhere(file, (b) => b.urls.length > 0)) for (const p of paramsOf(r)) if (p.origin === 'url' && p.value) spans.push(p.value.span);
  if (!spans.length) return errors;
  spans.sort((x, y) => x.start - y.start);
  const starts = spans.map((x) => x.start);
  const inUrlValue = (at: number) => {
    const i = lastAtOrBefore(starts, at);
    return starts[i] <= at && at <= spans[i].end;
  };
  return errors.filter((e) => !VARIABLE_SYNTAX.has(e.code) || !inUrlValue(e.span.start));
}
