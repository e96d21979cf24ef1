/** Writes (#39): read-only previews of an edit and plans of other writes; nothing is saved and no token is fetched. */
export * from './compareDiff';
export * from './preview';
export * from './parseWarnings';
export * from './actionPreview';
