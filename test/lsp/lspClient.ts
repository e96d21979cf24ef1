/**
 * A minimal LSP client for tests: starts `node dist/server.js --stdio` and speaks JSON-RPC over
 * its pipes with vscode-jsonrpc, as any LSP editor would. Unless the test gives an environment,
 * the server's default catalogue cache is a fresh temp directory (`XDG_CACHE_HOME`), removed on
 * `stop()`, so no test reads or writes the user's cache.
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection, MessageConnection } from 'vscode-jsonrpc/node';
import type {
  ClientCapabilities, CompletionList, Diagnostic, Hover, InitializeResult, PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';

export const ROOT = path.resolve(__dirname, '../../..');
export const SERVER = path.join(ROOT, 'dist', 'server.js');

export interface Cursor { text: string; offset: number; line: number; character: number }

/** Removes the cursor marker. `|` is the language's own value separator, so tests mark the cursor with `¦` (U+00A6), its look-alike. */
export function cursor(input: string, marker = '¦'): Cursor {
  const offset = input.indexOf(marker);
  if (offset < 0) throw new Error(`no cursor marker ${marker} in test input`);
  const text = input.slice(0, offset) + input.slice(offset + marker.length);
  const before = text.slice(0, offset).split('\n');
  return { text, offset, line: before.length - 1, character: before[before.length - 1].length };
}

export class LspClient {
  readonly proc: ChildProcess;
  readonly conn: MessageConnection;
  private version = new Map<string, number>();
  private diagnostics = new Map<string, PublishDiagnosticsParams>();
  private waiters: Array<{ uri: string; version?: number; resolve: (d: Diagnostic[]) => void }> = [];
  readonly notifications: Array<{ method: string; params: unknown }> = [];
  /** Every `publishDiagnostics`, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  /** Requests from the server (`client/registerCapability`, `workspace/configuration`…), in order. */
  readonly requests: Array<{ method: string; params: unknown }> = [];
  /** What `workspace/configuration` answers, by section. */
  settings: Record<string, unknown> = {};
  private listeners = new Set<() => void>();
  private tempCache?: string;
  stderr = '';

  constructor(args: string[] = [], env?: NodeJS.ProcessEnv) {
    if (!env) {
      this.tempCache = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-lsp-cache-'));
      env = { ...process.env, XDG_CACHE_HOME: this.tempCache };
    }
    this.proc = spawn(process.execPath, [SERVER, '--stdio', ...args], { stdio: ['pipe', 'pipe', 'pipe'], env });
    this.proc.stderr!.on('data', (d) => (this.stderr += d.toString()));
    this.conn = createMessageConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.diagnostics.set(p.uri, p);
      this.published.push(p);
      // The waiters answered are taken out first: one may wait again (diagnosticsMatching), and that
      // new waiter must not be lost.
      const answered = (w: { uri: string; version?: number }) => w.uri === p.uri && (w.version === undefined || p.version === undefined || p.version >= w.version);
      const ready = this.waiters.filter(answered);
      this.waiters = this.waiters.filter((w) => !answered(w));
      for (const w of ready) w.resolve(p.diagnostics);
    });
    this.conn.onNotification((method, params) => {
      this.notifications.push({ method, params });
      for (const l of [...this.listeners]) l();
    });
    this.conn.onRequest((method, params) => {
      this.requests.push({ method, params });
      for (const l of [...this.listeners]) l();
      if (method === 'workspace/configuration') {
        return ((params as { items?: Array<{ section?: string }> }).items ?? []).map((i) => (i.section ? this.settings[i.section] ?? null : this.settings));
      }
      return null;
    });
    this.conn.listen();
  }

  /** Called after every notification other than diagnostics, and every request, is recorded. */
  onNotification(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Resolves with the first message (notification or request from the server) recorded that satisfies `ok`. */
  messageMatching(ok: (m: { method: string; params: unknown }) => boolean): Promise<{ method: string; params: unknown }> {
    return new Promise((resolve) => {
      const find = () => [...this.notifications, ...this.requests].find(ok);
      const hit = find();
      if (hit) return resolve(hit);
      const d = this.onNotification(() => {
        const m = find();
        if (m) {
          d.dispose();
          resolve(m);
        }
      });
    });
  }

  async initialize(initializationOptions: unknown = {}, capabilities: ClientCapabilities = {}, clientInfo?: { name: string; version?: string }): Promise<InitializeResult> {
    const r = await this.conn.sendRequest<InitializeResult>('initialize', {
      processId: process.pid, rootUri: null, capabilities, initializationOptions, clientInfo,
    });
    await this.conn.sendNotification('initialized', {});
    return r;
  }

  /** Opens a document and resolves with its first diagnostics. */
  open(uri: string, text: string): Promise<Diagnostic[]> {
    this.version.set(uri, 1);
    const p = this.nextDiagnostics(uri, 1);
    void this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'wikiq', version: 1, text } });
    return p;
  }

  change(uri: string, text: string): Promise<Diagnostic[]> {
    const v = (this.version.get(uri) ?? 1) + 1;
    this.version.set(uri, v);
    const p = this.nextDiagnostics(uri, v);
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text }] });
    return p;
  }

  /** Sends raw content changes (ranges as given, even out of the document) with `version` (default: the next one). */
  edit(uri: string, contentChanges: unknown[], version = (this.version.get(uri) ?? 1) + 1): void {
    this.version.set(uri, version);
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  /** The server's peak resident memory so far, in bytes (Linux: VmHWM of /proc/PID/status). */
  peakMemory(): number {
    const m = /VmHWM:\s*(\d+) kB/.exec(fs.readFileSync(`/proc/${this.proc.pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  }

  /** Resolves with the first published diagnostics of `uri` (the latest already received, or a later one) that satisfy `ok`. */
  diagnosticsMatching(uri: string, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
    const last = this.diagnostics.get(uri);
    if (last && ok(last.diagnostics)) return Promise.resolve(last.diagnostics);
    return new Promise((resolve) => {
      const wait = () => this.waiters.push({ uri, resolve: (d) => (ok(d) ? resolve(d) : wait()) });
      wait();
    });
  }

  nextDiagnostics(uri: string, version?: number): Promise<Diagnostic[]> {
    return new Promise((resolve) => this.waiters.push({ uri, version, resolve }));
  }

  /** Sends a notification (a custom one such as `wikiq/runFields`); the server handles it before any later request. */
  notify(method: string, params: unknown): void {
    void this.conn.sendNotification(method, params);
  }

  /** Closes a document. */
  close(uri: string): void {
    void this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  completion(uri: string, line: number, character: number): Promise<CompletionList> {
    return this.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character } });
  }

  hover(uri: string, line: number, character: number): Promise<Hover | null> {
    return this.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character } });
  }

  async stop(): Promise<void> {
    try {
      await this.conn.sendRequest('shutdown');
      await this.conn.sendNotification('exit');
    } catch {
      // already gone
    }
    this.conn.dispose();
    if (this.proc.exitCode === null) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => this.proc.kill('SIGKILL'), 2000);
        this.proc.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    if (this.tempCache) fs.rmSync(this.tempCache, { recursive: true, force: true });
  }
}
