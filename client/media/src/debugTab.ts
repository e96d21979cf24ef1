/** The Debug tab: the parameters sent, the next continue, one line per HTTP request, and the wiki's debuginfo (redacted again here). */
import { formatBytes, formatMs } from '../../shared/format';
import { redactDebuginfo } from '../../shared/redact';
import type { ViewContext } from './context';
import { clear, h } from './dom';
import { JsonTree } from './jsonTree';

export function renderDebug(panel: HTMLElement, ctx: ViewContext): void {
  clear(panel);
  const m = ctx.model!;
  const params = h('table', { class: 'kv' }, h('caption', null, 'Parameters sent'));
  for (const [k, v] of Object.entries(m.params)) params.appendChild(h('tr', null, h('th', { scope: 'row' }, k), h('td', null, h('code', null, v))));
  panel.appendChild(params);
  if (m.continue) panel.appendChild(h('p', null, h('span', { class: 'muted' }, 'Next continue: '), h('code', null, JSON.stringify(m.continue))));
  if (m.requests?.length) {
    const t = h('table', { class: 'kv requests' }, h('caption', null, 'HTTP requests'),
      h('thead', null, h('tr', null, ...['#', 'Status', 'Time', 'Size', 'URL'].map((c) => h('th', { scope: 'col' }, c)))));
    for (const r of m.requests.slice(0, 1000)) {
      t.appendChild(h('tr', null, h('td', null, String(r.n)), h('td', null, String(r.status)), h('td', null, formatMs(r.ms)), h('td', null, formatBytes(r.bytes)), h('td', null, h('code', null, r.url))));
    }
    panel.appendChild(t);
  }
  if (m.debuginfo === undefined) {
    panel.appendChild(h('p', { class: 'muted' }, 'The wiki sent no debuginfo with this result.'));
  } else {
    panel.appendChild(h('h2', null, 'debuginfo'));
    panel.appendChild(h('p', { class: 'muted' }, 'As the wiki echoed it; cookies and authorization headers are redacted.'));
    const tree = new JsonTree(redactDebuginfo(m.debuginfo), { label: 'debuginfo', expandDepth: 0, maxNodes: 10_000, onOpenUrl: (u) => ctx.openUrl(u) });
    panel.appendChild(tree.root);
  }
}
