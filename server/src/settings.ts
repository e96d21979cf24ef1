/**
 * The environment from the client's `wikiq` settings, for editors other than VS Code: read with
 * `workspace/configuration` after `initialized` and again on `workspace/didChangeConfiguration`
 * (or taken from that notification's `settings.wikiq` when the client cannot be asked). Registers
 * for changes only when the client offers dynamic registration. A client that manages the
 * environment itself (VS Code's, with `wikiq/setEnvironment`) is not asked.
 */
import { Connection, DidChangeConfigurationNotification, type DidChangeConfigurationParams } from 'vscode-languageserver/node';
import type { EnvironmentParams } from '../../common/protocol';
import { WikiqSettings, environmentFromSettings } from '../../common/settings';
import type { ClientSupport } from './clientSupport';

export class SettingsWatcher {
  constructor(
    private readonly connection: Connection,
    private readonly support: ClientSupport,
    private managed: boolean,
    private readonly apply: (env: EnvironmentParams) => void,
  ) {
    connection.onDidChangeConfiguration((p) => void this.changed(p));
  }

  /** After `initialized`: registers for changes where the client allows it, then reads the settings. */
  async initialized(): Promise<void> {
    if (this.support.dynamicConfiguration) {
      await this.connection.client.register(DidChangeConfigurationNotification.type, { section: 'wikiq' }).catch(() => undefined);
    }
    await this.pull();
  }

  /** The client manages the environment itself from now on. */
  clientManaged(): void {
    this.managed = true;
  }

  private async changed(p: DidChangeConfigurationParams): Promise<void> {
    if (this.managed) return;
    if (this.support.configuration) return this.pull();
    const settings = (p.settings as { wikiq?: WikiqSettings } | null | undefined)?.wikiq;
    if (settings) this.use(settings);
  }

  private async pull(): Promise<void> {
    if (this.managed || !this.support.configuration) return;
    try {
      const settings = (await this.connection.workspace.getConfiguration({ section: 'wikiq' })) as WikiqSettings | null;
      if (!this.managed) this.use(settings ?? {});
    } catch (e) {
      this.connection.console.error(`wikiq: could not read the settings: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private use(settings: WikiqSettings): void {
    // Other editors have no workspace trust: the user chose to run the server on these files.
    this.apply(environmentFromSettings(settings, typeof settings.environment === 'string' ? settings.environment : undefined, true));
  }
}
