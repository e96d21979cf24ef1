/**
 * One pipeline per open document (#40): everything the server keeps of a document lives in its
 * `DocumentPipeline` — its tree (documents.ts), what was last validated, the plain pass waiting to
 * run, the content pass, the content findings last published, the fields of its requests' last
 * runs — and closing the document drops
 * the pipeline (`Pipelines.close`). When the passes run is `diagnostics.ts`'s to decide.
 */
import type { CancellationTokenSource, Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextChange } from '../../core/src';
import { DocumentTree } from './documents';
import { mapThroughEdit } from './findings';
import { RunFields } from './runFields';

/** Something scheduled that can be called off (a timer, a turn of the event loop). */
export interface Scheduled {
  cancel(): void;
}

/** A content pass: for which version, text and environment, the plain diagnostics it publishes with, its delay. */
export interface ContentPass {
  source: CancellationTokenSource;
  version: number;
  text: string;
  /** The environment's generation it runs in (`Pipelines.environment`). */
  env: number;
  plain: Diagnostic[];
  delay?: Scheduled;
}

export class DocumentPipeline {
  readonly tree = new DocumentTree();
  /** The record fields of each request's last run, as the client said them. */
  readonly runFields = new RunFields();
  /** What was last validated: its version and text (a change may reuse a version number). */
  validated?: { version: number; text: string };
  /** The plain pass waiting to run (debounce). */
  plainSoon?: Scheduled;
  /** The content pass waiting (its delay) or running. */
  content?: ContentPass;
  /**
   * The content findings last published, in the document's current coordinates (mapped through
   * every edit since), and the environment's generation they are of; replaced by the next pass.
   */
  findings?: { env: number; diagnostics: Diagnostic[] };

  constructor(readonly uri: string) {}

  /** An edit of the document (`doc` as it is just before it): the tree notes it, the findings move with it. */
  edited(change: TextChange, doc: TextDocument): void {
    this.tree.changed(change);
    if (this.findings?.diagnostics.length) this.findings = { env: this.findings.env, diagnostics: mapThroughEdit(this.findings.diagnostics, doc, change) };
  }

  /** The content findings to publish with the plain diagnostics in environment `env`. */
  keptFindings(env: number): Diagnostic[] {
    return this.findings?.env === env ? this.findings.diagnostics : [];
  }

  /** Calls off the content pass (its delay, its HTTP request). */
  cancelContent(): void {
    const pass = this.content;
    this.content = undefined;
    pass?.delay?.cancel();
    pass?.source.cancel();
    pass?.source.dispose();
  }

  /** Calls off the plain pass waiting. */
  cancelPlain(): void {
    this.plainSoon?.cancel();
    this.plainSoon = undefined;
  }

  dispose(): void {
    this.cancelPlain();
    this.cancelContent();
  }
}

/** The pipelines of the open documents, by URI, and the generation of the environment (a new one: every finding is of the old). */
export class Pipelines {
  private readonly byUri = new Map<string, DocumentPipeline>();
  /** Counts environment changes: what a finding or pass is of. */
  environment = 0;

  /** A document opened: its new pipeline. */
  open(uri: string): DocumentPipeline {
    this.close(uri);
    const p = new DocumentPipeline(uri);
    this.byUri.set(uri, p);
    return p;
  }

  /** The pipeline of an open document (undefined once it closed). */
  get(uri: string): DocumentPipeline | undefined {
    return this.byUri.get(uri);
  }

  /** The document closed: its pipeline goes, its passes called off. */
  close(uri: string): void {
    this.byUri.get(uri)?.dispose();
    this.byUri.delete(uri);
  }
}
