/** Signed-in wikis: credentials, where they may go, sessions. */
export * from './cookies';
export * from './credentials';
export * from './session';
export * from './sealed';
