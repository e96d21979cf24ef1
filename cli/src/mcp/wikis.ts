/**
 * The wikis `wikiq mcp` may talk to — those the user named with `--endpoint URL` (repeatable) and
 * `--env NAME` (repeatable, from `--config FILE` or the .vscode/settings.json above the working
 * folder) — and their catalogues. A request for any other endpoint is refused before a connection
 * is made: the only HTTP clients made are for these endpoints.
 */
import * as path from 'node:path';
import { endpointFor, parse, type Catalogue, type Environment } from '../../../core/src';
import type { HostScheduler } from '../../../engine/src';
import { UsageError, checkUrl, findSettings, loadEnvironment, str, strs, type Args, type Io } from '../args';
import { catalogueProvider } from '../catalogue';

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
      const env = loadEnvironment({ positional: [], flags: new Map([['--env', name], ['--config', config]]) }, config, io);
      if (!env?.endpoint) throw new UsageError(`The environment '${name}' in ${config} has no "endpoint".`);
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
 * one its request text names (`@endpoint`, a pasted URL), else the first named on the command
 * line. Any other endpoint is refused here, before anything is sent.
 */
export function chooseWiki(wikis: readonly Wiki[], endpoint: string | undefined, text: string | undefined): Wiki {
  if (endpoint !== undefined) {
    const found = wikis.find((w) => w.endpoint === normal(endpoint) || w.env.name === endpoint);
    if (!found) throw new ToolRefusal(`'${endpoint}' is not a wiki this server may use; it may use: ${listOf(wikis)}. Leave out endpoint to use the first, or pass one of these.`);
    return found;
  }
  if (text !== undefined) {
    const file = parse(text);
    const request = file.requests[0];
    const named = request && endpointFor(file, request, undefined);
    if (named && !named.includes('{{')) {
      const found = wikis.find((w) => w.endpoint === normal(named));
      if (!found) throw new ToolRefusal(`The request names the wiki ${named}, which this server may not use; it may use: ${listOf(wikis)}. Remove the endpoint from the request or pass one of these as endpoint.`);
      return found;
    }
  }
  return wikis[0];
}

/**
 * Each wiki's catalogue, loaded at its first use as `wikiq check --catalogue live` loads it (the
 * disk cache, revalidated by the wiki's MediaWiki version) unless `--catalogue bundled`; then kept
 * for the life of the server, keyed by endpoint (nobody clears it; a restart reloads). A wiki that
 * could not be reached gives the fallback catalogue for this call only: the next call tries again.
 */
export class Catalogues {
  private readonly loaded = new Map<string, Promise<Catalogue>>();
  private readonly args: Args;

  /** `hosts`: the server's per-host queue, shared with its runs (one request in flight per wiki). */
  constructor(args: Args, private readonly io: Io, private readonly hosts?: HostScheduler) {
    const flags = new Map(args.flags);
    if (!flags.has('--catalogue')) flags.set('--catalogue', 'live');
    this.args = { positional: [], flags };
  }

  get(endpoint: string): Promise<Catalogue> {
    let p = this.loaded.get(endpoint);
    if (!p) {
      p = catalogueProvider(this.args, this.io, [endpoint], this.hosts).then((c) => c.get(endpoint));
      this.loaded.set(endpoint, p);
      void p.then((c) => {
        if (c.source === 'bundled' && this.args.flags.get('--catalogue') === 'live') this.loaded.delete(endpoint);
      }, () => this.loaded.delete(endpoint));
    }
    return p;
  }
}
