/**
 * Checks of a request's names: its action, each parameter's name (repeated, unknown, deprecated,
 * needing or excluding the module's `user`), parameters whose modes conflict, and required
 * parameters left out. Who owns a name is analysis.ts's `ownerOf`.
 */
import { DiagnosticRelatedInformation, DiagnosticTag, Location } from 'vscode-languageserver-types';
import { type Analysis, type Owner, type Selection, generatorCandidate, openSelections, ownedNames, ownerOf } from '../analysis';
import { Code, type DiagnosticData, messages } from '../codes';
import type { InfoNote, ParamInfo } from '../catalogue/model';
import type { ParamNode, RequestNode, Span } from '../parser/ast';
import { closest } from '../suggest';
import type { RequestChecks } from './context';
import { type Report, catalogueName, unknownSeverity } from './report';
import { isFatalSelector } from './values';

const NO_NOTES: readonly InfoNote[] = [];

/** Whether a URL line of the request names an endpoint. */
function hasEndpoint(urls: RequestNode['urls']): boolean {
  for (let i = 0; i < urls.length; i++) if (urls[i].endpoint) return true;
  return false;
}

/** Whether a request has anything to check: parameters, or a pasted URL that names an endpoint. */
export function needsChecks(r: RequestNode): boolean {
  return r.paramCount > 0 || hasEndpoint(r.urls);
}

/** A module the request names that the API will not find fails the request (or may exist, against a partial catalogue). */
function unknownModuleFails(a: Analysis): boolean {
  const unknown = a.unknownModules;
  for (let i = 0; i < unknown.length; i++) {
    if (!a.catalogue.exhaustive || isFatalSelector(unknown[i].param.name, unknown[i].selector)) return true;
  }
  return false;
}

function actionUnknown(a: Analysis): boolean {
  const node = a.byName.first('action');
  return !!node && !a.action && !!node.value && node.value.parts.every((p) => !p.variables.length);
}

/**
 * Whether names no selected module owns are reported. Without an action the API shows its help and
 * reads nothing else; an unknown action or generator fails the request. A module the catalogue may
 * lack (not the wiki's full list) may own any name; against the full list an unknown
 * list/prop/meta module is dropped and its parameters are unrecognized, as the API will say.
 */
export function reportsUnknownNames(a: Analysis): boolean {
  return a.byName.has('action') && !actionUnknown(a) && !unknownModuleFails(a);
}

/** Where a selection is written: its value in the selecting parameter (else that parameter, the header…). */
export function selectionSpan(a: Analysis, s: Selection): Span {
  const at = s.via ?? a.byName.first('action');
  return at?.value?.parts.find((x) => x.text === s.module.name)?.span ?? at?.nameSpan ?? a.request.headerSpan ?? a.request.span;
}

/** Missing action, unknown action without a `main` module (writes: writes.ts). */
export function checkAction(c: RequestChecks, report: Report): void {
  const { a } = c;
  const node = a.byName.last('action');
  const r = a.request;
  if (!node) {
    const span = r.headerSpan ?? r.urls[0]?.span ?? a.params[0].span;
    report.add(Code.MissingAction, span, messages[Code.MissingAction]());
    return;
  }
  const part = node.value?.parts[0];
  if (!a.catalogue.main() && part && !part.variables.length && part.text && !a.catalogue.module(part.text)) {
    const names = a.catalogue.actions().map((m) => m.name);
    const suggestions = closest(part.text, names);
    report.add(Code.UnknownAction, part.span, messages[Code.UnknownAction](part.text, a.catalogue.exhaustive, catalogueName(a.catalogue), suggestions), {
      severity: unknownSeverity(a.catalogue),
      data: { suggestions },
    });
  }
}

/** A parameter written again later: only the last reaches the API. */
export function checkRepeated(c: RequestChecks, report: Report, node: ParamNode): void {
  const last = c.a.byName.last(node.name)!;
  if (last === node) return;
  const document = c.ctx.document;
  const line = document.positionAt(last.nameSpan.start).line + 1;
  report.add(Code.DuplicateParameter, node.nameSpan, messages[Code.DuplicateParameter](node.name, line), {
    tags: [DiagnosticTag.Unnecessary],
    related: [DiagnosticRelatedInformation.create(Location.create(document.uri, c.ctx.range(last.nameSpan)), 'the value the API uses')],
  });
}

/**
 * A parameter's name against its owner: deprecated, needing or excluding the module's `user`.
 * Without an owner: an unknown name (when `reportUnknown`). Returns the owner, for the value checks
 * and `modeUse`.
 */
export function checkName(c: RequestChecks, report: Report, node: ParamNode, reportUnknown: boolean): Owner | undefined {
  const { a } = c;
  const owner = ownerOf(a, node.name);
  if (!owner) {
    if (node.name === 'action' && !a.catalogue.main()) return undefined; // checkAction's
    if (reportUnknown) checkUnknownName(c, report, node);
    return undefined;
  }
  const p = owner.param;
  if (p.deprecated) {
    report.add(Code.DeprecatedParameter, node.nameSpan, messages[Code.DeprecatedParameter](node.name), { tags: [DiagnosticTag.Deprecated] });
  }
  const notes = p.info ?? NO_NOTES;
  for (let k = 0; k < notes.length; k++) {
    const note = notes[k];
    if (note.name === 'useronly' || note.name === 'nonuseronly') {
      const user = owner.selection.prefix + 'user';
      if (note.name === 'useronly' && !a.byName.has(user)) {
        report.add(Code.RequiresUser, node.nameSpan, messages[Code.RequiresUser](node.name, user));
      } else if (note.name === 'nonuseronly' && a.byName.has(user) && node.name !== user) {
        report.add(Code.ExcludesUser, node.nameSpan, messages[Code.ExcludesUser](node.name, user));
      }
    }
  }
  return owner;
}

/** A parameter used in a request with the modes its `modes` note gives it, for `checkModes`. */
export interface ModeUse {
  node: ParamNode;
  owner: Owner;
  modes: readonly string[];
}

/** The modes of a parameter's owner, if its description has a `modes` note; else undefined. */
export function modeUse(a: Analysis, node: ParamNode, owner: Owner): ModeUse | undefined {
  const notes = owner.param.info ?? NO_NOTES;
  for (let k = 0; k < notes.length; k++) {
    const note = notes[k];
    if (note.name === 'modes' && note.values?.length) return { node, owner, modes: a.catalogue.derived.modes(note) };
  }
  return undefined;
}

/** A name no selected module owns. */
function checkUnknownName(c: RequestChecks, report: Report, node: ParamNode): void {
  const { a } = c;
  const name = node.name;
  // A module with `dynamicparameters` (clientlogin, createaccount…) takes names beyond its list, with or without its prefix.
  if (a.selections.some((s) => s.module.dynamicparameters)) return;
  if (openSelections(a).some((s) => name.startsWith(s.prefix))) return;
  const gen = generatorCandidate(a, name);
  if (gen) {
    const current = a.byName.first('generator');
    const currentValue = current?.value?.parts[0]?.text;
    report.add(Code.MissingGenerator, node.nameSpan, messages[Code.MissingGenerator](name, gen.module.name, current ? currentValue : undefined), {
      data: current ? undefined : { select: { param: 'generator', value: gen.module.name } },
    });
    return;
  }
  let suggestions: string[] = [];
  for (const s of a.selections) {
    if (s.prefix && ownerOf(a, s.prefix + name)) suggestions.push(s.prefix + name);
  }
  const foreign = a.catalogue.derived.foreignName(name);
  // A name of a module the request does not select: adding the module is the fix, not a look-alike.
  if (!suggestions.length && !foreign) suggestions = closest(name, (c.ownedNames ??= ownedNames(a).map((o) => o.fullName)));
  const data: DiagnosticData = { suggestions };
  let belongsTo: string | undefined;
  if (foreign && !a.selections.some((s) => s.module === foreign.module)) {
    belongsTo = `${foreign.selector}=${foreign.module.name}`;
    data.select = { param: foreign.selector, value: foreign.module.name };
  }
  report.add(Code.UnknownParameter, node.nameSpan, messages[Code.UnknownParameter](name, suggestions, belongsTo), { data });
}

/** The request's parameters with modes (`modeUse`'s), each selection's apart (a request seldom has more than one): two that share no mode conflict. */
export function checkModes(report: Report, uses: readonly ModeUse[]): void {
  const done: Selection[] = [];
  for (const use of uses) {
    const s = use.owner.selection;
    if (done.includes(s)) continue;
    done.push(s);
    modeConflicts(report, uses.filter((u) => u.owner.selection === s));
  }
}

function modeConflicts(report: Report, list: readonly ModeUse[]): void {
  for (let j = 1; j < list.length; j++) {
    for (let i = 0; i < j; i++) {
      if (list[i].node.name === list[j].node.name) continue;
      if (list[j].modes.some((m) => list[i].modes.includes(m))) continue;
      report.add(Code.ModeConflict, list[j].node.nameSpan, messages[Code.ModeConflict](list[j].node.name, list[j].modes, list[i].node.name, list[i].modes));
      break;
    }
  }
}

/** Required parameters of each selected module left out (not a token: wikiq fetches it, writes.ts). */
export function checkRequired(c: RequestChecks, report: Report): void {
  const { a } = c;
  for (let i = 0; i < a.selections.length; i++) {
    const s = a.selections[i];
    const required: readonly ParamInfo[] = a.catalogue.derived.required(s.module);
    for (let j = 0; j < required.length; j++) {
      const p = required[j];
      if (a.byName.has(s.prefix + p.name) || p.tokentype) continue;
      report.add(Code.MissingRequired, selectionSpan(a, s), messages[Code.MissingRequired](s.prefix + p.name, s.via ? `${s.viaName}=${s.module.name}` : s.module.name));
    }
  }
}
