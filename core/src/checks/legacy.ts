/**
 * Legacy output formats: parameters whose absence makes MediaWiki answer in a deprecated format,
 * with the warning "Because X was not specified, a legacy format has been used for the output"
 * (`apiwarn-deprecation-missingparam`). The rules are MediaWiki 1.39's:
 * - ApiQueryRevisionsBase::parseParameters (prop=revisions, prop=deletedrevisions,
 *   list=allrevisions, list=alldeletedrevisions): `slots` absent while content, its model or
 *   per-slot size/sha1 is asked for (`prop` content|contentmodel|slotsize|slotsha1, or a diff:
 *   `diffto`, `difftotext`);
 * - ApiExpandTemplates::execute: `prop` absent.
 * Each rule is checked against the catalogue: a wiki whose module has no such parameter (an older
 * MediaWiki) or whose values lack the trigger is not warned, and the fix's value must be one the
 * parameter accepts.
 */
import type { Analysis, Selection } from '../analysis';
import { enumValues } from '../catalogue/enumValues';
import { Code, messages } from '../codes';
import type { RequestChecks } from './context';
import { selectionSpan } from './names';
import type { Report } from './report';
import { expandedValues } from './variables';

interface LegacyRule {
  /** Module paths the rule applies to. */
  modules: readonly string[];
  /** The parameter whose absence selects the legacy format (unprefixed). */
  param: string;
  /** When it applies: always, or when one of these values of `values.param` (its default when absent) or one of `present` is given. */
  when?: { values?: { param: string; of: readonly string[] }; present?: readonly string[] };
  /** The value the quick fix adds. */
  fix: string;
}

const REVISIONS_WHEN = { values: { param: 'prop', of: ['content', 'contentmodel', 'slotsize', 'slotsha1'] }, present: ['diffto', 'difftotext'] };

export const LEGACY_RULES: readonly LegacyRule[] = [
  { modules: ['query+revisions', 'query+deletedrevisions', 'query+allrevisions', 'query+alldeletedrevisions'], param: 'slots', when: REVISIONS_WHEN, fix: 'main' },
  { modules: ['expandtemplates'], param: 'prop', fix: 'wikitext' },
];

export interface LegacyUse {
  selection: Selection;
  /** The request parameter to add (`rvslots`). */
  name: string;
  fix: string;
}

const NO_USES: readonly LegacyUse[] = Object.freeze([]);

/** The selections of a request that will get a legacy output format, with the parameter that avoids it. */
export function legacyFormats(a: Analysis): readonly LegacyUse[] {
  let out: LegacyUse[] | undefined; // made at the first (most requests have none)
  for (let i = 0; i < a.selections.length; i++) {
    const s = a.selections[i];
    for (let j = 0; j < LEGACY_RULES.length; j++) {
      const rule = LEGACY_RULES[j];
      if (!rule.modules.includes(s.module.path)) continue;
      const p = a.catalogue.param(s.module, rule.param);
      const name = s.prefix + rule.param;
      if (!p || a.byName.has(name)) continue;
      const accepted = enumValues(p);
      if (accepted && !accepted.includes(rule.fix)) continue;
      if (rule.when && !triggered(a, s, rule.when)) continue;
      (out ??= []).push({ selection: s, name, fix: rule.fix });
    }
  }
  return out ?? NO_USES;
}

/** Parameters whose absence selects a deprecated output format. */
export function checkLegacy(c: RequestChecks, report: Report): void {
  const { a } = c;
  const uses = legacyFormats(a);
  for (let i = 0; i < uses.length; i++) {
    const use = uses[i];
    const s = use.selection;
    const label = s.via ? `${s.viaName}=${s.module.name}` : `action=${s.module.name}`;
    report.add(Code.LegacyFormat, selectionSpan(a, s), messages[Code.LegacyFormat](use.name, label, use.fix), { data: { add: { param: use.name, value: use.fix } } });
  }
}

function triggered(a: Analysis, s: Selection, when: NonNullable<LegacyRule['when']>): boolean {
  if (when.present?.some((n) => a.byName.has(s.prefix + n) && a.catalogue.param(s.module, n))) return true;
  if (!when.values) return false;
  const p = a.catalogue.param(s.module, when.values.param);
  if (!p) return false;
  const node = a.byName.last(s.prefix + when.values.param);
  let values: string[];
  if (!node) values = p.default ? String(p.default).split('|') : [];
  else if (!node.value) values = [];
  else values = expandedValues(node.value, a.scope, undefined, node.origin)?.map((v) => v.text) ?? [];
  return values.some((v) => when.values!.of.includes(v));
}
