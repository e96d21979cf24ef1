/**
 * The module descriptors of `action=paraminfo` as a readable reference: per module its path,
 * group, prefix, flags, source and help links, then its parameters with the prefixed name, type
 * (enumerations listed, deprecated values struck), default, limits and notes. Sections are built
 * in time slices; a module's parameter table is built when it is first opened.
 */
import { isObj } from '../../shared/json';
import { safeHttpUrl } from '../../shared/url';
import { clear, h } from './dom';
import { sanitizeHtml } from './purify';
import { Cancellable, yieldToBrowser } from './schedule';

type Obj = Record<string, unknown>;

const FLAGS: Array<[string, string]> = [
  ['generator', 'generator'], ['readrights', 'needs read right'], ['writerights', 'needs write right'], ['mustbeposted', 'POST only'],
  ['deprecated', 'deprecated'], ['internal', 'internal'],
];

export interface ParamRefOptions {
  endpoint: string;
  /** `paraminfo.helpformat`: descriptions are HTML only when it is `html`. */
  helpformat: string;
  onOpenUrl(url: string): void;
}

const present = (o: Obj, k: string) => k in o && o[k] !== false;

function str(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

function link(url: unknown, label?: string): Node {
  const u = safeHttpUrl(url);
  return u ? h('a', { href: u, title: u }, label ?? u) : document.createTextNode(str(url));
}

/** A description in any help format: HTML through the sanitiser, anything else as text. */
function description(v: unknown, o: ParamRefOptions): Node | null {
  if (v === undefined || v === '' || (Array.isArray(v) && !v.length)) return null;
  const box = h('div', { class: 'pi-desc' });
  if (typeof v === 'string') box.appendChild(o.helpformat === 'html' ? sanitizeHtml(v, o.endpoint) : document.createTextNode(v));
  else if (Array.isArray(v)) box.appendChild(document.createTextNode(v.map((x) => (isObj(x) && typeof x.key === 'string' ? x.key : str(x))).join(' ')));
  else box.appendChild(document.createTextNode(str(v)));
  return box;
}

function typeCell(p: Obj): Node {
  const cell = h('div', { class: 'pi-type' });
  const deprecated = new Set(Array.isArray(p.deprecatedvalues) ? p.deprecatedvalues.map(String) : []);
  if (Array.isArray(p.type)) {
    cell.appendChild(h('span', { class: 'muted' }, p.type.length === 1 ? 'value: ' : `one of ${p.type.length}: `));
    p.type.forEach((v, i) => {
      if (i) cell.appendChild(document.createTextNode(' '));
      cell.appendChild(h(deprecated.has(String(v)) ? 's' : 'code', { class: 'chip', title: deprecated.has(String(v)) ? 'deprecated value' : undefined }, String(v)));
    });
  } else cell.appendChild(h('code', null, str(p.type)));
  if (present(p, 'multi')) cell.appendChild(h('span', { class: 'tag', title: 'several values separated by |' }, 'multi'));
  if (Array.isArray(p.subtypes)) cell.appendChild(h('span', { class: 'muted' }, ` (${p.subtypes.join(', ')})`));
  return cell;
}

function defaultCell(p: Obj): Node {
  if (!('default' in p)) return h('span', { class: 'muted' }, '—');
  const d = p.default;
  if (d === '') return h('span', { class: 'muted' }, '(empty)');
  if (Array.isArray(d)) return h('code', null, d.join('|'));
  return h('code', null, str(d));
}

function limitsCell(p: Obj): Node {
  const parts: string[] = [];
  if (p.min !== undefined || p.max !== undefined) parts.push(`${String(p.min ?? '…')}–${String(p.max ?? '…')}${p.highmax !== undefined ? ` (${String(p.highmax)} with higher rights)` : ''}`);
  if (p.limit !== undefined) parts.push(`${String(p.limit)} values`);
  else if (p.lowlimit !== undefined) parts.push(`${String(p.lowlimit)} values (${String(p.highlimit ?? '?')} with higher rights)`);
  if (p.maxbytes !== undefined) parts.push(`${String(p.maxbytes)} bytes`);
  if (p.maxchars !== undefined) parts.push(`${String(p.maxchars)} characters`);
  return parts.length ? document.createTextNode(parts.join('; ')) : h('span', { class: 'muted' }, '—');
}

function notesCell(p: Obj): Node {
  const notes: string[] = [];
  if (present(p, 'required')) notes.push('required');
  if (present(p, 'deprecated')) notes.push('deprecated');
  if (present(p, 'sensitive')) notes.push('sensitive');
  if (present(p, 'allowsduplicates')) notes.push('duplicates allowed');
  if (typeof p.allspecifier === 'string') notes.push(`${p.allspecifier} = all values`);
  if (Array.isArray(p.extranamespaces)) notes.push(`also namespaces ${p.extranamespaces.join(', ')}`);
  if (isObj(p.templatevars)) notes.push(`placeholders: ${Object.entries(p.templatevars).map(([k, v]) => `{${k}} from ${str(v)}`).join(', ')}`);
  if (Array.isArray(p.info)) for (const i of p.info) if (isObj(i)) notes.push(`${str(i.name)}${Array.isArray(i.values) ? ` ${i.values.join(', ')}` : ''}`);
  if (typeof p.tokentype === 'string') notes.push(`token: ${p.tokentype}`);
  return document.createTextNode(notes.join('; '));
}

function paramTable(m: Obj, params: unknown[], title: string, o: ParamRefOptions, filter: string): HTMLElement | null {
  const prefix = typeof m.prefix === 'string' ? m.prefix : '';
  const rows = params.filter(isObj).filter((p) => !filter || `${prefix}${str(p.name)} ${str(p.type)} ${str(p.description)}`.toLowerCase().includes(filter));
  if (!rows.length) return null;
  const table = h('table', { class: 'pi-params' },
    h('caption', null, title),
    h('thead', null, h('tr', null, ...['Parameter', 'Type', 'Default', 'Limits', 'Notes'].map((c) => h('th', { scope: 'col' }, c)))));
  const body = h('tbody');
  for (const p of rows) {
    const name = h('td', { class: 'pi-name' }, h(present(p, 'deprecated') ? 's' : 'code', null, `${prefix}${str(p.name)}`));
    const desc = description(p.description, o);
    if (desc) name.appendChild(desc);
    body.appendChild(h('tr', null, name, h('td', null, typeCell(p)), h('td', null, defaultCell(p)), h('td', null, limitsCell(p)), h('td', null, notesCell(p))));
  }
  table.appendChild(body);
  return table;
}

function moduleSection(m: Obj, o: ParamRefOptions, open: boolean, filter: string): HTMLElement {
  const name = str(m.path ?? m.name);
  const flags = FLAGS.filter(([k]) => present(m, k));
  const summary = h('summary', null,
    h('span', { class: 'pi-title' }, name),
    m.group ? h('span', { class: 'tag' }, str(m.group)) : null,
    m.prefix ? h('span', { class: 'tag', title: 'parameter prefix' }, `prefix ${str(m.prefix)}`) : null,
    ...flags.map(([k, label]) => h('span', { class: k === 'deprecated' ? 'tag warn' : 'tag' }, label)),
    h('span', { class: 'muted' }, ` ${Array.isArray(m.parameters) ? m.parameters.length : 0} parameters`));
  const details = h('details', { class: 'pi-module' }, summary);
  let built = false;
  const build = () => {
    if (built) return;
    built = true;
    const meta = h('div', { class: 'pi-meta' });
    // One fact an item, each kept whole on its line (they ran together as one sentence).
    const add = (label: string, ...v: Array<Node | string>) => meta.append(h('span', { class: 'pi-fact' }, h('span', { class: 'muted' }, `${label}: `), ...v));
    if (m.sourcename || m.source) add('Source', str(m.sourcename ?? m.source));
    if (m.licensetag) add('License', m.licenselink ? link(m.licenselink, str(m.licensetag)) : str(m.licensetag));
    if (m.classname) add('Class', h('code', null, str(m.classname)));
    if (Array.isArray(m.helpurls) && m.helpurls.length) add('Help', ...m.helpurls.flatMap((u, i) => (i ? [', ', link(u)] : [link(u)])));
    details.appendChild(meta);
    const desc = description(m.description, o);
    if (desc) details.appendChild(desc);
    const t1 = Array.isArray(m.parameters) ? paramTable(m, m.parameters, 'Parameters', o, filter) : null;
    const t2 = Array.isArray(m.templatedparameters) && m.templatedparameters.length ? paramTable(m, m.templatedparameters, 'Templated parameters', o, filter) : null;
    if (t1) details.appendChild(t1);
    if (t2) details.appendChild(t2);
    if (!t1 && !t2) details.appendChild(h('p', { class: 'muted' }, filter ? 'No parameter matches the filter.' : 'No parameters.'));
  };
  details.addEventListener('toggle', () => details.open && build());
  if (open) {
    details.open = true;
    build();
  }
  return details;
}

/** Renders the reference into `box` (in slices); resolves with the number of modules shown. */
export class ParamReference {
  private readonly job = new Cancellable();
  constructor(readonly box: HTMLElement, private readonly o: ParamRefOptions) {
    box.addEventListener('click', (e) => {
      const a = (e.target as Element).closest('a[href]');
      if (!a) return;
      e.preventDefault();
      this.o.onOpenUrl(a.getAttribute('href') ?? '');
    });
  }

  async render(modules: unknown[], filterText: string): Promise<number> {
    const cancelled = this.job.next();
    clear(this.box);
    const filter = filterText.trim().toLowerCase();
    const list = modules.filter(isObj).filter((m) => {
      if (!filter) return true;
      const prefix = str(m.prefix);
      const hay = `${str(m.path ?? m.name)} ${str(m.group)} ${JSON.stringify(m.parameters ?? []).toLowerCase()} ${(Array.isArray(m.parameters) ? m.parameters : []).map((p) => (isObj(p) ? prefix + str(p.name) : '')).join(' ')}`;
      return hay.toLowerCase().includes(filter);
    });
    if (!list.length) {
      this.box.appendChild(h('p', { class: 'muted' }, modules.length ? 'No module matches the filter.' : 'No module descriptors in this result.'));
      return 0;
    }
    const open = list.length <= 3 || !!filter;
    let t0 = performance.now();
    for (const m of list) {
      this.box.appendChild(moduleSection(m, this.o, open && (list.length <= 3 || list.indexOf(m) < 10), filter));
      if (performance.now() - t0 > 12) {
        await yieldToBrowser();
        if (cancelled()) return 0;
        t0 = performance.now();
      }
    }
    return list.length;
  }
}
