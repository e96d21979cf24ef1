/** Writes (#39): for now, a read-only preview of an edit; nothing is saved and no token is fetched. */
export * from './compareDiff';
export * from './preview';
