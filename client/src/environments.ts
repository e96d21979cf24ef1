/** Environments (`wikiq.environments`), the active one (kept per workspace), and the endpoint setting. */
import * as vscode from 'vscode';
import type { EnvironmentParams } from '../../common/protocol';
import { EnvironmentConfig, WikiqSettings, environmentFromSettings, environmentsOf } from '../../common/settings';

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

  private settings(): WikiqSettings {
    const config = vscode.workspace.getConfiguration('wikiq');
    return { endpoint: config.get<string>('endpoint'), environments: config.get<Record<string, EnvironmentConfig>>('environments') };
  }

  all(): Record<string, EnvironmentConfig> {
    return environmentsOf(this.settings());
  }

  activeName(): string | undefined {
    const name = this.state.get<string>(ACTIVE_KEY);
    return name && this.all()[name] ? name : undefined;
  }

  current(): EnvironmentParams {
    return environmentFromSettings(this.settings(), this.state.get<string>(ACTIVE_KEY), vscode.workspace.isTrusted);
  }

  /** The environment `name` (its endpoint and variables), as if it were the active one. */
  named(name: string): EnvironmentParams {
    return environmentFromSettings(this.settings(), name, vscode.workspace.isTrusted);
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
    for (const s of this.subscriptions) s.dispose();
  }
}
