/**
 * The CLI's credentials: from the environment (`WIKIQ_USER` and `WIKIQ_PASSWORD` for a bot
 * password, `WIKIQ_TOKEN` for an OAuth 2 owner-only access token) or from a credentials file
 * (`WIKIQ_CREDENTIALS`, default `$XDG_CONFIG_HOME/wikiq/credentials.json`) that only its owner may
 * read. Never from a `.wikiq` file or settings.json. The file maps endpoints (exact origin and
 * path) to `{ "user": "User@Bot", "password": "…" }` or `{ "token": "…" }`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Credentials, HttpClient, HttpOptions, SignedInHttpClient, WikiSession, WikiqError, credentialKey } from '../../engine/src';

export function credentialsFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.WIKIQ_CREDENTIALS || path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'wikiq', 'credentials.json');
}

function fromEntry(v: unknown, where: string): Credentials {
  const e = (v ?? {}) as Record<string, unknown>;
  if (typeof e.token === 'string' && e.token) return { kind: 'oauth', token: e.token };
  if (typeof e.user === 'string' && typeof e.password === 'string' && e.user && e.password) return { kind: 'botpassword', user: e.user, password: e.password };
  throw new WikiqError('refused', `${where} needs "user" and "password" (a bot password) or "token" (an OAuth access token).`);
}

/** The credentials of a file for `endpoint`; refuses a file others can read (or write). */
export function readCredentialsFile(file: string, endpoint: string): Credentials | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return undefined; // no file: no credentials
  }
  if (process.platform !== 'win32' && (st.mode & 0o077) !== 0) {
    throw new WikiqError('refused', `The credentials file ${file} can be read by others (mode ${(st.mode & 0o777).toString(8)}): wikiq will not use it. Run chmod 600 ${file}.`);
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new WikiqError('refused', `Cannot read the credentials file ${file}: ${(e as Error).name === 'SyntaxError' ? 'it is not valid JSON' : (e as Error).message}.`);
  }
  const key = credentialKey(endpoint);
  return key in (json ?? {}) ? fromEntry(json[key], `The entry for ${key} in ${file}`) : undefined;
}

/** Credentials from the environment, else from the credentials file, else none. */
export function cliCredentials(endpoint: string, env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  const { WIKIQ_USER: user, WIKIQ_PASSWORD: password, WIKIQ_TOKEN: token } = env;
  if (token && (user || password)) throw new WikiqError('refused', 'Set either WIKIQ_TOKEN (an OAuth access token) or WIKIQ_USER and WIKIQ_PASSWORD (a bot password), not both.');
  if (token) return { kind: 'oauth', token };
  if (user || password) {
    if (!user || !password) throw new WikiqError('refused', `${user ? 'WIKIQ_PASSWORD' : 'WIKIQ_USER'} is not set: a bot password needs both WIKIQ_USER (User@BotName) and WIKIQ_PASSWORD.`);
    return { kind: 'botpassword', user, password };
  }
  return readCredentialsFile(credentialsFilePath(env), endpoint);
}

/** A client signed in to `endpoint` with the CLI's credentials for it, or undefined when there are none. */
export function signedInClient(endpoint: string, options: HttpOptions, env: NodeJS.ProcessEnv = process.env): SignedInHttpClient | undefined {
  const creds = cliCredentials(endpoint, env);
  return creds ? new SignedInHttpClient(new WikiSession(endpoint, creds), options) : undefined;
}

/** The run's HttpClient: signed in to `endpoint` when there are credentials for it. */
export function cliHttpClient(endpoint: string, options: HttpOptions, env: NodeJS.ProcessEnv = process.env): HttpClient {
  return signedInClient(endpoint, options, env) ?? new HttpClient(options);
}
