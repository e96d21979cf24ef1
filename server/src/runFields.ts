/**
 * The record fields of each request's last run, as the client tells them (`wikiq/runFields`), for
 * completion after `every`, `some` and `no` on a `??` line. Each open document's pipeline holds its
 * own `RunFields` (pipeline.ts), keyed by request (its `RequestRef` title, common/requestRef.ts, as
 * the client names it); a run of the request replaces its entry, and they go with the pipeline when the
 * document closes. Bounded: at most MAX_RUN_FIELDS names of at most MAX_RUN_FIELD_CHARS characters
 * per request, and MAX_RUN_FIELD_REQUESTS requests per document (the oldest entry goes first). What
 * the client sends is checked (`readRunFields`).
 */
import { MAX_RUN_FIELDS, MAX_RUN_FIELD_CHARS, type RunFieldsParams } from '../../common/protocol';

export const MAX_RUN_FIELD_REQUESTS = 500;

/** A `wikiq/runFields` message as kept: undefined when malformed; the fields deduplicated and bounded. */
export function readRunFields(params: unknown): RunFieldsParams | undefined {
  const p = params as Partial<RunFieldsParams> | null;
  if (!p || typeof p.uri !== 'string' || typeof p.request !== 'string' || p.request.length > 1000 || !Array.isArray(p.fields)) return undefined;
  const fields = [...new Set(p.fields.filter((f): f is string => typeof f === 'string' && f.length > 0 && f.length <= MAX_RUN_FIELD_CHARS))].slice(0, MAX_RUN_FIELDS);
  return { uri: p.uri, request: p.request, fields };
}

/** One document's run fields, by request key; a Map keeps insertion order, so the oldest entry is the first. */
export class RunFields {
  private readonly byRequest = new Map<string, string[]>();

  /** Keeps a run's fields (read by `readRunFields`). */
  set(request: string, fields: string[]): void {
    this.byRequest.delete(request);
    this.byRequest.set(request, fields);
    if (this.byRequest.size > MAX_RUN_FIELD_REQUESTS) this.byRequest.delete(this.byRequest.keys().next().value as string);
  }

  /** The fields of the last run of the request titled `title` (its RequestRef's), if the client said them. */
  get(title: string): readonly string[] | undefined {
    return this.byRequest.get(title);
  }
}
