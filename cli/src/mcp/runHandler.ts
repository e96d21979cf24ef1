/**
 * `run_request`'s handler: the request chosen and checked as check_request checks it (errors refuse
 * it, nothing is sent), resolved, then either a page of its records (runTool.ts: a cursor's pull) or
 * its whole result saved (saveTool.ts: `save_as`). The status is core's (runStatus), from the engine.
 */
import { cliHttpClient } from '../credentials';
import { ok, progressOf, refuse, stoppedText, type Answer, type Extra, type ToolContext } from './answers';
import type { Catalogue } from '../../../core/src';
import { diagnose, errorsText, requestOf, resolveOf, type RequestInput, type ToolRequest } from './request';
import { runRequest } from './runTool';
import { saveRun, savePath } from './saveTool';
import { ToolRefusal } from './wikis';

export interface RunInput extends RequestInput {
  max_records?: number;
  cursor?: string;
  save_as?: string;
}

/** For a request refused because it writes: what this server offers instead (the write tools, or why there are none). */
function writeRefusal(req: ToolRequest, catalogue: Catalogue, allowWrites: boolean): string | undefined {
  let write;
  try {
    const asWrite = resolveOf(req, catalogue, 'preview');
    write = 'refused' in asWrite ? undefined : asWrite.write;
  } catch {
    return undefined;
  }
  if (!write) return undefined;
  const module = `action=${write.module}`;
  return allowWrites
    ? `The request was not sent: run_request runs read requests only, and ${module} writes. Preview it with preview_write (nothing is saved), show the person the diff or plan, then save it with save_write.`
    : `The request was not sent: run_request runs read requests only, and ${module} writes. This server was started without --allow-writes, so it has no tool that writes: the person may start it with --allow-writes (docs/agents.md), or run the write with wikiq run, which previews it and asks before saving.`;
}

export async function runHandler(ctx: ToolContext, input: RunInput, signal: AbortSignal, extra: Extra): Promise<Answer> {
  const o = ctx.options;
  const req = requestOf(input, ctx.wikis, o.filesDir);
  const { wiki, text } = req;
  // save_as is refused before anything is loaded or sent when it cannot be written.
  const target = input.save_as === undefined ? undefined : savePath(o.outDir, input.save_as);
  if (target && (input.cursor !== undefined || input.max_records !== undefined)) throw new ToolRefusal('save_as saves the whole result from its start: leave out cursor and max_records.');
  const { catalogue, note } = await ctx.catalogues.get(wiki.endpoint);
  const diagnostics = diagnose(text, wiki, catalogue);
  const errors = errorsText(diagnostics);
  if (errors) return refuse(errors);
  const resolved = resolveOf(req, catalogue);
  if ('refused' in resolved) return refuse(writeRefusal(req, catalogue, o.allowWrites) ?? resolved.refused);
  const checked = [...(note ? [note] : []), ...diagnostics.filter((d) => d.severity === 'warning').map((d) => `check: ${d.message}`)];
  const http = () => cliHttpClient(wiki.endpoint, { timeoutMs: o.limits.timeoutMs, maxBytes: o.limits.maxBytes, userAgent: o.userAgent, scheduler: ctx.hosts });
  const options = { maxlag: o.limits.maxlag, maxBackoffMs: o.limits.maxBackoffMs };
  const onBatch = progressOf(extra);
  const stopped = (error: string | undefined) => (signal.aborted ? `${stoppedText(ctx, target ? o.saveMs : o.callMs, extra)}${error ? ` (${error})` : ''}` : error);
  if (target) {
    const saved = await saveRun(resolved, http(), options, target, { maxBatches: o.limits.maxBatches, signal, onBatch, warnings: checked });
    return saved.saved ? ok(saved) : refuse(stopped(saved.error) ?? 'Nothing was saved.');
  }
  const run = await runRequest(resolved, { options, http }, ctx.held, {
    maxRecords: input.max_records ?? o.defaultRecords, maxChars: o.maxChars, maxBatches: o.limits.maxBatches, signal, onBatch,
  }, input.cursor);
  if (run.status === 'failed') return refuse(`The request failed: ${stopped(run.error) ?? 'nothing was received'}`);
  return ok({ ...run, ...(run.error ? { error: stopped(run.error) } : {}), warnings: [...checked, ...run.warnings] });
}
