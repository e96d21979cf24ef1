/**
 * What every tool of `wikiq mcp` shares: the server's context, a tool's answer (structured data, or
 * a refusal in one sentence), why a call stopped early, and progress notifications.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { WikiqError, errorMessage, type HostScheduler, type RunState, type SignedInHttpClient, type WritePlans } from '../../../engine/src';
import type { McpOptions } from './options';
import type { HeldPulls } from './pulls';
import { ToolRefusal, type CatalogueSource, type Wiki } from './wikis';

export interface ToolContext {
  wikis: readonly Wiki[];
  /** Each wiki's catalogue: `Catalogues` (wikis.ts), loaded at a wiki's first use. */
  catalogues: CatalogueSource;
  options: McpOptions;
  /** The pulls held for run_request's cursors. */
  held: HeldPulls;
  /** The write plans this server's session made (preview_write), each saved at most once (save_write). */
  plans: WritePlans;
  /**
   * The write tools' signed-in clients, one per wiki (keyed by endpoint, made at the first write
   * tool call for that wiki, gone with the server): a preview and its save sign in once, not per call.
   */
  writeClients: Map<string, SignedInHttpClient>;
  /** Aborted when the server stops. */
  stop?: AbortSignal;
  /** One request in flight per wiki from this server: its runs and catalogue loads share it (#40). */
  hosts?: HostScheduler;
}

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export type Answer = { content: Array<{ type: 'text'; text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };

export const ok = (data: object): Answer => ({ content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data as Record<string, unknown> });
export const refuse = (text: string): Answer => ({ content: [{ type: 'text', text }], isError: true });

/** Why a call stopped early, in words: its time bound, the server stopping, or the client cancelling. */
export function stoppedText(ctx: ToolContext, ms: number, extra: Extra): string {
  if (extra.signal.aborted) return 'Cancelled by the client.';
  if (ctx.stop?.aborted) return 'The server is stopping.';
  return `Stopped after ${ms / 1000} s, the longest a call may take.`;
}

/** Progress notifications for a long call, when the client asked for them (a progressToken in the request's _meta). */
export function progressOf(extra: Extra): ((s: RunState) => void) | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  return (s) => void extra.sendNotification({
    method: 'notifications/progress', params: { progressToken: token, progress: s.batches, message: `batch ${s.batches}, ${s.records} records` },
  }).catch(() => undefined);
}

/** Runs a handler within the call's time bound (`ms`); what it throws becomes a tool error in words. */
export async function answer(ctx: ToolContext, ms: number, extra: Extra, f: (signal: AbortSignal) => Promise<Answer>): Promise<Answer> {
  const signal = AbortSignal.any([AbortSignal.timeout(ms), extra.signal, ...(ctx.stop ? [ctx.stop] : [])]);
  try {
    return await f(signal);
  } catch (e) {
    if (signal.aborted) return refuse(`${stoppedText(ctx, ms, extra)}${e instanceof WikiqError ? ` (${e.message})` : ''}`);
    if (e instanceof ToolRefusal || e instanceof WikiqError) return refuse(e.message);
    return refuse(`wikiq could not answer: ${errorMessage(e)}`);
  }
}
