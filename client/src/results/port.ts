/**
 * The narrow interfaces between a results panel and the engine binding that pages and exports its
 * run, so that neither imports the other: `ResultsPanel` implements `PanelPort` and holds a
 * `PanelDriver`; `RunDriver` implements `PanelDriver` and talks to a `PanelPort`. `extension.ts`
 * binds the two (the `driver` dependency of the `ResultsPanelManager` it makes: ./panelManager).
 */
import type { Uri } from 'vscode';
import type { RunFacts } from '../../../core/src';
import type { RunState } from '../../../engine/src/index';
import type { ExportFormat, ProgressMessage, WebviewMessage } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';

/** What the view asks the host to do with the run (validated messages). */
export type PanelAction = Extract<WebviewMessage, { type: 'loadNext' | 'loadAll' | 'cancel' | 'export' }>;

/** The panel as a driver sees it. */
export interface PanelPort {
  /** The model shown (all of it, as the host has it). */
  readonly results: ResultsModel | undefined;
  /** Shows `model` (a new run, or the same run grown). */
  update(model: ResultsModel, opts?: { immediate?: boolean }): void;
  /** Shows or clears the progress line. */
  progress(p: Omit<ProgressMessage, 'type'>): void;
  /** Resolves once every message posted so far has been handed to the view. */
  delivered(): Promise<void>;
}

/** The engine binding of a panel, as the panel sees it. */
export interface PanelDriver {
  /** The run's state as a results model (drivers with a run). */
  model(): ResultsModel;
  /** What the run's `??` assertions are checked against (undefined without a run: a kept run, a restored panel). */
  facts(): RunFacts | undefined;
  /** Batches are being loaded (Load next batch, Load all, the rest of a Run all batches). */
  readonly running: boolean;
  handle(a: PanelAction): Promise<void>;
  /** Loads the next batch or all the rest (at most `maxBatches`) into the view; the run's state after, undefined when there was nothing to load. */
  loadMore(all: boolean, maxBatches?: number): Promise<RunState | undefined>;
  cancel(): void;
  /** The panel shows something else now (a new run, a kept run) or closed: stops the run and leaves the panel alone from then on. */
  detach(): void;
  /** Exports to `target` (or a file the user picks); returns the file written. */
  exportAs(format: ExportFormat, table?: string, target?: Uri): Promise<string | undefined>;
}
