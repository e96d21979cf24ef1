/** Writes (#39): previews (read-only), plans kept to be saved once, and the guarded save. */
export * from './compareDiff';
export * from './preview';
export * from './plans';
export * from './save';
