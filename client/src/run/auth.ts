/**
 * Signed-in wikis in VS Code: credentials only in SecretStorage, keyed by the endpoint's exact
 * origin and path; `wikiq: Sign in to wiki…` and `wikiq: Sign out`; sessions (cookies) per
 * endpoint in memory for this editor session; a status bar item saying who you are on the current
 * wiki. In an untrusted workspace no credentials are used at all.
 */
import * as vscode from 'vscode';
import {
  Credentials, HttpClient, SignedInHttpClient, WikiSession, credentialKey, credentialRefusal, errorMessage,
} from '../../../engine/src/index';
import { Environments } from '../environments';
import { CredentialKind, signedInLabel } from './signedInCopy';

const SECRET_PREFIX = 'wikiq.credentials:';
/** The endpoints that have credentials (SecretStorage cannot list its keys); no secret here. */
const INDEX_KEY = 'wikiq.signedInEndpoints';

const LEARN_MORE = 'Learn more';
/** The README's section on what works in the browser and what does not. */
const BROWSER_README = 'https://github.com/wikiq/wikiq#in-the-browser';

export class WikiAuth implements vscode.Disposable {
  private readonly sessions = new Map<string, WikiSession>();
  private readonly status = vscode.window.createStatusBarItem('wikiq.account', vscode.StatusBarAlignment.Left, 99);
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fired with the endpoint key (origin and path) whose credentials were stored or forgotten. */
  readonly onDidChangeCredentials = this.changed.event;

  /** `unavailable`: why signing in is not offered here (the browser: client/src/platform.web.ts); the sign-in commands say it. */
  constructor(private readonly secrets: vscode.SecretStorage, private readonly state: vscode.Memento, private readonly environments: Environments, private readonly unavailable?: string) {
    this.status.name = 'wikiq account';
    this.status.command = 'wikiq.signIn';
    this.disposables.push(
      this.status,
      this.changed,
      vscode.commands.registerCommand('wikiq.signIn', (endpoint?: string, creds?: Credentials) => this.signIn(endpoint, creds)),
      vscode.commands.registerCommand('wikiq.signOut', (endpoint?: string) => this.signOut(endpoint)),
      environments.onDidChange(() => void this.updateStatus()),
      secrets.onDidChange(() => void this.updateStatus()),
    );
    void this.updateStatus();
  }

  /** The endpoint keys that have stored credentials (no secret). */
  endpoints(): string[] {
    return this.state.get<string[]>(INDEX_KEY) ?? [];
  }

  /** The stored credentials of `endpoint`; none in an untrusted workspace. */
  async credentials(endpoint: string): Promise<Credentials | undefined> {
    if (!vscode.workspace.isTrusted) return undefined;
    let key: string;
    try {
      key = credentialKey(endpoint);
    } catch {
      return undefined;
    }
    const raw = await this.secrets.get(SECRET_PREFIX + key);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as Credentials;
    } catch {
      return undefined;
    }
  }

  async kind(endpoint: string): Promise<CredentialKind | undefined> {
    return (await this.credentials(endpoint))?.kind;
  }

  /** A client signed in to `endpoint` (sharing its session for this editor session), or undefined without credentials. */
  async client(endpoint: string, base: HttpClient): Promise<HttpClient | undefined> {
    const creds = await this.credentials(endpoint);
    if (!creds || credentialRefusal(endpoint)) return undefined;
    const key = credentialKey(endpoint);
    let session = this.sessions.get(key);
    if (!session || JSON.stringify(session.credentials) !== JSON.stringify(creds)) {
      session = new WikiSession(endpoint, creds);
      this.sessions.set(key, session);
    }
    const client = new SignedInHttpClient(session, base.options, base.onLog);
    void client.ready().then(() => this.updateStatus(), () => undefined);
    return client;
  }

  private async signIn(endpointArg?: string, given?: Credentials): Promise<boolean> {
    if (this.unavailable) return this.sayUnavailable();
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage('wikiq: credentials are not used in an untrusted workspace. Trust it first.');
      return false;
    }
    const endpoint = endpointArg ?? await this.pickEndpoint();
    if (!endpoint) return false;
    const refused = credentialRefusal(endpoint);
    if (refused) {
      void vscode.window.showErrorMessage(`wikiq: not signing in to ${endpoint}: ${refused}.`);
      return false;
    }
    const creds = given ?? await this.askCredentials(endpoint);
    if (!creds) return false;
    const key = credentialKey(endpoint);
    const session = new WikiSession(endpoint, creds);
    try {
      const who = await new SignedInHttpClient(session).ready(AbortSignal.timeout(30000));
      void vscode.window.showInformationMessage(`wikiq: signed in to ${endpoint} as ${who.name}.${who.note ? ` ${who.note}` : ''}`);
    } catch (e) {
      void vscode.window.showErrorMessage(`wikiq: ${errorMessage(e)}`);
      return false;
    }
    await this.secrets.store(SECRET_PREFIX + key, JSON.stringify(creds));
    await this.state.update(INDEX_KEY, [...new Set([...this.endpoints(), key])]);
    this.sessions.set(key, session);
    this.changed.fire(key);
    await this.updateStatus();
    return true;
  }

  private async pickEndpoint(): Promise<string | undefined> {
    const known = new Set<string>([this.environments.current().endpoint, ...Object.values(this.environments.all()).map((e) => e.endpoint)].filter((e): e is string => !!e));
    const items: vscode.QuickPickItem[] = [...known].map((e) => ({ label: e }));
    items.push({ label: 'Another wiki…', description: 'type its api.php URL' });
    const pick = await vscode.window.showQuickPick(items, { placeHolder: 'Sign in to which wiki (api.php)?' });
    if (!pick) return undefined;
    if (pick.label !== 'Another wiki…') return pick.label;
    return vscode.window.showInputBox({ prompt: 'The wiki\'s api.php URL', placeHolder: 'https://wiki.example.org/w/api.php', validateInput: (v) => (v ? credentialRefusal(v) : undefined) });
  }

  private async askCredentials(endpoint: string): Promise<Credentials | undefined> {
    const picked = await vscode.window.showQuickPick([
      { label: 'Bot password', description: 'Special:BotPasswords: user name User@BotName', auth: 'botpassword' as const },
      { label: 'OAuth access token', description: 'an owner-only OAuth 2 consumer', auth: 'oauth' as const },
    ], { placeHolder: `How do you sign in to ${endpoint}?` });
    if (!picked) return undefined;
    if (picked.auth === 'oauth') {
      const token = await vscode.window.showInputBox({ prompt: 'The access token (kept in VS Code\'s SecretStorage)', password: true, ignoreFocusOut: true });
      return token ? { kind: 'oauth', token } : undefined;
    }
    const user = await vscode.window.showInputBox({ prompt: 'User name of the bot password (User@BotName)', ignoreFocusOut: true, validateInput: (v) => (v && !v.includes('@') ? 'A bot password\'s user name is User@BotName' : undefined) });
    if (!user) return undefined;
    const password = await vscode.window.showInputBox({ prompt: `The bot password of ${user} (kept in VS Code's SecretStorage)`, password: true, ignoreFocusOut: true });
    return password ? { kind: 'botpassword', user, password } : undefined;
  }

  /** Says why, and what works instead, without waiting for the message to be closed. */
  private sayUnavailable(): false {
    void vscode.window.showErrorMessage(`wikiq: ${this.unavailable}`, LEARN_MORE).then((choice) => {
      if (choice === LEARN_MORE) void vscode.env.openExternal(vscode.Uri.parse(BROWSER_README));
    });
    return false;
  }

  private async signOut(endpointArg?: string): Promise<boolean> {
    if (this.unavailable) return this.sayUnavailable();
    const known = this.endpoints();
    const key = endpointArg ? credentialKey(endpointArg) : known.length === 1 ? known[0] : (await vscode.window.showQuickPick(known, { placeHolder: 'Sign out of which wiki?' }));
    if (!key) return false;
    await this.secrets.delete(SECRET_PREFIX + key);
    await this.state.update(INDEX_KEY, known.filter((k) => k !== key));
    this.sessions.delete(key);
    this.changed.fire(key);
    await this.updateStatus();
    return true;
  }

  /** What the status bar says for the current environment's wiki; hidden without an endpoint. */
  async updateStatus(): Promise<string | undefined> {
    const endpoint = this.environments.current().endpoint;
    if (!endpoint) {
      this.status.hide();
      return undefined;
    }
    let text: string;
    try {
      const kind = await this.kind(endpoint);
      text = signedInLabel(kind, this.sessions.get(credentialKey(endpoint))?.identity?.name);
      this.status.tooltip = this.unavailable ? `wikiq: ${this.unavailable}` : kind ? `wikiq: signed in to ${endpoint}. Click to sign in again; "wikiq: Sign out" forgets the credentials.` : `wikiq: not signed in to ${endpoint}. Click to sign in.`;
    } catch (e) {
      text = '$(account) ?';
      this.status.tooltip = `wikiq: ${errorMessage(e)}`;
    }
    this.status.text = text;
    this.status.show();
    return text;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
