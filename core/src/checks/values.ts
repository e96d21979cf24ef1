/**
 * Checks of a parameter's values against its type in the catalogue: single or multi, limits,
 * enumerations, integers, timestamps, namespaces, module names.
 */
import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import type { Analysis, Owner } from '../analysis';
import type { Catalogue, ModuleInfo, ParamInfo } from '../catalogue/model';
import { isBatchable, isContinueParam } from '../catalogue/model';
import { Code, messages } from '../codes';
import type { ParamNode, Span, ValueNode } from '../parser/ast';
import { closest } from '../suggest';
import { checkTimestamp } from '../timestamp';
import type { RequestChecks } from './context';
import { type Report, catalogueName, unknownSeverity } from './report';
import { type Val, expandedValues } from './variables';
import { isFalseWord } from '../words';
import { firstAtOrAfter } from '../util/search';

const INTEGER = /^[+-]?\d+$/;

/** Up to this many values, a repeat is looked for among the values before it; past it, in a set. */
const SEEN_SCAN = 16;

/** Whether vals[i]'s text is among the values before it. */
function seenBefore(vals: readonly Val[], i: number): boolean {
  const text = vals[i].text;
  for (let k = 0; k < i; k++) if (vals[k].text === text) return true;
  return false;
}

/** Checks a parameter's values against the type its owner gives it. */
export function checkValues(c: RequestChecks, report: Report, node: ParamNode, owner: Owner): void {
  const { a } = c;
  const text = c.ctx.file.text;
  const p = owner.param;
  const value = node.value;
  if (p.type === 'boolean') {
    if (value && value.parts.length === 1 && !value.parts[0].variables.length && isFalseWord(value.parts[0].text)) {
      report.add(Code.BooleanFalse, node.span, messages[Code.BooleanFalse](node.name, value.parts[0].text));
    }
    return;
  }
  if (!value) return;
  const vals = expandedValues(value, a.scope, c.expansions, node.origin);
  if (!vals) return;
  const name = node.name;
  if (!p.multi) {
    // Continuation tokens (`lecontinue = 20261122|291`) carry pipes by design: they are opaque.
    if (vals.length > 1 && !isContinueParam(p)) {
      const typed = p.type !== 'string' && p.type !== 'text' && p.type !== 'title' && p.type !== 'user' && p.type !== 'password';
      report.add(Code.NotMulti, value.span.start === value.span.end ? node.span : trimmedSpan(text, value), messages[Code.NotMulti](name, typed), {
        severity: typed ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      });
      return;
    }
    checkOne(c, report, node, owner, vals[0], false);
    return;
  }
  // Multi: an empty value is an empty list.
  if (vals.length === 1 && vals[0].text === '') return;
  const limit = a.catalogue.valuesLimit(p);
  if (vals.length > limit) {
    // The runner sends a list of things in batches (a warning); module names or an enumeration it cannot split (an error).
    const batched = isBatchable(p);
    report.add(Code.TooManyValues, trimmedSpan(text, value), messages[Code.TooManyValues](name, vals.length, limit, p.highlimit, batched), {
      severity: batched ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
    });
  }
  const all = p.allspecifier;
  if (all && vals.length === 1 && vals[0].text === all) return;
  const enums = a.catalogue.derived.valueSet(p);
  // Repeats looked for where a value can repeat: among the values before it while they are few,
  // in a set past SEEN_SCAN.
  const repeatable = vals.length > 1 && !p.allowsduplicates;
  const seen = repeatable && vals.length > SEEN_SCAN ? new Set<string>() : undefined;
  // Repeats are reported once per value (on its first repeat), not once per repeat.
  let repeats: Map<string, { v: Val; count: number }> | undefined;
  for (let i = 0; i < vals.length; i++) {
    const v = vals[i];
    if (all && v.text === all && vals.length > 1) {
      report.add(Code.AllSpecifierMixed, v.span, messages[Code.AllSpecifierMixed](all, name));
      continue;
    }
    if (v.text === '') {
      const meaningful = enums ? enums.has('') : p.allowsduplicates && (p.type === 'string' || p.type === 'text');
      if (!meaningful) {
        report.add(Code.EmptyValue, emptyValueSpan(text, value, v), messages[Code.EmptyValue](name));
        continue;
      }
    }
    if (repeatable) {
      if (seen ? seen.has(v.text) : seenBefore(vals, i)) {
        if (!v.fromVariable) {
          repeats ??= new Map();
          const r = repeats.get(v.text);
          if (r) r.count++;
          else repeats.set(v.text, { v, count: 1 });
        }
        continue;
      }
      seen?.add(v.text);
    }
    checkOne(c, report, node, owner, v, true);
  }
  if (repeats) {
    for (const { v, count } of repeats.values()) {
      report.add(Code.DuplicateValue, v.span, messages[Code.DuplicateValue](v.text, name, count), { tags: [DiagnosticTag.Unnecessary] });
    }
  }
}

/** Checks one value against the parameter's type. */
function checkOne(c: RequestChecks, report: Report, node: ParamNode, owner: Owner, v: Val, multi: boolean): void {
  const { a } = c;
  const p = owner.param;
  const name = node.name;
  const text = v.text;
  if (p.submodules) {
    checkModuleValue(c, report, node, owner, v);
    return;
  }
  if (owner.selection.module.path === 'paraminfo' && p.name === 'modules') {
    if (text === '' || text.includes('*') || a.catalogue.module(text) || report.full(v.span)) return;
    const paths = a.catalogue.modules().map((m) => m.path);
    const suggestions = closest(text, paths);
    report.add(Code.UnknownModule, v.span, messages[Code.UnknownModule](text, name, a.catalogue.exhaustive, catalogueName(a.catalogue), suggestions), {
      severity: unknownSeverity(a.catalogue),
      data: { suggestions },
    });
    return;
  }
  const enums = a.catalogue.derived.valueSet(p);
  if (enums) {
    // An enumeration the catalogue knows only in part (the bundled `useskin`, `contentmodel`…):
    // a value outside it is not an error; the wiki's own catalogue will know.
    if (!enums.has(text) && !p.valuesIncomplete) {
      if (report.full(v.span)) return;
      const suggestions = closest(text, enums);
      report.add(Code.UnknownValue, spanOf(node, v), messages[Code.UnknownValue](text, name, multi, suggestions), {
        severity: multi ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
        data: fixable(v) ? { suggestions } : undefined,
      });
    } else if (p.deprecatedvalues?.includes(text)) {
      report.add(Code.DeprecatedValue, v.span, messages[Code.DeprecatedValue](text, name), { tags: [DiagnosticTag.Deprecated] });
    }
    return;
  }
  switch (p.type) {
    case 'integer': {
      if (!isInteger(text)) {
        report.add(Code.NotAnInteger, spanOf(node, v), messages[Code.NotAnInteger](text, name));
        return;
      }
      const n = Number(text);
      const clampTo = p.min !== undefined && n < p.min ? p.min : p.max !== undefined && n > p.max ? p.max : undefined;
      if (clampTo !== undefined) {
        report.add(Code.IntegerOutOfRange, v.span, messages[Code.IntegerOutOfRange](text, name, p.min, p.max, clampTo), {
          data: v.fromVariable ? undefined : { clampTo },
        });
      }
      return;
    }
    case 'limit': {
      if (text === 'max') return;
      if (!isInteger(text)) {
        report.add(Code.NotAnInteger, spanOf(node, v), messages[Code.NotAnInteger](text, name));
        return;
      }
      const n = Number(text);
      const min = p.min ?? 0;
      const max = a.catalogue.limitMax(p);
      if (n < min) {
        report.add(Code.LimitBelowMin, v.span, messages[Code.LimitBelowMin](text, name, min), { data: v.fromVariable ? undefined : { limit: { min, max } } });
      } else if (max !== undefined && n > max) {
        // A user with apihighlimits may ask for up to highmax (the catalogue knows who fetched it).
        report.add(Code.LimitAboveMax, v.span, messages[Code.LimitAboveMax](text, name, max, p.highmax), { data: v.fromVariable ? undefined : { limit: { min, max } } });
      }
      return;
    }
    case 'timestamp': {
      const t = checkTimestamp(text);
      if (t.ok) return;
      if (t.kind === 'invalid') report.add(Code.InvalidTimestamp, v.span, messages[Code.InvalidTimestamp](text, name));
      else if (t.kind === 'unclear-now') report.add(Code.UnclearNowTimestamp, spanOf(node, v), messages[Code.UnclearNowTimestamp](text, name), { data: fixable(v) ? { suggestions: ['now'] } : undefined });
      else report.add(Code.TimestampRollsOver, v.span, messages[Code.TimestampRollsOver](text, name));
      return;
    }
    case 'namespace': {
      if (!namespaceOk(a.catalogue, p, text)) {
        report.add(Code.UnknownValue, v.span, messages[Code.UnknownValue](text, name, multi), {
          severity: multi ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
        });
      }
      return;
    }
    default:
      return;
  }
}

function namespaceOk(catalogue: Catalogue, p: ParamInfo, text: string): boolean {
  if (!INTEGER.test(text)) return false;
  const id = Number(text);
  if ((p.extranamespaces ?? []).includes(id)) return true;
  if (id < 0) return false;
  const known = catalogue.namespaces;
  return !known || known.length === 0 || known.some((n) => n.id === id);
}

/** The module a value names through another submodule parameter of the same module (`list`, `prop`, `meta`). */
function knownUnderSibling(a: Analysis, owner: Owner, value: string): ModuleInfo | undefined {
  const p = owner.param;
  for (const q of owner.selection.module.parameters) {
    if (q === p || !q.submodules || q.submoduleparamprefix) continue;
    const path = q.submodules[value];
    const m = path ? a.catalogue.module(path) : undefined;
    if (m) return m;
  }
  return undefined;
}

/** A value of a `submodule` parameter (`action`, `list`, `generator`…): a module the catalogue knows, fit for the place. */
function checkModuleValue(c: RequestChecks, report: Report, node: ParamNode, owner: Owner, v: Val): void {
  const { a } = c;
  const p = owner.param;
  const text = v.text;
  if (text === '') return;
  const path = p.submodules?.[text];
  const m = path ? a.catalogue.module(path) : undefined;
  const isAction = node.name === 'action';
  if (!path && p.submoduleparamprefix) {
    // A module the catalogue knows under another selector (list=allusers) but not as a generator.
    const other = knownUnderSibling(a, owner, text);
    if (other && !other.generator) {
      report.add(Code.NotAGenerator, v.span, messages[Code.NotAGenerator](other.name, node.name));
      return;
    }
  }
  if (!path || (!m && a.catalogue.exhaustive)) {
    if (report.full(v.span)) return;
    const names = Object.keys(p.submodules ?? {});
    const suggestions = closest(text, names);
    const code = isAction ? Code.UnknownAction : Code.UnknownModule;
    // What the API does: an unknown action or generator fails the request; an unknown
    // list/prop/meta/format value is dropped with a warning and the rest runs.
    const fatal = isFatalSelector(node.name, p);
    const message = isAction
      ? messages[Code.UnknownAction](text, a.catalogue.exhaustive, catalogueName(a.catalogue), suggestions)
      : messages[Code.UnknownModule](text, node.name, a.catalogue.exhaustive, catalogueName(a.catalogue), suggestions, fatal);
    report.add(code, v.span, message, {
      severity: a.catalogue.exhaustive && fatal ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      data: v.fromVariable ? undefined : { suggestions },
    });
    return;
  }
  if (!m) return;
  if (p.submoduleparamprefix && !m.generator) {
    report.add(Code.NotAGenerator, v.span, messages[Code.NotAGenerator](m.name, node.name));
    return;
  }
  if (m.deprecated || p.deprecatedvalues?.includes(text)) {
    report.add(Code.DeprecatedModule, v.span, messages[Code.DeprecatedModule](m.name), { tags: [DiagnosticTag.Deprecated] });
  }
}

/** A selector whose unknown value fails the request: `action`, and `generator` (a submodule prefix). */
export function isFatalSelector(name: string, p: ParamInfo): boolean {
  return name === 'action' || !!p.submoduleparamprefix;
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
  // Short enough for 64 bits whatever its sign and zeros (most values): no strings made.
  if (text.length < 19) return true;
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
  // The pipe after the empty part, else the pipe before it (pipes are in order: a binary search,
  // not a scan per empty value, which is quadratic on a line of pipes).
  const pipes = value.pipes;
  const lo = firstAtOrAfter(pipes, v.span.start);
  const after = pipes[lo];
  // Not the last part: parts start at increasing offsets (a pipe between each two).
  if (after !== undefined && v.span.start < value.parts[value.parts.length - 1].span.start) return { start: after, end: after + sepLength(text, after) };
  const before = pipes[lo - 1];
  if (before !== undefined) return { start: before, end: before + sepLength(text, before) };
  return v.span;
}

