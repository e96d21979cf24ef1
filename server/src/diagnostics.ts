/**
 * When a document's diagnostics are computed and published (#40's scheduler): the plain pass after
 * each change, debounced (`--debounce-ms`; with none, three turns of the event loop later, so that a
 * request read with the change is answered and written first), then the content pass (#31),
 * CONTENT_DELAY_MS after it, so that while the user types each edit cancels the pass before it has
 * cost anything. The plain diagnostics never wait for the wiki: they are published with the content
 * findings of the last pass, mapped through the edits since (pipeline.ts, findings.ts), so nothing
 * blinks while typing; the content pass publishes both again, for the same version, if the document
 * is still that version and text. Validating the same text in the same environment again (a
 * catalogue arrived) keeps a pass waiting or running, which then publishes with the newer plain
 * diagnostics. No content pass unless lookups are allowed.
 */
import { CancellationTokenSource, type Connection, type Diagnostic, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type LanguageService, type WikiqFile, withContentDiagnostics } from '../../core/src';
import type { ContentPass, DocumentPipeline, Pipelines, Scheduled } from './pipeline';

/** How long after a document's diagnostics its content pass starts (#31): an edit within it cancels the pass unstarted. */
export const CONTENT_DELAY_MS = 300;

/** `f` on the next turn of the event loop: Node's setImmediate, or a timer of 0 in a web worker (the server in the browser). */
function nextTurn(f: () => void): Scheduled {
  if (typeof setImmediate === 'function') {
    const i = setImmediate(f);
    return { cancel: () => clearImmediate(i) };
  }
  const t = setTimeout(f, 0);
  return { cancel: () => clearTimeout(t) };
}

/** `f` after `ms` (a timer, in Node and in a web worker). */
function after(ms: number, f: () => void): Scheduled {
  const t = setTimeout(f, ms);
  return { cancel: () => clearTimeout(t) };
}

/** What the scheduler works with: the server's documents, pipelines and language service. */
export interface DiagnosticsHost {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  pipelines: Pipelines;
  ls(): LanguageService;
  /** May the wiki be asked (trusted, `contentLookups` not false)? */
  contentAllowed(): boolean;
  debounceMs: number;
  /** `--log-timing`: log how long parsing and validation take, and a content pass left out. */
  timing: boolean;
}

export class DiagnosticsScheduler {
  constructor(private readonly host: DiagnosticsHost) {}

  /** A document opened: its diagnostics now. */
  opened(doc: TextDocument): void {
    this.validate(doc);
  }

  /** A document changed: unless its text is what was validated, its content pass is called off and its diagnostics come soon. */
  changed(doc: TextDocument): void {
    const p = this.host.pipelines.get(doc.uri);
    if (!p || (p.validated?.version === doc.version && p.validated.text === doc.getText())) return;
    p.cancelContent();
    this.soon(doc);
  }

  /** Every open document's diagnostics again (the environment changed). */
  all(): void {
    for (const doc of this.host.documents.all()) this.soon(doc);
  }

  /** A document closed: its pipeline goes, its diagnostics are cleared. */
  closed(uri: string): void {
    this.host.pipelines.close(uri);
    this.host.ls().forget(uri);
    void this.host.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** The plain pass of `doc`, after the debounce (or three turns of the event loop: see above). */
  soon(doc: TextDocument): void {
    const p = this.host.pipelines.get(doc.uri);
    if (!p) return;
    p.cancelPlain();
    const run = () => {
      p.plainSoon = undefined;
      const current = this.host.documents.get(doc.uri);
      if (current && this.host.pipelines.get(doc.uri) === p) this.validate(current);
    };
    // vscode-jsonrpc handles one message per turn of the event loop and writes each answer on a
    // turn of its own (its write semaphore), so waiting three turns lets a completion or hover sent
    // right behind an edit be answered and written first.
    if (this.host.debounceMs > 0) {
      p.plainSoon = after(this.host.debounceMs, run);
      return;
    }
    const turn = (left: number) => (p.plainSoon = nextTurn(left > 1 ? () => turn(left - 1) : run));
    turn(3);
  }

  private validate(doc: TextDocument): void {
    const { connection, timing } = this.host;
    const p = this.host.pipelines.get(doc.uri);
    if (!p) return;
    p.validated = { version: doc.version, text: doc.getText() };
    try {
      const t0 = timing ? performance.now() : 0;
      const file = p.tree.get(doc);
      const t1 = timing ? performance.now() : 0;
      const diagnostics = this.host.ls().doValidation(doc, file);
      if (timing) connection.console.log(`wikiq: parsed ${doc.uri} in ${(t1 - t0).toFixed(1)} ms, validated in ${(performance.now() - t1).toFixed(1)} ms`);
      const kept = p.keptFindings(this.host.pipelines.environment);
      void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: kept.length ? withContentDiagnostics(diagnostics, kept) : diagnostics });
      this.validateContent(doc, p, file, diagnostics);
    } catch (e) {
      connection.console.error(`wikiq: validation failed: ${String(e)}`);
    }
  }

  /** The content pass of `doc`, CONTENT_DELAY_MS after its plain diagnostics `plain` were published. */
  private validateContent(doc: TextDocument, p: DocumentPipeline, file: WikiqFile, plain: Diagnostic[]): void {
    const { uri, version } = doc;
    const text = doc.getText();
    const env = this.host.pipelines.environment;
    const running = p.content;
    if (running && running.version === version && running.text === text && running.env === env) {
      running.plain = plain;
      return;
    }
    p.cancelContent();
    if (!this.host.contentAllowed()) {
      // `--log-timing`: said, so a test can tell the pass was left out (rather than not yet started).
      if (this.host.timing) this.host.connection.console.log(`wikiq: no content pass for ${uri} (content lookups not allowed)`);
      return;
    }
    const pass: ContentPass = { source: new CancellationTokenSource(), version, text, env, plain };
    p.content = pass;
    const current = () => {
      const d = this.host.documents.get(uri);
      return p.content === pass && this.host.pipelines.get(uri) === p && !!d && d.version === version && d.getText() === text;
    };
    pass.delay = after(CONTENT_DELAY_MS, () => {
      if (!current()) return;
      void this.host.ls().doValidateContent(doc, file, pass.source.token).then((content) => {
        const still = current();
        if (p.content === pass) {
          p.content = undefined;
          pass.source.dispose();
        }
        if (!still) return;
        // Published when it says something, or when the plain diagnostics went out with findings it replaces.
        const shown = p.keptFindings(env).length > 0;
        p.findings = { env, diagnostics: content };
        if (content.length || shown) void this.host.connection.sendDiagnostics({ uri, version, diagnostics: withContentDiagnostics(pass.plain, content) });
      });
    });
  }
}
