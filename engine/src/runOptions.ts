/**
 * The run options every surface shares, with their defaults and bounds, in one table: the editor's
 * settings (`wikiq.*`), the command line's flags and the MCP server's flags read their values from
 * here, and the engine falls back to the same defaults. A surface decides how to ask for a value,
 * never what it defaults to.
 */

export interface RunOptionSpec {
  /** The default, in the option's unit. */
  default: number;
  /** The smallest value taken. */
  min: number;
  /** Whole numbers only. */
  integer: boolean;
  /** The unit the setting and the flag take (the engine's own field may differ: `…Ms`, bytes). */
  unit: 'batches' | 'seconds' | 'MB' | 'retries' | 'ms';
  /** The editor's setting (under `wikiq.`), if there is one. */
  setting?: string;
  /** The command line's flag (`wikiq run`, `wikiq test`, `wikiq mcp`), if there is one. */
  flag?: string;
}

export const RUN_OPTIONS = {
  /** Most batches in one run (Run all batches, `--all`, an agent's `save_as`). */
  maxBatches: { default: 1000, min: 1, integer: true, unit: 'batches', setting: 'maxBatches', flag: '--max-batches' },
  /** `maxlag` sent while paging automatically (0: not sent). */
  maxlag: { default: 5, min: 0, integer: true, unit: 'seconds', setting: 'maxlag', flag: '--maxlag' },
  /** The longest single wait before a retry the wiki may ask for; asked for longer, the run stops at once. */
  maxWait: { default: 120, min: 0.1, integer: false, unit: 'seconds', setting: 'maxWaitSeconds', flag: '--max-wait' },
  /** Each HTTP request's time bound. */
  timeout: { default: 30, min: 1, integer: false, unit: 'seconds', setting: 'timeoutSeconds', flag: '--timeout' },
  /** The largest answer read (after decompression). */
  maxResponse: { default: 50, min: 1, integer: false, unit: 'MB', setting: 'maxResponseMB', flag: '--max-response-mb' },
  /** Most retries of one batch. */
  maxRetries: { default: 5, min: 0, integer: true, unit: 'retries' },
  /** The first backoff step when the wiki gives no Retry-After (doubles, up to maxWait). */
  backoff: { default: 1000, min: 1, integer: true, unit: 'ms' },
} as const satisfies Record<string, RunOptionSpec>;

export type RunOptionName = keyof typeof RUN_OPTIONS;

/** The engine's values of the shared options, in its units (ms, bytes), as one surface chose them. */
export interface RunLimits {
  maxBatches: number;
  maxlag: number;
  maxBackoffMs: number;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * The engine's values from the options in their own units (a setting's, a flag's), each missing
 * one at its default: the one conversion of seconds and MB every surface uses.
 */
export function runLimits(values: Partial<Record<'maxBatches' | 'maxlag' | 'maxWait' | 'timeout' | 'maxResponse', number>>): RunLimits {
  const v = (name: keyof typeof values) => values[name] ?? RUN_OPTIONS[name].default;
  return {
    maxBatches: v('maxBatches'),
    maxlag: v('maxlag'),
    maxBackoffMs: v('maxWait') * 1000,
    timeoutMs: v('timeout') * 1000,
    maxBytes: v('maxResponse') * 1024 * 1024,
  };
}
