/**
 * Custom messages between the VS Code client and the language server, declared once and imported
 * by both sides. Standard LSP covers everything else.
 */
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';

export interface EnvironmentParams {
  /** The active environment's name, if one is chosen. */
  name?: string;
  endpoint?: string;
  variables?: Record<string, string>;
  /** False in an untrusted workspace: no catalogue fetch for a file-chosen endpoint. */
  trusted: boolean;
  /** False when the `wikiq.contentLookups` setting is off: no titles, users… looked up on the wiki. Default on. */
  contentLookups?: boolean;
}

/** Client → server: the active environment changed (also sent once after start). */
export const SetEnvironmentNotification = new NotificationType<EnvironmentParams>('wikiq/setEnvironment');

/** The record fields of a request's last run, as the client tells the server (bounded: MAX_RUN_FIELDS names of at most MAX_RUN_FIELD_CHARS). */
export interface RunFieldsParams {
  uri: string;
  /** Which request of the document: its `RequestRef` title (./requestRef: the `###` title, else `request N`; a repeated one numbered ` (2)`). */
  request: string;
  fields: string[];
}

export const MAX_RUN_FIELDS = 200;
export const MAX_RUN_FIELD_CHARS = 100;

/**
 * Client → server: the record fields of a request's last run (the first table's, as `every FIELD`
 * reads them), offered first by completion after `every`, `some` and `no` on its `??` lines.
 */
export const RunFieldsNotification = new NotificationType<RunFieldsParams>('wikiq/runFields');

export type CatalogueSourceName = 'bundled' | 'cached' | 'live';

export interface CatalogueStatus {
  /** The endpoint the catalogue describes; undefined for the bundled one used without an endpoint. */
  endpoint?: string;
  source: CatalogueSourceName;
  mwVersion?: string;
  /** ISO timestamp of when it was fetched from the wiki. */
  fetchedAt?: string;
  /** A fetch is under way. */
  loading?: boolean;
  /** The last fetch failed: one clear sentence naming the endpoint and the reason. */
  error?: string;
  /** The signed-in user the catalogue was fetched as (undefined: anonymous). */
  user?: string;
}

/** Server → client: the catalogue of an endpoint changed state (loading, loaded, failed). */
export const CatalogueStatusNotification = new NotificationType<CatalogueStatus>('wikiq/catalogueStatus');

/** Client → server: which catalogue does this document use? */
export const CatalogueInfoRequest = new RequestType<{ uri: string }, CatalogueStatus, void>('wikiq/catalogueInfo');

/** Client → server: refetch the catalogue of this document's (or this) endpoint. */
export const RefreshCatalogueRequest = new RequestType<{ uri?: string; endpoint?: string }, CatalogueStatus, void>('wikiq/refreshCatalogue');

/** A bot password or an OAuth 2 access token, as the engine's `Credentials`. */
export type WikiCredentials = { kind: 'botpassword'; user: string; password: string } | { kind: 'oauth'; token: string };

export interface CredentialsParams {
  /** The api.php URL: the credentials are used for its exact origin and path only. */
  endpoint: string;
  /**
   * Undefined: signed out. `sealed`: ciphertext under the key the client gave the server process in
   * `WIKIQ_CREDENTIALS_KEY` (VS Code's client: traces of messages never show a secret).
   */
  credentials?: WikiCredentials | { sealed: string };
}

/**
 * Client → server: fetch this endpoint's catalogue signed in (or anonymously again). Kept in the
 * server's memory only, never logged; refused in an untrusted workspace. Answers an error sentence
 * (naming no secret) when the credentials cannot be used.
 */
export const SetCredentialsRequest = new RequestType<CredentialsParams, { error?: string }, void>('wikiq/credentials');

/** What a client may pass as `initializationOptions` (every key optional). */
export interface InitializationOptions {
  /** Where catalogues are cached (overrides `--cache-dir`). */
  cacheDir?: string;
  /** User-Agent sent to wikis. */
  userAgent?: string;
  /** Timeout of a catalogue fetch, in milliseconds. */
  catalogueTimeoutMs?: number;
  /**
   * The environment, managed by the client from then on with `wikiq/setEnvironment` (VS Code's
   * client); the `wikiq` settings of `workspace/configuration` are then not read.
   */
  environment?: EnvironmentParams;
  /**
   * The endpoints (credential keys: origin and path) the client holds credentials for, at start;
   * `wikiq/credentials` updates them. Only endpoints, never a secret: the write diagnostics say a
   * write to a wiki without credentials is refused. Absent: the client signs in nowhere the server
   * is told of, and no such diagnostic is given.
   */
  signedInEndpoints?: string[];
  /** Completion items that want a value next carry `editor.action.triggerSuggest` (set by clients that run it: VS Code's). */
  triggerSuggest?: boolean;
  /**
   * The bundled catalogue's data (dist/bundled-paraminfo.json, parsed): the web extension hands it
   * to the server in its worker, whose bundle does not embed it. The Node server reads its own.
   */
  bundledCatalogue?: unknown;
}
