/** Writes (#39): previews (read-only) of an edit and plans of other writes, plans kept to be saved once, and the guarded save. */
export * from './compareDiff';
export * from './preview';
export * from './parseWarnings';
export * from './actionPreview';
export * from './plans';
export * from './save';
export * from './undo';
