/**
 * What the editor offers on a request: CodeLens above each (▶ Run, ▶ Test on a request with `??`
 * assertions — its Test Explorer item, run/testExplorer.ts —, Run all batches, Copy as URL, Copy as curl) and code actions where the cursor is (Copy as code…, Copy as ApiSandbox link).
 * A write (run/writeLens.ts) shows ▶ Preview instead (results/writes.ts), and in an untrusted
 * workspace or the browser a lens that says why there is none.
 */
import * as vscode from 'vscode';
import { requestsOf, paramsOf, parse, requestAt, type Catalogue } from '../../core/src';
import { requestRefAt, requestRefs } from '../../common/requestRef';
import { writeModuleOf } from './run/writeLens';
import { PLATFORM } from './platform';

export class RequestCodeLensProvider implements vscode.CodeLensProvider {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.emitter.event;
  /**
   * By document URI: its lenses for one version and one state of trust. An entry goes when its
   * document closes (`forget`): an untitled document reopened under the same URI starts again at
   * version 1, and must not get the closed one's lenses. Not kept when the catalogue was unreadable.
   */
  private cache = new Map<string, { version: number; trusted: boolean; lenses: vscode.CodeLens[] }>();

  /** `catalogue`: the bundled one, which says which modules write. */
  constructor(private readonly catalogue: () => Promise<Catalogue>) {}

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const trusted = vscode.workspace.isTrusted;
    const hit = this.cache.get(document.uri.toString());
    if (hit && hit.version === document.version && hit.trusted === trusted) return hit.lenses;
    const catalogue = await this.catalogue().catch(() => undefined);
    const text = document.getText();
    const file = parse(text);
    const requests = requestsOf(file);
    const refs = requestRefs(document.uri.toString(), requests);
    const lenses: vscode.CodeLens[] = [];
    for (const r of requests) {
      if (!r.paramCount && !r.urls.length) continue; // (the count: the parameters themselves are made only when asked for)
      const at = document.positionAt(r.headerSpan?.start ?? paramsOf(r)[0]?.span.start ?? r.urls[0].span.start);
      const range = new vscode.Range(at, at);
      const ref = refs[r.index];
      const write = writeModuleOf(text, r, catalogue);
      if (write) {
        const why = PLATFORM === 'browser' ? 'in the browser' : trusted ? undefined : 'in an untrusted workspace';
        lenses.push(why
          ? new vscode.CodeLens(range, { title: `✎ Write: no Preview ${why}`, command: 'wikiq.preview', arguments: [ref], tooltip: `Writes are not previewed or saved ${why}: the command says why` })
          : new vscode.CodeLens(range, { title: '▶ Preview', command: 'wikiq.preview', arguments: [ref], tooltip: `Preview this ${write}: the wiki's diff and the facts; Save only after you confirm` }));
        continue;
      }
      lenses.push(new vscode.CodeLens(range, { title: '▶ Run', command: 'wikiq.run', arguments: [ref], tooltip: 'Run this request (one batch)' }));
      if (r.assertionCount) lenses.push(new vscode.CodeLens(range, { title: '▶ Test', command: 'wikiq.test', arguments: [ref], tooltip: 'Run this request to the end and check its ?? assertions (Test Explorer)' }));
      lenses.push(
        new vscode.CodeLens(range, { title: 'Run all batches', command: 'wikiq.runAll', arguments: [ref], tooltip: 'Follow continuation to the end' }),
        new vscode.CodeLens(range, { title: 'Copy as URL', command: 'wikiq.copyAsUrl', arguments: [ref] }),
        new vscode.CodeLens(range, { title: 'Copy as curl', command: 'wikiq.copyAsCurl', arguments: [ref] }),
      );
    }
    if (catalogue) this.cache.set(document.uri.toString(), { version: document.version, trusted, lenses });
    return lenses;
  }

  refresh(): void {
    this.emitter.fire();
  }

  /** Drops a closed document's lenses. */
  forget(document: vscode.TextDocument): void {
    this.cache.delete(document.uri.toString());
  }
}

/** The copy commands that need a choice or leave the editor's line of lenses short, as code actions on the request at the cursor. */
export class RequestCodeActionProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.Empty];

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const file = parse(document.getText());
    const r = requestAt(file, document.offsetAt(range.start));
    if (!r || (!r.paramCount && !r.urls.length)) return [];
    const ref = requestRefAt(document.uri.toString(), requestsOf(file), r.index);
    const action = (title: string, command: string): vscode.CodeAction => {
      const a = new vscode.CodeAction(title, vscode.CodeActionKind.Empty);
      a.command = { title, command, arguments: [ref] };
      return a;
    };
    return [action('Copy as code…', 'wikiq.copyAsCode'), action('Copy as ApiSandbox link', 'wikiq.copyAsApiSandbox')];
  }
}
