/**
 * Diagnostics: syntax errors from the parser, then, per request, what the MediaWiki API would do
 * with it against the catalogue of its endpoint (see codes.ts for the table of codes).
 *
 * Cost: linear in the document. Each request is analysed once (FeatureContext memoises it); the
 * per-catalogue facts (which module a foreign name belongs to, enumeration sets) are computed once
 * per catalogue object and kept in WeakMaps; "did you mean" scans only run for names or values
 * already found wrong.
 */
import { paramsOf } from './parser/lazy';
import { Diagnostic, DiagnosticRelatedInformation, DiagnosticTag, Location, type Range } from 'vscode-languageserver-types';
import { Analysis, Owner, Selection, generatorCandidate, openSelections } from './analysis';
import type { Catalogue, InfoNote, ModuleInfo, ParamInfo } from './catalogue/model';
import { Code, DiagnosticData, SOURCE, codeTable, messages } from './codes';
import type { FeatureContext } from './context';
import type { ParamNode, RequestNode, Span } from './parser/ast';
import { MAX_DIAGNOSTICS, type Piece, catalogueName } from './checks/report';
import { legacyFormats } from './checks/legacy';
import { ValueChecks, isFatalSelector } from './checks/values';
import { closest } from './suggest';
import { type Expansion, syntaxErrors } from './variables';
import { checkCredentials } from './credentialCheck';

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

const NO_NOTES: readonly InfoNote[] = [];

/**
 * Expansions of values with variables, for the request being validated (one Validator runs at a
 * time, synchronously; `request` empties it first): one table, not one per request validated.
 */
const expansions = new Map<string, Expansion>();

interface ModeUse {
  node: ParamNode;
  owner: Owner;
  modes: readonly string[];
}

/** A note's modes as strings, made once per note. */
const modeLists = new WeakMap<InfoNote, readonly string[]>();
function modeNames(note: InfoNote): readonly string[] {
  let list = modeLists.get(note);
  if (!list) modeLists.set(note, (list = (note.values ?? []).map(String)));
  return list;
}

/** (Plain functions, no closures: they run for every request of a file.) */
function hasEndpoint(urls: RequestNode['urls']): boolean {
  for (let i = 0; i < urls.length; i++) if (urls[i].endpoint) return true;
  return false;
}

/** A module the request names that the API will not find fails the request (or may exist, against a partial catalogue). */
function unknownModuleFails(a: Analysis): boolean {
  const unknown = a.unknownModules;
  for (let i = 0; i < unknown.length; i++) {
    if (!a.catalogue.exhaustive || isFatalSelector(unknown[i].param.name, unknown[i].selector)) return true;
  }
  return false;
}

/** One validator per feature context (a validation), for its file-level checks and all its requests: not one per request. */
const validators = new WeakMap<FeatureContext, Validator>();

class Validator extends ValueChecks {

  /** The file-level checks: syntax errors, then file variables. */
  fileLevel(): Piece {
    this.begin();
    for (const e of syntaxErrors(this.file)) this.syntaxError(e);
    this.fileVariables();
    checkCredentials(this.file.text, this.file.variables, [], this.credentials);
    return this.piece();
  }

  oneRequest(r: RequestNode): Piece {
    this.begin();
    this.request(r);
    checkCredentials(this.file.text, r.variables, paramsOf(r), this.credentials);
    return this.piece();
  }

  private readonly credentials = (span: Span, message: string) => this.add(Code.CredentialsInFile, span, message);

  // ---- requests -----------------------------------------------------------------------------

  private request(r: RequestNode): void {
    if (r.paramCount === 0 && !hasEndpoint(r.urls)) return;
    const a = this.ctx.analysis(r);
    // Expansions of values with variables, per request (most requests have none).
    if (expansions.size) expansions.clear();
    // (Indexed loops over the parameters here: see VariableChecks.variableRefs.)
    const params = a.params;
    for (let i = 0; i < r.variables.length; i++) this.variableRefs(r.variables[i], a.scope);
    for (let i = 0; i < params.length; i++) this.variableRefs(params[i], a.scope);

    this.action(a);
    // Without an action the API shows its help and reads nothing else; an unknown action or generator
    // fails the request. A module the catalogue may lack (not the wiki's full list) may own any name;
    // against the full list an unknown list/prop/meta module is dropped and its parameters are
    // unrecognized, as the API will say.
    const skipUnknownNames = !a.byName.has('action') || this.actionUnknown(a) || unknownModuleFails(a);
    let modes: ModeUse[] | undefined;

    for (let i = 0; i < params.length; i++) {
      const node = params[i];
      const last = a.byName.last(node.name)!;
      if (last !== node) {
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
      const notes = p.info ?? NO_NOTES;
      for (let k = 0; k < notes.length; k++) {
        const note = notes[k];
        if (note.name === 'useronly' || note.name === 'nonuseronly') {
          const user = owner.selection.prefix + 'user';
          if (note.name === 'useronly' && !a.byName.has(user)) {
            this.add(Code.RequiresUser, node.nameSpan, messages[Code.RequiresUser](node.name, user));
          } else if (note.name === 'nonuseronly' && a.byName.has(user) && node.name !== user) {
            this.add(Code.ExcludesUser, node.nameSpan, messages[Code.ExcludesUser](node.name, user));
          }
        } else if (note.name === 'modes' && note.values?.length) {
          (modes ??= []).push({ node, owner, modes: modeNames(note) });
        }
      }
      this.values(a, node, owner, expansions);
    }
    if (modes) this.modeConflictsBySelection(modes);
    this.required(a);
    this.legacy(a);
  }

  /** Parameters whose absence selects a deprecated output format (see checks/legacy.ts). */
  private legacy(a: Analysis): void {
    const m = a.action?.module;
    if (m && (m.mustbeposted || m.writerights)) return;
    const uses = legacyFormats(a);
    for (let i = 0; i < uses.length; i++) {
      const use = uses[i];
      const s = use.selection;
      const span = this.selectionSpan(a, s);
      const label = s.via ? `${s.viaName}=${s.module.name}` : `action=${s.module.name}`;
      this.add(Code.LegacyFormat, span, messages[Code.LegacyFormat](use.name, label, use.fix), { data: { add: { param: use.name, value: use.fix } } });
    }
  }

  /** Where a selection is written: its value in the selecting parameter (else that parameter, the header…). */
  private selectionSpan(a: Analysis, s: Selection) {
    const at = s.via ?? a.byName.first('action');
    return at?.value?.parts.find((x) => x.text === s.module.name)?.span ?? at?.nameSpan ?? a.request.headerSpan ?? a.request.span;
  }

  private actionUnknown(a: Analysis): boolean {
    const node = a.byName.first('action');
    return !!node && !a.action && !!node.value && node.value.parts.every((p) => !p.variables.length);
  }

  /** Missing action, unknown action without a `main` module, writing actions. */
  private action(a: Analysis): void {
    const node = a.byName.last('action');
    const r = a.request;
    if (!node) {
      const span = r.headerSpan ?? r.urls[0]?.span ?? paramsOf(r)[0].span;
      this.add(Code.MissingAction, span, messages[Code.MissingAction]());
      return;
    }
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

  /** A name no selected module owns. */
  private unknownName(a: Analysis, node: ParamNode): void {
    const name = node.name;
    // A module with `dynamicparameters` (clientlogin, createaccount…) takes names beyond its list, with or without its prefix.
    if (a.selections.some((s) => s.module.dynamicparameters)) return;
    if (openSelections(a).some((s) => name.startsWith(s.prefix))) return;
    const gen = generatorCandidate(a, name);
    if (gen) {
      const current = a.byName.first('generator');
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

  /** The parameters with modes, each selection's apart (a request seldom has more than one). */
  private modeConflictsBySelection(uses: ModeUse[]): void {
    const done: Selection[] = [];
    for (const use of uses) {
      const s = use.owner.selection;
      if (done.includes(s)) continue;
      done.push(s);
      this.modeConflicts(uses.filter((u) => u.owner.selection === s));
    }
  }

  private modeConflicts(list: ModeUse[]): void {
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
    for (let i = 0; i < a.selections.length; i++) {
      const s = a.selections[i];
      const required = requiredParams(s.module);
      for (let j = 0; j < required.length; j++) {
        const p = required[j];
        if (a.byName.has(s.prefix + p.name)) continue;
        const span = this.selectionSpan(a, s);
        this.add(Code.MissingRequired, span, messages[Code.MissingRequired](s.prefix + p.name, s.via ? `${s.viaName}=${s.module.name}` : s.module.name));
      }
    }
  }

}

/** The file-level diagnostics of a document (syntax errors, file variables). */
export function fileDiagnostics(ctx: FeatureContext): Piece {
  return validatorFor(ctx).fileLevel();
}

/** The diagnostics of one request: a function of its text, the file's variables, its catalogue and the environment. */
export function requestDiagnostics(ctx: FeatureContext, r: RequestNode): Piece {
  return validatorFor(ctx).oneRequest(r);
}

function validatorFor(ctx: FeatureContext): Validator {
  let v = validators.get(ctx);
  if (!v) validators.set(ctx, (v = new Validator(ctx)));
  return v;
}

/**
 * The document's diagnostics from its pieces in order: at most MAX_DIAGNOSTICS, then one saying how
 * many were left out. A bound of expansion met through a file variable is reported once, by the
 * first piece that meets it (each piece, checked alone, reports it).
 */
export function joinPieces(pieces: readonly Piece[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const limits = new Set<string>();
  let dropped = 0;
  let firstDropped: Range | undefined;
  // Indexed loops: a big file has a piece per request (an iterator per loop in unoptimised code).
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    const diagnostics = piece.diagnostics;
    for (let k = 0; k < diagnostics.length; k++) {
      const d = diagnostics[k];
      if (d.code === Code.VariableTooLarge) {
        const at = `${d.range.start.line}:${d.range.start.character}`;
        if (limits.has(at)) continue;
        limits.add(at);
      }
      if (out.length < MAX_DIAGNOSTICS) out.push(d);
      else if (dropped++ === 0) firstDropped = d.range;
    }
    if (piece.dropped && dropped === 0) firstDropped = piece.firstDropped;
    dropped += piece.dropped;
  }
  if (dropped && firstDropped) {
    const code = Code.TooManyDiagnostics;
    out.push({ range: firstDropped, severity: codeTable[code].severity, code, source: SOURCE, message: messages[code](dropped, MAX_DIAGNOSTICS) });
  }
  return out;
}

export function doValidation(ctx: FeatureContext): Diagnostic[] {
  return joinPieces([fileDiagnostics(ctx), ...ctx.file.requests.map((r) => requestDiagnostics(ctx, r))]);
}
