/**
 * The flags every command that talks to a wiki shares, read once into typed options: the run
 * limits (engine/src/runOptions.ts: RUN_OPTIONS' defaults, the one conversion of seconds and MB),
 * the User-Agent, and the wiki each file's requests go to (its environment, the catalogue).
 * `run`, `test`, `check` and `mcp` read them here.
 */
import { type CatalogueProvider, type Environment } from '../../core/src';
import { RUN_OPTIONS, engineUserAgent, runLimits, type RunLimits } from '../../engine/src';
import { loadEnvironment, num, str, type Args, type Io } from './args';
import { catalogueMode, catalogueProvider } from './catalogue';

/**
 * The engine's run limits from `--max-batches`, `--maxlag`, `--max-wait`, `--timeout` and
 * `--max-response-mb`, each missing one at RUN_OPTIONS' default. The flags keep their own
 * minimums (a CI job may ask for less than the editor's settings allow); a wrong value is a
 * UsageError naming the flag.
 */
export function runLimitsOf(args: Args): RunLimits {
  const flag = (name: 'timeout' | 'maxResponse' | 'maxBatches' | 'maxlag' | 'maxWait', min: number) => {
    const spec = RUN_OPTIONS[name];
    return num(args, spec.flag, { integer: spec.integer, min });
  };
  return runLimits({
    timeout: flag('timeout', 0.001),
    maxResponse: flag('maxResponse', 0.001),
    maxBatches: flag('maxBatches', 1),
    maxlag: flag('maxlag', 0),
    maxWait: flag('maxWait', 0.001),
  });
}

/** How a command's requests travel: the engine's limits and the User-Agent (--user-agent, else wikiq's). */
export interface NetworkFlags {
  limits: RunLimits;
  userAgent: string;
}

export function readNetworkFlags(args: Args): NetworkFlags {
  return { limits: runLimitsOf(args), userAgent: str(args, '--user-agent') || engineUserAgent('cli') };
}

/** The wiki of each file given: its environment (--env, --config, --endpoint) and the catalogues (--catalogue, --cache-dir). */
export interface WikiFlags {
  /** Each file's environment, read (and checked) when the command starts. */
  environments: ReadonlyMap<string, Environment | undefined>;
  catalogue: 'bundled' | 'live';
  /** The catalogues of these endpoints, loaded (live) or the bundled one. */
  catalogues: (endpoints: Iterable<string>) => Promise<CatalogueProvider>;
}

export function readWikiFlags(args: Args, io: Io, files: readonly string[]): WikiFlags {
  const environments = new Map<string, Environment | undefined>();
  for (const f of files) if (!environments.has(f)) environments.set(f, loadEnvironment(args, f, io));
  return {
    environments,
    catalogue: catalogueMode(args),
    catalogues: (endpoints) => catalogueProvider(args, io, endpoints),
  };
}
