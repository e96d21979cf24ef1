/**
 * Diagnostics: syntax errors from the parser, then, per request, what the MediaWiki API would do
 * with it against the catalogue of its endpoint (see codes.ts for the table of codes).
 *
 * Cost: linear in the document. Each request is analysed once (FeatureContext memoises it); the
 * per-catalogue facts (which module a foreign name belongs to, enumeration sets) are computed once
 * per catalogue object and kept in WeakMaps; "did you mean" scans only run for names or values
 * already found wrong.
 */
import { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location } from 'vscode-languageserver-types';
import { Analysis, Owner, Selection, generatorCandidate, openSelections } from './analysis';
import type { Catalogue, InfoNote, ModuleInfo, ParamInfo } from './catalogue/model';
import { enumValues } from './catalogue/model';
import { Code, DiagnosticData, SOURCE, codeTable, messages } from './codes';
import type { FeatureContext } from './context';
import type { ParamNode, RequestNode, Span, ValueNode, VariableDef, WikiqFile } from './parser/ast';
import { closest } from './suggest';
import { checkTimestamp } from './timestamp';
import { Expansion, Scope, expand, scopeFor, splitUnescaped } from './variables';
import { VARIABLE_NAME, isFalseWord } from './words';

/** One value of a parameter after variable expansion, with the span it came from. */
export interface Val {
  text: string;
  span: Span;
  /** Index of the written part it comes from. */
  part: number;
  /** True when it came out of a variable (its span is the whole written part). */
  fromVariable: boolean;
}

const INTEGER = /^[+-]?\d+$/;

// ---------------------------------------------------------------------------------------------
// Per-catalogue facts, computed once per catalogue object.

interface CatalogueIndex {
  /** Request name (prefix + name) → the module (not selected as generator) it belongs to and the selecting parameter. */
  foreign: Map<string, { module: ModuleInfo; selector: string }>;
}

const indexes = new WeakMap<Catalogue, CatalogueIndex>();

function indexOf(catalogue: Catalogue): CatalogueIndex {
  let index = indexes.get(catalogue);
  if (index) return index;
  index = { foreign: new Map() };
  const seen = new Set<ModuleInfo>();
  const queue: ModuleInfo[] = [];
  const main = catalogue.main();
  if (main) queue.push(main);
  for (let i = 0; i < queue.length; i++) {
    const m = queue[i];
    if (seen.has(m)) continue;
    seen.add(m);
    for (const p of m.parameters) {
      if (!p.submodules || p.submoduleparamprefix) continue;
      for (const path of Object.values(p.submodules)) {
        const sub = catalogue.module(path);
        if (!sub || seen.has(sub)) continue;
        queue.push(sub);
        if (!sub.prefix) continue;
        for (const sp of sub.parameters) {
          const full = sub.prefix + sp.name;
          if (!index.foreign.has(full)) index.foreign.set(full, { module: sub, selector: m.prefix + p.name });
        }
      }
    }
  }
  indexes.set(catalogue, index);
  return index;
}

const enumSets = new WeakMap<ParamInfo, Set<string> | null>();

function enumSet(p: ParamInfo): Set<string> | undefined {
  let s = enumSets.get(p);
  if (s === undefined) {
    const values = enumValues(p);
    s = values ? new Set(values) : null;
    enumSets.set(p, s);
  }
  return s ?? undefined;
}

/** How messages name a catalogue: "bundled catalogue", "cached catalogue"… */
const required = new WeakMap<ModuleInfo, ParamInfo[]>();

/** A module's required parameters (usually none), computed once per module. */
function requiredParams(m: ModuleInfo): ParamInfo[] {
  let list = required.get(m);
  if (!list) {
    list = m.parameters.filter((p) => p.required);
    required.set(m, list);
  }
  return list;
}

function catalogueName(catalogue: Catalogue): string {
  return `${catalogue.source} catalogue`;
}

// ---------------------------------------------------------------------------------------------


/** The values of a parameter with variables expanded; undefined when a variable cannot be expanded. */
export function expandedValues(value: ValueNode, scope: Scope, cache?: Map<string, Expansion>): Val[] | undefined {
  const out: Val[] = [];
  for (let k = 0; k < value.parts.length; k++) {
    const part = value.parts[k];
    if (!part.variables.length) {
      out.push({ text: part.text, span: part.span, part: k, fromVariable: false });
      continue;
    }
    let e = cache?.get(part.text);
    if (!e) {
      e = expand(part.text, scope);
      cache?.set(part.text, e);
    }
    if (e.undefinedNames.length || e.cyclic.length || e.text.includes('{{')) return undefined;
    for (const t of splitUnescaped(e.text)) out.push({ text: t, span: part.span, part: k, fromVariable: true });
  }
  return out;
}

const NO_NOTES: readonly InfoNote[] = [];

class Validator {
  readonly out: Diagnostic[] = [];
  private readonly expansions = new Map<string, Expansion>();
  private readonly file: WikiqFile;

  constructor(private readonly ctx: FeatureContext) {
    this.file = ctx.file;
  }

  add(code: Code, span: Span, message: string, opts: { severity?: DiagnosticSeverity; data?: DiagnosticData; tags?: DiagnosticTag[]; related?: DiagnosticRelatedInformation[] } = {}): Diagnostic {
    const d: Diagnostic = {
      range: this.ctx.range(span),
      severity: opts.severity ?? codeTable[code].severity,
      code,
      source: SOURCE,
      message,
    };
    if (opts.tags?.length) d.tags = opts.tags;
    if (opts.data) d.data = opts.data;
    if (opts.related?.length) d.relatedInformation = opts.related;
    this.out.push(d);
    return d;
  }

  run(): Diagnostic[] {
    for (const e of this.file.errors) {
      this.out.push({
        range: this.ctx.range(e.span),
        severity: e.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
        code: e.code,
        source: SOURCE,
        message: e.message,
      });
    }
    this.fileVariables();
    for (const r of this.file.requests) this.request(r);
    return this.out;
  }

  // ---- variables ----------------------------------------------------------------------------

  /** File-level variables may use names only a request (or the environment) defines: undefined means defined nowhere. */
  private fileVariables(): void {
    const defined = new Set<string>(Object.keys(this.ctx.env?.variables ?? {}));
    for (const d of this.file.variables) defined.add(d.name);
    for (const r of this.file.requests) for (const d of r.variables) defined.add(d.name);
    const scope = scopeFor(this.file, undefined, this.ctx.env);
    for (const def of this.file.variables) this.variableRefs(def, scope, defined);
  }

  private variableRefs(def: VariableDef | ParamNode, scope: Scope, definedAnywhere?: Set<string>): void {
    if (!def.value) return;
    for (const part of def.value.parts) {
      for (const ref of part.variables) {
        if (!VARIABLE_NAME.test(ref.name)) continue; // the parser reports it
        const b = scope.get(ref.name);
        if (!b) {
          if (definedAnywhere?.has(ref.name)) continue;
          this.add(Code.UndefinedVariable, ref.span, messages[Code.UndefinedVariable](ref.name), { data: { suggestions: closest(ref.name, scope.keys()).map((n) => `{{${n}}}`) } });
        } else if (expand(`{{${ref.name}}}`, scope).cyclic.length) {
          this.add(Code.CyclicVariable, ref.span, messages[Code.CyclicVariable](ref.name));
        }
      }
    }
  }

  // ---- requests -----------------------------------------------------------------------------

  private request(r: RequestNode): void {
    if (r.params.length === 0 && !r.urls.some((u) => u.endpoint)) return;
    const a = this.ctx.analysis(r);
    // Expansions of values with variables, per request (most requests have none).
    const expansions = this.expansions;
    if (expansions.size) expansions.clear();
    for (const def of r.variables) this.variableRefs(def, a.scope);
    for (const p of r.params) this.variableRefs(p, a.scope);

    this.action(a);
    // Without an action the API shows its help and reads nothing else; with an unknown module, its
    // parameters cannot be told apart from wrong ones.
    const skipUnknownNames = !a.byName.has('action') || a.unknownModules.length > 0 || this.actionUnknown(a);
    let modes: Map<Selection, Array<{ node: ParamNode; owner: Owner; modes: string[] }>> | undefined;

    for (const node of r.params) {
      const nodes = a.byName.get(node.name)!;
      if (nodes.length > 1 && nodes[nodes.length - 1] !== node) {
        const last = nodes[nodes.length - 1];
        const line = this.ctx.document.positionAt(last.nameSpan.start).line + 1;
        this.add(Code.DuplicateParameter, node.nameSpan, messages[Code.DuplicateParameter](node.name, line), {
          tags: [DiagnosticTag.Unnecessary],
          related: [DiagnosticRelatedInformation.create(Location.create(this.ctx.document.uri, this.ctx.range(last.nameSpan)), 'the value the API uses')],
        });
      }
      const owner = a.owners.get(node.name);
      if (!owner) {
        if (node.name === 'action' && !a.catalogue.main()) continue; // handled by action()
        if (!skipUnknownNames) this.unknownName(a, node);
        continue;
      }
      const p = owner.param;
      if (p.deprecated) {
        this.add(Code.DeprecatedParameter, node.nameSpan, messages[Code.DeprecatedParameter](node.name), { tags: [DiagnosticTag.Deprecated] });
      }
      for (const note of p.info ?? NO_NOTES) {
        const user = owner.selection.prefix + 'user';
        if (note.name === 'useronly' && !a.byName.has(user)) {
          this.add(Code.RequiresUser, node.nameSpan, messages[Code.RequiresUser](node.name, user));
        } else if (note.name === 'nonuseronly' && a.byName.has(user) && node.name !== user) {
          this.add(Code.ExcludesUser, node.nameSpan, messages[Code.ExcludesUser](node.name, user));
        } else if (note.name === 'modes' && note.values?.length) {
          modes ??= new Map();
          const list = modes.get(owner.selection) ?? [];
          list.push({ node, owner, modes: note.values.map(String) });
          modes.set(owner.selection, list);
        }
      }
      this.values(a, node, owner, expansions);
    }
    if (modes) for (const list of modes.values()) this.modeConflicts(list);
    this.required(a);
  }

  private actionUnknown(a: Analysis): boolean {
    const node = a.byName.get('action')?.[0];
    return !!node && !a.action && !!node.value && node.value.parts.every((p) => !p.variables.length);
  }

  /** Missing action, unknown action without a `main` module, writing actions. */
  private action(a: Analysis): void {
    const nodes = a.byName.get('action');
    const r = a.request;
    if (!nodes) {
      const span = r.headerSpan ?? r.urls[0]?.span ?? r.params[0].span;
      this.add(Code.MissingAction, span, messages[Code.MissingAction]());
      return;
    }
    const node = nodes[nodes.length - 1];
    const part = node.value?.parts[0];
    if (!a.catalogue.main() && part && !part.variables.length && part.text && !a.catalogue.module(part.text)) {
      const names = a.catalogue.actions().map((m) => m.name);
      const suggestions = closest(part.text, names);
      this.add(Code.UnknownAction, part.span, messages[Code.UnknownAction](part.text, a.catalogue.exhaustive, catalogueName(a.catalogue), suggestions), {
        severity: this.unknownSeverity(a.catalogue),
        data: { suggestions },
      });
    }
    const m = a.action?.module;
    if (m && (m.mustbeposted || m.writerights) && part) {
      const why = m.mustbeposted && m.writerights ? 'writes to the wiki and must be POSTed' : m.mustbeposted ? 'must be POSTed' : 'writes to the wiki';
      this.add(Code.WriteAction, part.span, messages[Code.WriteAction](m.name, why));
    }
  }

  /** Unknown names are errors against a wiki's full catalogue, warnings against a partial one (the bundled). */
  private unknownSeverity(catalogue: Catalogue): DiagnosticSeverity {
    return catalogue.exhaustive ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning;
  }

  /** A name no selected module owns. */
  private unknownName(a: Analysis, node: ParamNode): void {
    const name = node.name;
    if (openSelections(a).some((s) => name.startsWith(s.prefix))) return;
    const gen = generatorCandidate(a, name);
    if (gen) {
      const current = a.byName.get('generator')?.[0];
      const currentValue = current?.value?.parts[0]?.text;
      this.add(Code.MissingGenerator, node.nameSpan, messages[Code.MissingGenerator](name, gen.module.name, current ? currentValue : undefined), {
        data: current ? undefined : { select: { param: 'generator', value: gen.module.name } },
      });
      return;
    }
    let suggestions: string[] = [];
    for (const s of a.selections) {
      if (s.prefix && a.owners.has(s.prefix + name)) suggestions.push(s.prefix + name);
    }
    const foreign = indexOf(a.catalogue).foreign.get(name);
    // A name of a module the request does not select: adding the module is the fix, not a look-alike.
    if (!suggestions.length && !foreign) suggestions = closest(name, a.owners.keys());
    const data: DiagnosticData = { suggestions };
    let belongsTo: string | undefined;
    if (foreign && !a.selections.some((s) => s.module === foreign.module)) {
      belongsTo = `${foreign.selector}=${foreign.module.name}`;
      data.select = { param: foreign.selector, value: foreign.module.name };
    }
    this.add(Code.UnknownParameter, node.nameSpan, messages[Code.UnknownParameter](name, suggestions, belongsTo), { data });
  }

  private modeConflicts(list: Array<{ node: ParamNode; owner: Owner; modes: string[] }>): void {
    for (let j = 1; j < list.length; j++) {
      for (let i = 0; i < j; i++) {
        if (list[i].node.name === list[j].node.name) continue;
        if (list[j].modes.some((m) => list[i].modes.includes(m))) continue;
        this.add(Code.ModeConflict, list[j].node.nameSpan, messages[Code.ModeConflict](list[j].node.name, list[j].modes, list[i].node.name, list[i].modes));
        break;
      }
    }
  }

  private required(a: Analysis): void {
    const m = a.action?.module;
    if (m && (m.mustbeposted || m.writerights)) return; // not runnable anyway (write-action says so)
    for (const s of a.selections) {
      for (const p of requiredParams(s.module)) {
        if (a.byName.has(s.prefix + p.name)) continue;
        const at = s.via ?? a.byName.get('action')?.[0];
        const span = at?.value?.parts.find((x) => x.text === s.module.name)?.span ?? at?.nameSpan ?? a.request.headerSpan ?? a.request.span;
        this.add(Code.MissingRequired, span, messages[Code.MissingRequired](s.prefix + p.name, s.via ? `${s.viaName}=${s.module.name}` : s.module.name));
      }
    }
  }

  // ---- values -------------------------------------------------------------------------------

  private values(a: Analysis, node: ParamNode, owner: Owner, expansions: Map<string, Expansion>): void {
    const p = owner.param;
    const value = node.value;
    if (p.type === 'boolean') {
      if (value && value.parts.length === 1 && !value.parts[0].variables.length && isFalseWord(value.parts[0].text)) {
        this.add(Code.BooleanFalse, node.span, messages[Code.BooleanFalse](node.name, value.parts[0].text));
      }
      return;
    }
    if (!value) return;
    const vals = expandedValues(value, a.scope, expansions);
    if (!vals) return;
    const name = node.name;
    if (!p.multi) {
      // Continuation tokens (`lecontinue = 20261122|291`) carry pipes by design: they are opaque.
      if (vals.length > 1 && !isContinueParam(p)) {
        const typed = p.type !== 'string' && p.type !== 'text' && p.type !== 'title' && p.type !== 'user' && p.type !== 'password';
        this.add(Code.NotMulti, value.span.start === value.span.end ? node.span : trimmedSpan(this.file.text, value), messages[Code.NotMulti](name, typed), {
          severity: typed ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
        });
        return;
      }
      this.one(a, node, owner, vals[0], false);
      return;
    }
    // Multi: an empty value is an empty list.
    if (vals.length === 1 && vals[0].text === '') return;
    const limit = p.limit ?? p.lowlimit ?? 50;
    if (vals.length > limit) {
      this.add(Code.TooManyValues, trimmedSpan(this.file.text, value), messages[Code.TooManyValues](name, vals.length, limit, p.highlimit));
    }
    const all = p.allspecifier;
    if (all && vals.length === 1 && vals[0].text === all) return;
    const enums = enumSet(p);
    const seen = new Set<string>();
    for (const v of vals) {
      if (all && v.text === all && vals.length > 1) {
        this.add(Code.AllSpecifierMixed, v.span, messages[Code.AllSpecifierMixed](all, name));
        continue;
      }
      if (v.text === '') {
        const meaningful = enums ? enums.has('') : p.allowsduplicates && (p.type === 'string' || p.type === 'text');
        if (!meaningful) {
          this.add(Code.EmptyValue, emptyValueSpan(this.file.text, value, v), messages[Code.EmptyValue](name));
          continue;
        }
      }
      if (!p.allowsduplicates) {
        if (seen.has(v.text)) {
          if (!v.fromVariable) this.add(Code.DuplicateValue, v.span, messages[Code.DuplicateValue](v.text, name), { tags: [DiagnosticTag.Unnecessary] });
          continue;
        }
        seen.add(v.text);
      }
      this.one(a, node, owner, v, true);
    }
  }

  /** Checks one value against the parameter's type. */
  private one(a: Analysis, node: ParamNode, owner: Owner, v: Val, multi: boolean): void {
    const p = owner.param;
    const name = node.name;
    const text = v.text;
    if (p.submodules) {
      this.moduleValue(a, node, p, v);
      return;
    }
    if (owner.selection.module.path === 'paraminfo' && p.name === 'modules') {
      if (text === '' || text.includes('*') || a.catalogue.module(text)) return;
      const paths = a.catalogue.modules().map((m) => m.path);
      const suggestions = closest(text, paths);
      this.add(Code.UnknownModule, v.span, messages[Code.UnknownModule](text, name, a.catalogue.exhaustive, catalogueName(a.catalogue), suggestions), {
        severity: this.unknownSeverity(a.catalogue),
        data: { suggestions },
      });
      return;
    }
    const enums = enumSet(p);
    if (enums) {
      // An enumeration the catalogue knows only in part (the bundled `useskin`, `contentmodel`…):
      // a value outside it is not an error; the wiki's own catalogue will know.
      if (!enums.has(text) && !p.valuesIncomplete) {
        const suggestions = closest(text, enums);
        this.add(Code.UnknownValue, spanOf(node, v), messages[Code.UnknownValue](text, name, multi, suggestions), {
          severity: multi ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
          data: fixable(v) ? { suggestions } : undefined,
        });
      } else if (p.deprecatedvalues?.includes(text)) {
        this.add(Code.DeprecatedValue, v.span, messages[Code.DeprecatedValue](text, name), { tags: [DiagnosticTag.Deprecated] });
      }
      return;
    }
    switch (p.type) {
      case 'integer': {
        if (!isInteger(text)) {
          this.add(Code.NotAnInteger, spanOf(node, v), messages[Code.NotAnInteger](text, name));
          return;
        }
        const n = Number(text);
        const clampTo = p.min !== undefined && n < p.min ? p.min : p.max !== undefined && n > p.max ? p.max : undefined;
        if (clampTo !== undefined) {
          this.add(Code.IntegerOutOfRange, v.span, messages[Code.IntegerOutOfRange](text, name, p.min, p.max, clampTo), {
            data: v.fromVariable ? undefined : { clampTo },
          });
        }
        return;
      }
      case 'limit': {
        if (text === 'max') return;
        if (!isInteger(text)) {
          this.add(Code.NotAnInteger, spanOf(node, v), messages[Code.NotAnInteger](text, name));
          return;
        }
        const n = Number(text);
        const min = p.min ?? 0;
        if (n < min) {
          this.add(Code.LimitBelowMin, v.span, messages[Code.LimitBelowMin](text, name, min), { data: v.fromVariable ? undefined : { limit: { min, max: p.max } } });
        } else if (p.max !== undefined && n > p.max) {
          this.add(Code.LimitAboveMax, v.span, messages[Code.LimitAboveMax](text, name, p.max, p.highmax), { data: v.fromVariable ? undefined : { limit: { min, max: p.max } } });
        }
        return;
      }
      case 'timestamp': {
        const t = checkTimestamp(text);
        if (t.ok) return;
        if (t.kind === 'invalid') this.add(Code.InvalidTimestamp, v.span, messages[Code.InvalidTimestamp](text, name));
        else if (t.kind === 'unclear-now') this.add(Code.UnclearNowTimestamp, spanOf(node, v), messages[Code.UnclearNowTimestamp](text, name), { data: fixable(v) ? { suggestions: ['now'] } : undefined });
        else this.add(Code.TimestampRollsOver, v.span, messages[Code.TimestampRollsOver](text, name));
        return;
      }
      case 'namespace': {
        if (!this.namespaceOk(a.catalogue, p, text)) {
          this.add(Code.UnknownValue, v.span, messages[Code.UnknownValue](text, name, multi), {
            severity: multi ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
          });
        }
        return;
      }
      default:
        return;
    }
  }

  private namespaceOk(catalogue: Catalogue, p: ParamInfo, text: string): boolean {
    if (!INTEGER.test(text)) return false;
    const id = Number(text);
    if ((p.extranamespaces ?? []).includes(id)) return true;
    if (id < 0) return false;
    const known = catalogue.namespaces;
    return !known || known.length === 0 || known.some((n) => n.id === id);
  }

  /** The module a value names through another submodule parameter of the same module (`list`, `prop`, `meta`). */
  private knownUnderSibling(a: Analysis, node: ParamNode, p: ParamInfo, value: string): ModuleInfo | undefined {
    const owner = a.owners.get(node.name);
    if (!owner) return undefined;
    for (const q of owner.selection.module.parameters) {
      if (q === p || !q.submodules || q.submoduleparamprefix) continue;
      const path = q.submodules[value];
      const m = path ? a.catalogue.module(path) : undefined;
      if (m) return m;
    }
    return undefined;
  }

  private moduleValue(a: Analysis, node: ParamNode, p: ParamInfo, v: Val): void {
    const text = v.text;
    if (text === '') return;
    const path = p.submodules?.[text];
    const m = path ? a.catalogue.module(path) : undefined;
    const isAction = node.name === 'action';
    if (!path && p.submoduleparamprefix) {
      // A module the catalogue knows under another selector (list=allusers) but not as a generator.
      const other = this.knownUnderSibling(a, node, p, text);
      if (other && !other.generator) {
        this.add(Code.NotAGenerator, v.span, messages[Code.NotAGenerator](other.name, node.name));
        return;
      }
    }
    if (!path || (!m && a.catalogue.exhaustive)) {
      const names = Object.keys(p.submodules ?? {});
      const suggestions = closest(text, names);
      const code = isAction ? Code.UnknownAction : Code.UnknownModule;
      const message = isAction
        ? messages[Code.UnknownAction](text, a.catalogue.exhaustive, catalogueName(a.catalogue), suggestions)
        : messages[Code.UnknownModule](text, node.name, a.catalogue.exhaustive, catalogueName(a.catalogue), suggestions);
      this.add(code, v.span, message, {
        severity: this.unknownSeverity(a.catalogue),
        data: v.fromVariable ? undefined : { suggestions },
      });
      return;
    }
    if (!m) return;
    if (p.submoduleparamprefix && !m.generator) {
      this.add(Code.NotAGenerator, v.span, messages[Code.NotAGenerator](m.name, node.name));
      return;
    }
    if (m.deprecated || p.deprecatedvalues?.includes(text)) {
      this.add(Code.DeprecatedModule, v.span, messages[Code.DeprecatedModule](m.name), { tags: [DiagnosticTag.Deprecated] });
    }
  }
}

/** A value a quick fix may replace: written in place (not from a variable) and not empty. */
function fixable(v: Val): boolean {
  return !v.fromVariable && v.span.start !== v.span.end;
}

/** A value's span, or the whole parameter when the value is empty (a zero-width range is hard to see). */
function spanOf(node: ParamNode, v: Val): Span {
  return v.span.start === v.span.end ? node.span : v.span;
}

function isInteger(text: string): boolean {
  if (!INTEGER.test(text)) return false;
  // PHP's intval saturates: anything beyond 64 bits is rejected as "badinteger".
  const digits = text.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  if (digits.length < 19) return true;
  const big = BigInt(text.replace(/^\+/, ''));
  return big <= 9223372036854775807n && big >= -9223372036854775808n;
}

/** The length of the separator at `at`: `|`, or `%7C` / `%1F` in a URL. */
function sepLength(text: string, at: number): number {
  return text[at] === '%' ? 3 : 1;
}

/** The value's text from its first to its last non-blank character (continuation lines included). */
function trimmedSpan(text: string, value: ValueNode): Span {
  const first = value.parts[0];
  const last = value.parts[value.parts.length - 1];
  const lastPipe = value.pipes[value.pipes.length - 1];
  return {
    start: Math.min(first.span.start, value.pipes[0] ?? first.span.start),
    end: Math.max(last.span.end, lastPipe === undefined ? -1 : lastPipe + sepLength(text, lastPipe)),
  };
}

/** An empty value has no text: point at the pipe that makes it (or the place it would be). */
function emptyValueSpan(text: string, value: ValueNode, v: Val): Span {
  if (v.span.start !== v.span.end) return v.span;
  // The pipe after the empty part, else the pipe before it.
  const after = value.pipes.find((x) => x >= v.span.start);
  if (after !== undefined && v.part < value.parts.length - 1) return { start: after, end: after + sepLength(text, after) };
  const before = [...value.pipes].reverse().find((x) => x < v.span.start);
  if (before !== undefined) return { start: before, end: before + sepLength(text, before) };
  return v.span;
}

export function doValidation(ctx: FeatureContext): Diagnostic[] {
  return new Validator(ctx).run();
}

/** `continue` and the modules' `*continue` parameters: opaque tokens the API made, pipes included. */
function isContinueParam(p: ParamInfo): boolean {
  return p.name === 'continue' || p.name.endsWith('continue');
}
