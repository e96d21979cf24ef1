/**
 * The record fields of each request's last run, as the client tells them (`wikiq/runFields`), for
 * completion after `every`, `some` and `no` on a `??` line. Keyed by document URI and request
 * (its `RequestRef` title, common/requestRef.ts, as the client names it); a run of the request replaces its
 * entry, and the server drops a document's entries when the document closes (`forget`). Bounded: at
 * most MAX_RUN_FIELDS names of at most MAX_RUN_FIELD_CHARS characters per request, and
 * MAX_RUN_FIELD_REQUESTS requests (the oldest entry goes first). What the client sends is checked.
 */
import { MAX_RUN_FIELDS, MAX_RUN_FIELD_CHARS, type RunFieldsParams } from '../../common/protocol';
import type { RequestRef } from '../../common/requestRef';

export const MAX_RUN_FIELD_REQUESTS = 500;

export class RunFields {
  /** `uri` → request key → fields; a Map keeps insertion order, so the oldest entry is the first. */
  private readonly byDocument = new Map<string, Map<string, string[]>>();
  private size = 0;

  /** Keeps a run's fields (params from the client: anything malformed is ignored); false when refused. */
  set(params: unknown): boolean {
    const p = params as Partial<RunFieldsParams> | null;
    if (!p || typeof p.uri !== 'string' || typeof p.request !== 'string' || p.request.length > 1000 || !Array.isArray(p.fields)) return false;
    const fields = [...new Set(p.fields.filter((f): f is string => typeof f === 'string' && f.length > 0 && f.length <= MAX_RUN_FIELD_CHARS))].slice(0, MAX_RUN_FIELDS);
    let doc = this.byDocument.get(p.uri);
    if (!doc) this.byDocument.set(p.uri, (doc = new Map<string, string[]>()));
    if (doc.delete(p.request)) this.size--;
    doc.set(p.request, fields);
    this.size++;
    while (this.size > MAX_RUN_FIELD_REQUESTS) this.dropOldest();
    return true;
  }

  /** The fields of the last run of request `ref`, if the client said them. */
  get(ref: RequestRef): readonly string[] | undefined {
    return this.byDocument.get(ref.uri)?.get(ref.title);
  }

  /** The document closed: its entries go. */
  forget(uri: string): void {
    this.size -= this.byDocument.get(uri)?.size ?? 0;
    this.byDocument.delete(uri);
  }

  private dropOldest(): void {
    for (const [uri, doc] of this.byDocument) {
      const first = doc.keys().next();
      if (!first.done) {
        doc.delete(first.value);
        this.size--;
      }
      if (!doc.size) this.byDocument.delete(uri);
      return;
    }
  }
}
