/**
 * The Test Explorer: a `TestController` listing the requests with `??` assertions of the
 * workspace's `.wikiq` files (a file item, a child per request named by its `###` title, at its
 * header line; its id the request's `requestKey`, common/requestRef.ts), kept up to date from open
 * documents and a `FileSystemWatcher` (at most MAX_TEST_FILES files read, none over
 * MAX_TEST_FILE_BYTES). Its Run profile runs each request through the run commands (Run all
 * batches: shown in the results view beside the file, continuation followed to the end), judges it
 * with ./testPlan.ts on the engine's facts and writes what `wikiq test` prints of it to the run's
 * output (./testOutput.ts); `wikiq.test` runs one request's item (the "▶ Test" CodeLens).
 */
import * as vscode from 'vscode';
import type { RunCommands } from './commands';
import type { RequestRef } from '../../../common/requestRef';
import type { Environments } from '../environments';
import type { RunFacts } from '../../../core/src';
import { MAX_TEST_FILES, MAX_TEST_FILE_BYTES, fileOfTestId, testedRequests, verdictOf, type TestVerdict } from './testPlan';
import { testOutput } from './testOutput';

/** One request's test result (what the Run profile reported), for the caller and the tests. */
export interface TestReport extends TestVerdict {
  id: string;
  /** What the run's output got of it (the Test Results panel), `\r\n`-ended lines. */
  output: string;
}

const WIKIQ_GLOB = '**/*.wikiq';

export class TestExplorer implements vscode.Disposable {
  readonly controller: vscode.TestController;
  readonly profile: vscode.TestRunProfile;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly updated = new vscode.EventEmitter<string>();
  /** Fired with a file's URI after its items were updated (or removed). */
  readonly onDidUpdate = this.updated.event;
  private discovery?: Promise<void>;

  constructor(
    private readonly commands: RunCommands,
    private readonly environments: Environments,
  ) {
    this.controller = vscode.tests.createTestController('wikiq', 'wikiq');
    this.controller.resolveHandler = (item) => (item ? Promise.resolve() : this.discover());
    this.profile = this.controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, async (request, token) => { await this.runTests(request, token); }, true);
    const watcher = vscode.workspace.createFileSystemWatcher(WIKIQ_GLOB);
    const fromDocument = (d: vscode.TextDocument) => {
      if (d.languageId === 'wikiq' && this.inWorkspace(d.uri)) this.update(d.uri, d.getText());
    };
    this.disposables.push(
      this.controller, this.updated, watcher,
      watcher.onDidCreate((uri) => void this.read(uri)),
      watcher.onDidChange((uri) => { if (!this.openDocument(uri)) void this.read(uri); }),
      watcher.onDidDelete((uri) => this.remove(uri)),
      vscode.workspace.onDidOpenTextDocument(fromDocument),
      vscode.workspace.onDidChangeTextDocument((e) => fromDocument(e.document)),
      // A document closed unsaved: its file on disk says what the tests are.
      vscode.workspace.onDidCloseTextDocument((d) => { if (d.languageId === 'wikiq' && d.uri.scheme !== 'untitled' && this.inWorkspace(d.uri)) void this.read(d.uri); }),
      vscode.commands.registerCommand('wikiq.test', (ref?: RequestRef) => this.testRequest(ref)),
    );
    for (const d of vscode.workspace.textDocuments) fromDocument(d);
  }

  /** Reads every `.wikiq` file of the workspace once (the Testing view asks when it opens). */
  discover(): Promise<void> {
    this.discovery ??= (async () => {
      const uris = await vscode.workspace.findFiles(WIKIQ_GLOB, '**/node_modules/**', MAX_TEST_FILES);
      for (const uri of uris) await this.read(uri);
    })();
    return this.discovery;
  }

  private inWorkspace(uri: vscode.Uri): boolean {
    return uri.scheme !== 'untitled' && vscode.workspace.getWorkspaceFolder(uri) !== undefined;
  }

  private openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  }

  /** A file's tests from its open document, else from disk (bounded: a file too large is left out). */
  private async read(uri: vscode.Uri): Promise<void> {
    const open = this.openDocument(uri);
    if (open) return this.update(uri, open.getText());
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_TEST_FILE_BYTES) return this.remove(uri);
      this.update(uri, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    } catch {
      this.remove(uri);
    }
  }

  private update(uri: vscode.Uri, text: string): void {
    const key = uri.toString();
    const requests = testedRequests(key, text);
    let file = this.controller.items.get(key);
    if (!requests.length) return this.remove(uri);
    if (!file) {
      if (this.controller.items.size >= MAX_TEST_FILES) return;
      file = this.controller.createTestItem(key, vscode.workspace.asRelativePath(uri), uri);
      this.controller.items.add(file);
    }
    const children = requests.map((r) => {
      const item = file.children.get(r.id) ?? this.controller.createTestItem(r.id, r.title, uri);
      item.range = new vscode.Range(r.line, 0, r.line, 0);
      // No description: the Testing view names a row by its description when it has one (a screen
      // reader would hear "2 assertions (Failed)", never the request's title).
      item.description = undefined;
      return item;
    });
    file.children.replace(children);
    this.updated.fire(key);
  }

  private remove(uri: vscode.Uri): void {
    const key = uri.toString();
    if (!this.controller.items.get(key)) return;
    this.controller.items.delete(key);
    this.updated.fire(key);
  }

  /** Runs the test item of request `ref` (the "▶ Test" CodeLens); its report, or undefined when it has no item. */
  async testRequest(ref?: Pick<RequestRef, 'uri' | 'index'>): Promise<TestReport | undefined> {
    if (!ref || typeof ref.uri !== 'string' || !Number.isInteger(ref.index)) return undefined;
    const document = this.openDocument(vscode.Uri.parse(ref.uri)) ?? await vscode.workspace.openTextDocument(vscode.Uri.parse(ref.uri));
    this.update(document.uri, document.getText());
    const tested = testedRequests(ref.uri, document.getText()).find((r) => r.index === ref.index);
    const item = tested && this.controller.items.get(ref.uri)?.children.get(tested.id);
    if (!item) {
      void vscode.window.showWarningMessage('wikiq: this request has no assertions to test (?? lines).');
      return undefined;
    }
    const token = new vscode.CancellationTokenSource();
    try {
      return (await this.runTests(new vscode.TestRunRequest([item], undefined, this.profile), token.token))[0];
    } finally {
      token.dispose();
    }
  }

  /** The Run profile: each request item asked for (a file's, all of them), one after another. */
  async runTests(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<TestReport[]> {
    if (!request.include) await this.discover();
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const items: vscode.TestItem[] = [];
    const add = (i: vscode.TestItem) => {
      if (excluded.has(i.id)) return;
      if (i.children.size) i.children.forEach(add);
      else if (i.parent) items.push(i);
    };
    if (request.include) request.include.forEach(add);
    else this.controller.items.forEach(add);
    const run = this.controller.createTestRun(request);
    const reports: TestReport[] = [];
    try {
      for (const i of items) run.enqueued(i);
      for (const item of items) {
        if (token.isCancellationRequested) {
          run.skipped(item);
          continue;
        }
        run.started(item);
        const report = await this.runOne(item, token);
        reports.push(report);
        run.appendOutput(report.output, undefined, item);
        const messages = report.messages.map((m) => {
          const msg = m.expected !== undefined && m.actual !== undefined ? vscode.TestMessage.diff(m.message, m.expected, m.actual) : new vscode.TestMessage(m.message);
          if (item.uri) msg.location = new vscode.Location(item.uri, new vscode.Position(m.line, 0));
          return msg;
        });
        if (report.outcome === 'passed') run.passed(item);
        else if (report.outcome === 'failed') run.failed(item, messages);
        else run.errored(item, messages);
      }
    } finally {
      run.end();
    }
    return reports;
  }

  /** One request run to the end through the run commands, then judged; its output says so as `wikiq test` does. */
  private async runOne(item: vscode.TestItem, token: vscode.CancellationToken): Promise<TestReport> {
    const uri = fileOfTestId(item.id);
    const document = this.openDocument(vscode.Uri.parse(uri)) ?? await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    const text = document.getText();
    const report = (verdict: TestVerdict, facts?: RunFacts): TestReport => ({
      id: item.id, ...verdict, output: testOutput({ title: item.label, file: vscode.workspace.asRelativePath(document.uri), text, facts, verdict }),
    });
    const errored = (message: string) => report({ outcome: 'errored', messages: [{ line: item.range?.start.line ?? 0, message }] });
    const tested = testedRequests(uri, text).find((r) => r.id === item.id);
    if (!tested) return errored('This request is no longer in the file, or has no assertions.');
    const outcome = await this.commands.run(tested, true, token);
    if (!outcome) return errored('The request could not be run (see the notification).');
    // The run's facts are the engine's (status, kept batches, duration: first request sent to last answer read), as `wikiq test` reads them.
    const facts = outcome.session.facts();
    return report(verdictOf(text, tested.index, outcome.state, facts, this.environments.current()), facts);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
