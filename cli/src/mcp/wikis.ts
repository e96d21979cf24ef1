/**
 * The wikis `wikiq mcp` may talk to — those the user named with `--endpoint URL` (repeatable) and
 * `--env NAME` (repeatable, from `--config FILE` or the .vscode/settings.json above the working
 * folder) — and their catalogues. A request for any other endpoint is refused before a connection
 * is made: the only HTTP clients made are for these endpoints.
 */
import * as path from 'node:path';
import { requestCount, requestOf, endpointFor, parse, type Catalogue, type Environment } from '../../../core/src';
import { UsageError, checkUrl, environmentIn, findSettings, str, strs, type Args, type Io } from '../args';
import { loadCatalogue, type CatalogueOptions, type LoadedCatalogue } from '../catalogue';

/** One wiki the server may use: its api.php URL and, from an environment, its name and variables. */
export interface Wiki {
  endpoint: string;
  env: Environment;
}

/** A request the server refuses, said in words a model can act on (a tool error, never a protocol error). */
export class ToolRefusal extends Error {}

/** The wikis named on the command line, in order (first the `--endpoint`s, then the environments). */
export function namedWikis(args: Args, io: Io): Wiki[] {
  const wikis: Wiki[] = [];
  const add = (w: Wiki) => {
    if (!wikis.some((x) => x.endpoint === w.endpoint)) wikis.push(w);
  };
  for (const e of strs(args, '--endpoint')) add({ endpoint: checkUrl('--endpoint', e), env: { endpoint: checkUrl('--endpoint', e) } });
  const envs = strs(args, '--env');
  if (envs.length) {
    // The settings file: --config, else the .vscode/settings.json of the working folder or above.
    const config = str(args, '--config') ?? findSettings(path.join(io.cwd, 'wikiq-mcp'), io);
    if (!config) throw new UsageError(`--env ${envs[0]}: no .vscode/settings.json in ${io.cwd} or above; name a settings file with --config FILE.`);
    for (const name of envs) {
      const env = environmentIn(config, name, undefined, io);
      if (!env.endpoint) throw new UsageError(`The environment '${name}' in ${config} has no "endpoint".`);
      add({ endpoint: checkUrl(`The endpoint of the environment '${name}'`, env.endpoint), env });
    }
  }
  if (!wikis.length) throw new UsageError('wikiq mcp needs the wikis it may use: --endpoint URL (repeatable) or --env NAME (repeatable, with --config FILE).');
  return wikis;
}

/** An endpoint as the server compares them: the URL's own spelling (`new URL`), or the text when it is no URL. */
function normal(endpoint: string): string {
  try {
    return new URL(endpoint.trim()).toString();
  } catch {
    return endpoint.trim();
  }
}

const listOf = (wikis: readonly Wiki[]) => wikis.map((w) => `${w.endpoint}${w.env.name ? ` (environment ${w.env.name})` : ''}`).join(', ');

/**
 * The wiki a tool call is for: the `endpoint` it names (a URL or an environment's name), else the
 * one its request text names (`@endpoint`, a pasted URL; the request `index` of the text), else the first named on the command
 * line. Any other endpoint is refused here, before anything is sent.
 */
export function chooseWiki(wikis: readonly Wiki[], endpoint: string | undefined, text: string | undefined, index = 0): Wiki {
  if (endpoint !== undefined) {
    const found = wikis.find((w) => w.endpoint === normal(endpoint) || w.env.name === endpoint);
    if (!found) throw new ToolRefusal(`'${endpoint}' is not a wiki this server may use; it may use: ${listOf(wikis)}. Leave out endpoint to use the first, or pass one of these.`);
    return found;
  }
  if (text !== undefined) {
    const file = parse(text);
    const request = index >= 0 && index < requestCount(file) ? requestOf(file, index) : undefined;
    const named = request && endpointFor(file, request, undefined);
    if (named && !named.includes('{{')) {
      const found = wikis.find((w) => w.endpoint === normal(named));
      if (!found) throw new ToolRefusal(`The request names the wiki ${named}, which this server may not use; it may use: ${listOf(wikis)}. Remove the endpoint from the request or pass one of these as endpoint.`);
      return found;
    }
  }
  return wikis[0];
}

/** How long a wiki whose catalogue could not be loaded is not asked again: its calls use the fallback meanwhile. */
export const CATALOGUE_RETRY_MS = 60_000;

/** A wiki's catalogue for a call, and what to tell the model when it is not the wiki's own. */
export interface CallCatalogue {
  catalogue: Catalogue;
  note?: string;
}

/**
 * Where the tools get a wiki's catalogue for a call: `Catalogues` in the server; a test gives a
 * ready catalogue through it without loading one (test/unit/mcpHarness.ts).
 */
export interface CatalogueSource {
  get(endpoint: string): Promise<CallCatalogue>;
}

/**
 * Each wiki's catalogue, loaded at its first use as `wikiq check --catalogue live` loads it (the
 * disk cache, revalidated by the wiki's MediaWiki version) unless `--catalogue bundled`; keyed by
 * endpoint, kept for the life of the server. A wiki whose catalogue could not be loaded gets the
 * fallback (cached or bundled) for CATALOGUE_RETRY_MS after the failure, said in each answer; the
 * first call after that loads it again (the entry is replaced then: nobody else clears it).
 */
export class Catalogues implements CatalogueSource {
  private readonly loaded = new Map<string, { load: Promise<LoadedCatalogue>; failedAt?: number }>();

  constructor(private readonly options: CatalogueOptions, private readonly io: Io, private readonly now: () => number = Date.now) {}

  async get(endpoint: string): Promise<CallCatalogue> {
    let entry = this.loaded.get(endpoint);
    if (!entry || (entry.failedAt !== undefined && this.now() - entry.failedAt >= CATALOGUE_RETRY_MS)) {
      const made: { load: Promise<LoadedCatalogue>; failedAt?: number } = { load: loadCatalogue(this.options, this.io, endpoint) };
      made.load = made.load.then((l) => {
        if (l.failure) made.failedAt = this.now();
        return l;
      });
      this.loaded.set(endpoint, (entry = made));
    }
    const { catalogue, failure } = await entry.load;
    if (!failure) return { catalogue };
    const again = new Date((entry.failedAt ?? this.now()) + CATALOGUE_RETRY_MS).toISOString().slice(11, 19);
    return { catalogue, note: `${failure} The wiki is asked for its catalogue again from ${again} UTC (${CATALOGUE_RETRY_MS / 1000} s after the failure).` };
  }
}
