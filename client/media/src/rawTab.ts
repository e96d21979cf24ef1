/**
 * The Raw tab: each batch's body as received (capped by the host), with a copy button. A body
 * scrolls: it is a named region and a Tab stop (an aria-label needs a role that takes a name).
 */
import { formatBytes, formatCount } from '../../shared/format';
import type { ViewContext } from './context';
import { button, clear, h } from './dom';

export function renderRaw(panel: HTMLElement, ctx: ViewContext): void {
  clear(panel);
  const m = ctx.model!;
  if (!m.rawBatches.length) {
    panel.appendChild(h('p', { class: 'muted empty' }, 'No response body was kept.'));
    return;
  }
  panel.appendChild(h('p', { class: 'muted' }, `Each batch's body as received (${formatCount(m.rawBatches.length)} of ${formatCount(m.batches)} batches; long bodies are cut — export the result to keep everything).`));
  m.rawBatches.forEach((body, i) => {
    const copy = button('Copy', { class: 'secondary small' }, () => ctx.copy(body));
    panel.appendChild(h('div', { class: 'raw-batch' },
      h('div', { class: 'raw-head' }, h('strong', null, `Batch ${i + 1}`), h('span', { class: 'muted' }, ` ${formatBytes(body.length)}`), h('span', { class: 'spacer' }), copy),
      h('pre', { class: 'raw', role: 'region', tabindex: '0', 'aria-label': `Body of batch ${i + 1}` }, body)));
  });
}
