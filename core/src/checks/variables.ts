/**
 * Checks of variables: undefined names, cycles, and expansions past EXPANSION_LIMITS (reported
 * once, on the innermost variable past the bound); and the values of a parameter once expanded.
 */
import { Code, messages } from '../codes';
import type { ParamNode, Span, ValueNode, VariableDef } from '../parser/ast';
import { closest } from '../suggest';
import { EXPANSION_LIMITS, Expansion, ExpansionLimit, Scope, expand, expandValuePart, isUrlLiteral, splitUnescaped } from '../variables';
import type { PieceChecks, RequestChecks } from './context';
import type { Report } from './report';
import { VARIABLE_NAME } from '../words';

/**
 * One value of a parameter after variable expansion, with the span it came from. A written part
 * without variables is its own value (a `ValuePart` is one): no object is made for it.
 */
export interface Val {
  text: string;
  span: Span;
  /** True when it came out of a variable (its span is the whole written part). */
  fromVariable?: boolean;
}

/**
 * The values of a parameter with variables expanded; undefined when a variable cannot be expanded.
 * A value without variables (most of them) is its own list of parts, returned as it is.
 */
export function expandedValues(value: ValueNode, scope: Scope, cache?: Map<string, Expansion>, origin: ParamNode['origin'] = 'line'): readonly Val[] | undefined {
  const parts = value.parts;
  let k = 0;
  while (k < parts.length && !parts[k].variables.length) k++;
  if (k === parts.length) return parts;
  const out: Val[] = parts.slice(0, k);
  for (; k < parts.length; k++) {
    const part = parts[k];
    if (!part.variables.length) {
      out.push(part);
      continue;
    }
    if (origin === 'url') {
      // Undefined names in a pasted URL are its own text (see expandValuePart).
      const x = expandValuePart(part, scope, origin);
      if (x.undefinedNames.length || x.cyclic.length || x.exceeded.length) return undefined;
      const literal = part.variables.every((r) => !scope.has(r.name));
      for (const t of x.values) out.push({ text: t, span: part.span, fromVariable: !literal });
      continue;
    }
    let e = cache?.get(part.text);
    if (!e) {
      e = expand(part.text, scope);
      cache?.set(part.text, e);
    }
    if (e.undefinedNames.length || e.cyclic.length || e.exceeded.length || e.text.includes('{{')) return undefined;
    for (const t of part.block ? [e.text] : splitUnescaped(e.text)) out.push({ text: t, span: part.span, fromVariable: true });
  }
  return out;
}

/** File-level variables may use names only a request (or the environment) defines: undefined means defined nowhere. */
export function checkFileVariables(c: PieceChecks, report: Report): void {
  const file = c.ctx.file;
  const vars = file.variables;
  if (vars.length === 0) return;
  // The names defined anywhere (the environment's, the file's, every request's), gathered the
  // first time a name is not in the file's scope.
  let defined: Set<string> | undefined;
  const definedAnywhere = (): Set<string> => {
    if (defined) return defined;
    defined = new Set<string>(Object.keys(c.ctx.env?.variables ?? {}));
    for (let i = 0; i < vars.length; i++) defined.add(vars[i].name);
    // A request's own variables are its block's (their names need no moving).
    for (const b of file.blocks) for (const v of b.variables) defined.add(v.name);
    return defined;
  };
  const scope = c.ctx.fileScope();
  for (let i = 0; i < vars.length; i++) checkVariableRefs(c, report, vars[i], scope, definedAnywhere);
}

/** The variables a request's own definitions and parameters use. */
export function checkRequestVariables(c: RequestChecks, report: Report): void {
  const { a } = c;
  const variables = a.request.variables;
  for (let i = 0; i < variables.length; i++) checkVariableRefs(c, report, variables[i], a.scope);
  for (let i = 0; i < a.params.length; i++) checkVariableRefs(c, report, a.params[i], a.scope);
}

/** Undefined, cyclic and too large variables in one definition's or parameter's value. */
function checkVariableRefs(c: PieceChecks, report: Report, def: VariableDef | ParamNode, scope: Scope, definedAnywhere?: () => Set<string>): void {
  if (!def.value) return;
  const parts = def.value.parts;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    if (part.variables.length === 0) continue;
    for (const ref of part.variables) {
      if (!VARIABLE_NAME.test(ref.name)) continue; // the parser reports it
      const b = scope.get(ref.name);
      if (!b && def.kind === 'param' && isUrlLiteral(def, ref.name, scope)) continue;
      if (!b) {
        if (definedAnywhere?.().has(ref.name)) continue;
        report.add(Code.UndefinedVariable, ref.span, messages[Code.UndefinedVariable](ref.name), { data: { suggestions: closest(ref.name, scope.keys()).map((n) => `{{${n}}}`) } });
        continue;
      }
      const x = expand(`{{${ref.name}}}`, scope);
      if (x.cyclic.length) report.add(Code.CyclicVariable, ref.span, messages[Code.CyclicVariable](ref.name));
      for (const limit of x.exceeded) reportLimit(c, report, limit, scope, ref.span);
    }
    // A value whose variables are each within bounds may still be past them once put together.
    if (def.kind === 'param') {
      for (const limit of expand(part.text, scope).exceeded) if (!limit.name) reportLimit(c, report, limit, scope, part.span);
    }
  }
}

/** Reports a bound of expansion once per piece, on the definition of the variable past it (else on its use). */
function reportLimit(c: PieceChecks, report: Report, limit: ExpansionLimit, scope: Scope, at: Span): void {
  const span = (limit.name && scope.get(limit.name)?.def?.nameSpan) || at;
  const reported = (c.limitsReported ??= new Set());
  if (reported.has(span.start)) return;
  reported.add(span.start);
  const bound = limit.reason === 'size' ? EXPANSION_LIMITS.maxLength : EXPANSION_LIMITS.maxDepth;
  report.add(Code.VariableTooLarge, span, messages[Code.VariableTooLarge](limit.name, limit.reason, bound));
}
