/**
 * What Copy as code turns into a program: a resolved request (parameters as sent, after variables
 * and the environment; its endpoint) and the choices of the copy (language, one batch or all,
 * signed in, how a multi-value parameter past its limit is split). Pure: no I/O.
 */
import type { Catalogue, ParamInfo } from '../catalogue/model';

export const CODE_LANGUAGES = ['mwn', 'mwapi', 'python', 'mwclient', 'php', 'curl', 'url'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** What the quick pick and `--help` show for each language. */
export const CODE_LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  mwn: 'mwn (JavaScript, Node)',
  mwapi: 'mw.Api (a user script or gadget on the wiki)',
  python: 'Python requests',
  mwclient: 'Python mwclient',
  php: 'PHP with curl',
  curl: 'curl',
  url: 'URL',
};

export interface CodeRequest {
  endpoint: string;
  /** Parameters as sent, in order (`format`, `formatversion`, `errorformat` as the runner adds them). */
  params: Record<string, string>;
  /** Set for a write (resolved with `allowWrite: 'preview'`): the module and the token type it needs. */
  write?: { module: string; tokentype: string };
}

/** A multi-value parameter sent in chunks of `size` values (its paraminfo limit). */
export interface Chunking {
  param: string;
  values: string[];
  size: number;
}

export interface CodeOptions {
  /** One request, no continuation loop ("this batch only"). */
  batchOnly?: boolean;
  /** The program signs in (a bot password or an OAuth token from the environment). */
  signedIn?: boolean;
  /** For curl: what the runner sends as User-Agent (curl and URL keep their exact form). */
  userAgent?: string;
  /** For curl when signed in: the credential the shell fills in. */
  credential?: 'botpassword' | 'oauth';
  chunking?: Chunking;
}

/** The User-Agent of generated programs: a name and a contact to fill in, then the library. */
export const PROGRAM_USER_AGENT = 'MyScript/1.0 (CONTACT: your user page or email)';

/** Where a program reads secrets: the names the CLI reads. */
export const SECRET_VARIABLES = { user: 'WIKIQ_USER', password: 'WIKIQ_PASSWORD', token: 'WIKIQ_TOKEN' } as const;

/** Arrays the API repeats in every batch (kept once by the merge, as the runner does). */
export const REPEATED_LISTS = ['normalized', 'redirects', 'converted', 'interwiki', 'badrevids', 'pageids'];

/** Whether a request continues: a query with a list, a generator or props. */
export function continues(params: Record<string, string>): boolean {
  return (params.action ?? 'main') === 'query' && ['list', 'generator', 'prop'].some((k) => k in params);
}

/** The values of a sent multi value (`a|b`, or the U+001F form). */
export function splitValues(value: string): string[] {
  return value.startsWith('\u001f') ? value.slice(1).split('\u001f') : value.split('|');
}

/**
 * The parameters a program writes: without `format` (every program asks for JSON its own way) and
 * without the runner's `errorformat=plaintext` (the programs read the API's default error form), and
 * with `assert=user` when signed in (a failed sign-in is then an error, not an anonymous answer).
 */
export function programParams(req: CodeRequest, opts: CodeOptions): Array<[string, string]> {
  const out = Object.entries(req.params).filter(([k, v]) => k !== 'format' && !(k === 'errorformat' && v === 'plaintext'));
  if (opts.signedIn && !('assert' in req.params)) out.push(['assert', 'user']);
  return out;
}

/** Resolved modules as the engine lists them: name, prefix, the parameter that selected them. */
export interface SelectedModule {
  name: string;
  prefix: string;
  via: string;
}

/** The paraminfo of a sent parameter: the action's own, else a selected module's by its prefix. */
export function sentParamInfo(catalogue: Catalogue, modules: readonly SelectedModule[], params: Record<string, string>, name: string): ParamInfo | undefined {
  const action = catalogue.module(params.action ?? 'main');
  const own = action && catalogue.param(action, name);
  if (own) return own;
  // titles, pageids, revids: the query's page set (older paraminfo lists them apart).
  const pageset = params.action === 'query' ? catalogue.module('pageset') : undefined;
  const fromSet = pageset && catalogue.param(pageset, name);
  if (fromSet) return fromSet;
  for (const m of modules) {
    if (!m.prefix || !name.startsWith(m.prefix)) continue;
    const mod = catalogue.module(m.via === 'action' || m.via === 'format' ? m.name : `${params.action ?? 'main'}+${m.name}`);
    const p = mod && catalogue.param(mod, name.slice(m.prefix.length));
    if (p) return p;
  }
  return undefined;
}

/**
 * The first multi-value parameter with more values than its paraminfo limit (`limit`, 50; with
 * `apihighlimits`, `highlimit`, 500), to send in chunks of that limit; undefined when none is over.
 */
export function chunkingFor(catalogue: Catalogue, modules: readonly SelectedModule[], params: Record<string, string>, highLimits = false): Chunking | undefined {
  for (const [name, value] of Object.entries(params)) {
    if (!value) continue;
    const info = sentParamInfo(catalogue, modules, params, name);
    if (!info?.multi) continue;
    const size = (highLimits ? info.highlimit : undefined) ?? info.limit ?? (highLimits ? 500 : 50);
    const values = splitValues(value);
    if (values.length > size) return { param: name, values, size };
  }
  return undefined;
}
