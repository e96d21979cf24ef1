/**
 * Unpacks a packed host message (../../shared/messages `PackedMessage`, made by
 * ../../src/results/packing.ts): gunzips it, reading no more bytes than it says it holds (and never
 * more than `MAX_UNPACKED_BYTES`), and parses the JSON. The caller checks the message inside
 * (`isHostMessage`) as it checks any other.
 */
import type { PackedMessage } from '../../shared/messages';

/** The most a packed message may unpack to (the host sends a 50,000-record append at about 15 MB). */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

export async function unpack(p: PackedMessage, max = MAX_UNPACKED_BYTES): Promise<unknown> {
  if (p.bytes > max) throw new Error(`a packed message of ${p.bytes} bytes is over the view's limit of ${max} bytes`);
  const out = new Uint8Array(p.bytes);
  let n = 0;
  const reader = (new Blob([p.gzip]).stream().pipeThrough(new DecompressionStream('gzip')) as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (n + value.byteLength > p.bytes) {
      await reader.cancel();
      throw new Error(`a packed message holds more than the ${p.bytes} bytes it says`);
    }
    out.set(value, n);
    n += value.byteLength;
  }
  if (n !== p.bytes) throw new Error(`a packed message holds ${n} bytes, not the ${p.bytes} it says`);
  return JSON.parse(new TextDecoder().decode(out));
}
