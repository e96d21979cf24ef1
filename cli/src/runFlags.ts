/**
 * The shared run options (the engine's RUN_OPTIONS) as the command line's flags give them, read once
 * into the engine's typed limits: `wikiq run`, `wikiq test` and `wikiq mcp` take the same flags with
 * the same defaults. The flags keep their own minimums: a CI job may ask for less than the editor's
 * settings allow.
 */
import { runLimits, type RunLimits } from '../../engine/src';
import { num, type Args } from './args';

export function runLimitsOf(args: Args): RunLimits {
  return runLimits({
    timeout: num(args, '--timeout', { min: 0.001 }),
    maxResponse: num(args, '--max-response-mb', { min: 0.001 }),
    maxBatches: num(args, '--max-batches', { integer: true, min: 1 }),
    maxlag: num(args, '--maxlag', { integer: true, min: 0 }),
    maxWait: num(args, '--max-wait', { min: 0.001 }),
  });
}
