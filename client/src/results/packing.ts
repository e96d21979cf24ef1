/**
 * Packs large host → view messages (../../shared/messages `PackedMessage`): a message whose JSON is
 * at least `PACK_FROM_CHARS` long travels gzip-compressed, as bytes, which the editor carries to
 * the view without walking them (the view unpacks it: ../../media/src/unpack.ts). Smaller messages
 * go as they are. Uses the web platform's CompressionStream, which Node (the desktop extension host)
 * and the browser's web worker (vscode.dev) both have. Pure: no `vscode`.
 */
import type { HostEnvelope, HostMessage } from '../../shared/messages';

/**
 * Messages from this many characters of JSON travel packed: an append of thousands of records or a
 * large render, not a progress line or the first rows of a small result.
 */
export const PACK_FROM_CHARS = 64 * 1024;

/** `m` as the host posts it: packed when its JSON is at least `from` characters long. */
export async function pack(m: HostMessage, from = PACK_FROM_CHARS): Promise<HostEnvelope> {
  const json = JSON.stringify(m);
  if (json.length < from) return m;
  const bytes = new TextEncoder().encode(json);
  const gzip = new CompressionStream('gzip');
  const writer = gzip.writable.getWriter();
  const [packed] = await Promise.all([new Response(gzip.readable).arrayBuffer(), writer.write(bytes), writer.close()]);
  return { type: 'packed', gzip: new Uint8Array(packed), bytes: bytes.byteLength };
}
