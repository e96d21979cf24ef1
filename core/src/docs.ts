/**
 * Markdown documentation of modules, parameters, values and variables, shared by hover and
 * completion so both say the same thing.
 */
import type { Selection } from './analysis';
import type { Catalogue, ModuleInfo, ParamInfo } from './catalogue/model';
import { enumValues } from './catalogue/enumValues';

/** Standard namespaces of MediaWiki, for catalogues that carry no siteinfo. */
export const DEFAULT_NAMESPACES: Array<{ id: number; name: string }> = [
  { id: -2, name: 'Media' }, { id: -1, name: 'Special' }, { id: 0, name: 'Main' }, { id: 1, name: 'Talk' },
  { id: 2, name: 'User' }, { id: 3, name: 'User talk' }, { id: 4, name: 'Project' }, { id: 5, name: 'Project talk' },
  { id: 6, name: 'File' }, { id: 7, name: 'File talk' }, { id: 8, name: 'MediaWiki' }, { id: 9, name: 'MediaWiki talk' },
  { id: 10, name: 'Template' }, { id: 11, name: 'Template talk' }, { id: 12, name: 'Help' }, { id: 13, name: 'Help talk' },
  { id: 14, name: 'Category' }, { id: 15, name: 'Category talk' },
];

export function namespacesOf(catalogue: Catalogue): Array<{ id: number; name: string }> {
  const ns = catalogue.namespaces;
  if (ns && ns.length) return ns.map((n) => ({ id: n.id, name: n.id === 0 ? 'Main' : n.name || n.canonical || String(n.id) }));
  return DEFAULT_NAMESPACES;
}

export function code(s: string): string {
  const ticks = s.includes('`') ? '``' : '`';
  return s === '' ? '*(empty)*' : `${ticks}${s}${ticks}`;
}

export function typeLabel(p: ParamInfo): string {
  if (p.submodules) return 'module name';
  if (Array.isArray(p.type)) return 'one of the listed values';
  return String(p.type);
}

function groupLabel(m: ModuleInfo): string {
  return m.group === 'action' ? `action=${m.name}` : m.group === 'format' ? `format=${m.name}` : m.group === 'main' || m.path === 'main' ? 'main module' : `${m.group}=${m.name}`;
}

export function moduleDoc(m: ModuleInfo, prefix?: string, generator = false): string {
  const lines: string[] = [];
  const flags: string[] = [];
  if (m.generator) flags.push('generator');
  if (m.readrights) flags.push('needs the read right');
  if (m.mustbeposted) flags.push('must be POSTed');
  if (m.writerights) flags.push('writes');
  if (m.deprecated) flags.push('**deprecated**');
  if (m.internal) flags.push('internal');
  lines.push(`**${m.name}** — ${groupLabel(m)}${generator ? ' (as generator)' : ''}`);
  if (m.description) lines.push('', m.description);
  const facts: string[] = [`path ${code(m.path)}`];
  const pf = prefix ?? m.prefix;
  if (pf) facts.push(`parameter prefix ${code(pf)}`);
  if (flags.length) facts.push(flags.join(', '));
  lines.push('', facts.join(' · '));
  if (m.dynamicparameters) {
    // MediaWiki's own word for it (e.g. `format=json` modules, or `query+…` with dynamic options).
    const what = m.dynamicparametersDescription ? `: ${m.dynamicparametersDescription}` : '';
    lines.push('', `_Takes parameters beyond those listed${what}. Names with its prefix are not checked._`);
  } else if (!m.parametersKnown) {
    lines.push('', '_Its parameters are not in this catalogue: names with its prefix are not checked._');
  }
  if (m.helpurls.length) lines.push('', m.helpurls.map((u) => `[Help](${u})`).join(' · '));
  return lines.join('\n');
}

/** How a selection is named to the user: `the main module`, `list=allimages`. */
export function selectionLabel(s: Selection): string {
  if (!s.via) return 'the main module';
  return `${s.viaName}=${s.module.name}`;
}

/** A parameter's one-line detail: its type, `multi`, and the selection it belongs to. */
export function paramDetail(p: ParamInfo, label: string): string {
  return `${typeLabel(p)}${p.multi ? ', multi' : ''} — ${label}`;
}

export function paramDoc(p: ParamInfo, fullName: string, m: ModuleInfo, selectionLabel: string, catalogue: Catalogue): string {
  const lines: string[] = [];
  lines.push(`**${fullName}**${p.deprecated ? ' — **deprecated**' : ''}`);
  const help = helpLinks(m, catalogue);
  if (p.description) lines.push('', p.description);
  else lines.push('', `_No description in ${catalogue.source === 'bundled' ? 'wikiq\'s' : 'this wiki\'s'} catalogue._${help ? ` The module's help page: ${help}` : ''}`);
  const facts: string[] = [];
  facts.push(`Type: ${typeLabel(p)}${p.multi ? ' (multiple values, separated by `|`)' : ''}`);
  if (p.required) facts.push('Required.');
  if (p.default !== undefined && p.default !== null) facts.push(`Default: ${code(String(p.default))}`);
  if (p.type === 'limit') {
    const b: string[] = [];
    if (p.min !== undefined) b.push(`min ${p.min}`);
    if (p.max !== undefined) b.push(`max ${p.max}`);
    if (p.highmax !== undefined) b.push(`${p.highmax} with elevated rights`);
    facts.push(`Limit: ${b.join(', ')}; \`max\` asks for the most allowed.`);
  } else if (p.min !== undefined || p.max !== undefined) {
    facts.push(`Range: ${p.min ?? '−∞'} … ${p.max ?? '∞'}`);
  }
  if (p.multi) {
    const lim = p.limit ?? p.lowlimit;
    if (lim !== undefined) facts.push(`At most ${lim} values${p.highlimit !== undefined ? ` (${p.highlimit} with elevated rights)` : ''}.`);
    if (p.allowsduplicates) facts.push('Values may repeat.');
  }
  if (p.allspecifier) facts.push(`${code(p.allspecifier)} stands for all values.`);
  if (p.subtypes?.length) facts.push(`Accepts: ${p.subtypes.join(', ')}.`);
  if (p.type === 'namespace') {
    const ns = namespacesOf(catalogue).filter((n) => n.id >= 0 || (p.extranamespaces ?? []).includes(n.id));
    facts.push(`Namespaces: ${ns.map((n) => `${n.id} (${n.name})`).join(', ')}`);
  }
  if (p.templatevars && Object.keys(p.templatevars).length) facts.push(`Templated: ${Object.entries(p.templatevars ?? {}).map(([k, v]) => `{${k}} takes each value of ${code(m.prefix + v)}`).join('; ')}.`);
  for (const note of p.info) {
    if (note.name === 'useronly') facts.push(`Only with ${code(m.prefix + 'user')}.`);
    else if (note.name === 'nonuseronly') facts.push(`Only without ${code(m.prefix + 'user')}.`);
    else if (note.name === 'modes') facts.push(`Only in mode${(note.values ?? []).length > 1 ? 's' : ''} ${(note.values ?? []).join(' and ')}.`);
    else if (note.text) facts.push(note.text);
    else facts.push(`Note: ${note.name}${note.values ? ' ' + note.values.join(', ') : ''}.`);
  }
  const values = enumValues(p);
  if (values && !p.submodules) {
    const shown = values.slice(0, 40).map((v) => {
      const dep = p.deprecatedvalues.includes(v) ? ' *(deprecated)*' : '';
      const d = p.valuedescriptions?.[v];
      return `- ${code(v)}${dep}${d ? ' — ' + oneLine(d) : ''}`;
    });
    if (values.length > 40) shown.push(`- … and ${values.length - 40} more`);
    lines.push('', ...facts, '', 'Values:', ...shown);
  } else {
    lines.push('', ...facts);
  }
  lines.push('', `Belongs to ${selectionLabel} (${code(m.path)}).`);
  if (help && p.description) lines.push('', help); // else linked above
  return lines.join('\n\n').replace(/\n\n\n+/g, '\n\n').replace(/\n\n(?=- )/g, '\n');
}

/**
 * Links to a module's help: its `helpurls`, else its `Special:ApiHelp` page — on the catalogue's
 * wiki, or on mediawiki.org for the bundled catalogue (MediaWiki's core modules).
 */
export function helpLinks(m: ModuleInfo, catalogue: Catalogue): string {
  if (m.helpurls.length) return m.helpurls.map((u) => `[Help](${u})`).join(' · ');
  const page = `Special:ApiHelp/${m.path}`;
  let url: string | undefined;
  try {
    if (catalogue.endpoint) url = new URL(`index.php?title=${encodeURIComponent(page)}`, catalogue.endpoint).href;
  } catch {
    url = undefined;
  }
  if (!url && catalogue.source === 'bundled') url = `https://www.mediawiki.org/wiki/${page}`;
  return url ? `[Help](${url})` : '';
}

export function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 160 ? t.slice(0, 159) + '…' : t;
}
