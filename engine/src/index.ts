/** The request engine: resolve → HTTP → continue → merge → export, and loading wikis' catalogues. No `vscode` here. */
export * from './batches';
export * from './continuation';
export * from './errors';
export * from './export';
export * from './exportFile';
export * from './http';
export * from './content';
export * from './hostScheduler';
export * from './merge';
export * from './messages';
export * from './resolve';
export * from './run';
export * from './pull';
export * from './runOptions';
export * from './waits';
export * from './shorten';
export * from './json';
export * from './jsonStream';
export * from './catalogue/cache';
export * from './catalogue/fetch';
export * from './catalogue/html';
export * from './catalogue/liveProvider';
export * from './catalogue/typing';
export { REPOSITORY_URL, VERSION } from '../../common/version';
export * from './auth';
export * from './write';
// The one word for a run's state (complete / partial / failed), for the engine's callers.
export { keptBatches, runStatus, type RunFacts, type RunStatus, type RunStatusInput } from '../../core/src';
