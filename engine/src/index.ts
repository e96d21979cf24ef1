/** The request engine: resolve → HTTP → continue → merge → export. No `vscode` here. */
export * from './continuation';
export * from './errors';
export * from './export';
export * from './http';
export * from './merge';
export * from './messages';
export * from './resolve';
export * from './run';
