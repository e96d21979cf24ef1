/** The paraminfo module reference as a table of the Table tab: ./paraminfo renders it, filtered. */
import { formatCount } from '../../shared/format';
import { getPath } from '../../shared/json';
import type { ViewContext } from './context';
import { filterBox, h } from './dom';
import { ParamReference } from './paraminfo';
import { TableSpec, tableRows } from '../../shared/tables';

export class ParamController {
  readonly element: HTMLElement;
  private readonly ref: ParamReference;
  private readonly filterInput: HTMLInputElement;
  private readonly status: HTMLElement;
  private shown = 0;

  constructor(private readonly app: ViewContext, public spec: TableSpec) {
    this.filterInput = filterBox(app, spec.id, { placeholder: 'Filter modules, parameters', label: 'Filter modules and parameters' }, () => void this.mount(true));
    this.status = h('span', { class: 'muted count', role: 'status' });
    const box = h('div', { class: 'pi' });
    const result = app.model!.result;
    const helpformat = String(getPath(result, ['paraminfo', 'helpformat']) ?? 'none');
    this.ref = new ParamReference(box, { endpoint: app.model!.endpoint, helpformat, onOpenUrl: (u) => app.openUrl(u) });
    this.element = h('div', { class: 'table-view' }, h('div', { class: 'toolbar' }, this.filterInput, this.status), box);
  }

  get name(): string {
    return this.spec.name;
  }

  get count(): number {
    return this.shown;
  }

  private mounted = false;
  async mount(force = false): Promise<void> {
    if (this.mounted && !force) return;
    this.mounted = true;
    const modules = tableRows(this.app.model!.result, this.spec);
    this.status.textContent = `${formatCount(modules.length)} modules`;
    this.shown = await this.ref.render(modules, this.filterInput.value);
    this.app.reportSoon();
  }

  grew(): void {
    void this.mount(true);
  }

  replaced(): void {
    void this.mount(true);
  }

  syncThumbToggle(): void {}

  visibleText(): string {
    return this.ref.box.innerText.slice(0, 100_000);
  }

  focus(): void {
    (this.ref.box.querySelector<HTMLElement>('summary'))?.focus();
  }
}
