/** Environments (`wikiq.environments`), the active one (kept per workspace), and the endpoint setting. */
import * as vscode from 'vscode';
import type { EnvironmentParams } from '../../common/protocol';

export interface EnvironmentConfig {
  endpoint?: string;
  variables?: Record<string, string>;
}

const ACTIVE_KEY = 'wikiq.activeEnvironment';

export class Environments implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<EnvironmentParams>();
  readonly onDidChange = this.emitter.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly state: vscode.Memento) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('wikiq.environments') || e.affectsConfiguration('wikiq.endpoint')) this.emitter.fire(this.current());
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.emitter.fire(this.current())),
    );
  }

  all(): Record<string, EnvironmentConfig> {
    const envs = vscode.workspace.getConfiguration('wikiq').get<Record<string, EnvironmentConfig>>('environments') ?? {};
    return typeof envs === 'object' && envs ? envs : {};
  }

  activeName(): string | undefined {
    const name = this.state.get<string>(ACTIVE_KEY);
    return name && this.all()[name] ? name : undefined;
  }

  current(): EnvironmentParams {
    const name = this.activeName();
    const env = name ? this.all()[name] : undefined;
    const fallback = vscode.workspace.getConfiguration('wikiq').get<string>('endpoint') || undefined;
    return {
      name,
      endpoint: env?.endpoint ?? fallback,
      variables: env?.variables ?? {},
      trusted: vscode.workspace.isTrusted,
    };
  }

  async select(): Promise<void> {
    const envs = this.all();
    const items: Array<vscode.QuickPickItem & { name?: string }> = Object.entries(envs).map(([name, e]) => ({
      label: name, description: e.endpoint, name, picked: name === this.activeName(),
    }));
    items.push({ label: 'No environment', description: 'use @endpoint in the file or the wikiq.endpoint setting', name: undefined });
    if (items.length === 1) {
      const open = 'Open settings';
      const choice = await vscode.window.showInformationMessage('No environments are defined. Add them to the setting "wikiq.environments".', open);
      if (choice === open) await vscode.commands.executeCommand('workbench.action.openSettings', 'wikiq.environments');
      return;
    }
    const pick = await vscode.window.showQuickPick(items, { placeHolder: 'Select the wikiq environment' });
    if (!pick) return;
    await this.setActive(pick.name);
  }

  async setActive(name: string | undefined): Promise<void> {
    await this.state.update(ACTIVE_KEY, name);
    this.emitter.fire(this.current());
  }

  dispose(): void {
    this.emitter.dispose();
    this.subscriptions.forEach((s) => s.dispose());
  }
}
