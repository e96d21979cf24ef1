/**
 * Large host → view messages travel packed (client/src/results/packing.ts) and the view unpacks
 * them (client/media/src/unpack.ts): the round trip gives the message back, small messages go as
 * they are, and the view reads no more than a packed message says it holds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGzip } from 'node:zlib';
import { PACK_FROM_CHARS, pack } from '../../client/src/results/packing';
import { unpack } from '../../client/media/src/unpack';
import type { AppendMessage, PackedMessage } from '../../client/shared/messages';
import { isHostMessage, isPackedMessage } from '../../client/shared/validate';
import { logEventsBatch } from '../logEventsServer';

const header = { requestName: 'log', endpoint: 'https://w.example/w/api.php', params: { action: 'query', list: 'logevents' }, batches: 2, complete: false, partial: false, continue: null, errors: [], warnings: [], rawBatches: [] };
const append = (records: number): AppendMessage => ({
  type: 'append', header, lists: [{ path: ['query', 'logevents'], items: (logEventsBatch(0, records, records).query as { logevents: unknown[] }).logevents }], replace: [], raw: [], more: false,
});

test('a large append travels packed, many times smaller, and unpacks to the same message', async () => {
  const m = append(5000);
  const json = JSON.stringify(m);
  const p = (await pack(m)) as PackedMessage;
  assert.ok(isPackedMessage(p), 'packed');
  assert.equal(p.bytes, new TextEncoder().encode(json).byteLength);
  assert.ok(p.gzip.byteLength * 5 < json.length, `${p.gzip.byteLength} bytes packed from ${json.length}`);
  const back = await unpack(p);
  assert.ok(isHostMessage(back));
  assert.deepEqual(back, m);
});

test('a message under the threshold goes as it is', async () => {
  const m = append(3);
  assert.ok(JSON.stringify(m).length < PACK_FROM_CHARS);
  assert.equal(await pack(m), m);
  assert.deepEqual(await pack({ type: 'progress', running: true, batches: 1, records: 3 }), { type: 'progress', running: true, batches: 1, records: 3 });
});

test('text outside ASCII survives packing', async () => {
  const m = append(400);
  m.lists[0].items.push({ title: 'Fichier:Ünïcødé — 日本語 🐍', comment: '\u202e\u0000' });
  assert.deepEqual(await unpack((await pack(m, 10)) as PackedMessage), m);
});

test('the view reads no more than a packed message says it holds, and no more than its limit', async () => {
  const p = (await pack(append(2000))) as PackedMessage;
  await assert.rejects(unpack({ ...p, bytes: p.bytes - 1 }), /holds more than the \d+ bytes it says/);
  await assert.rejects(unpack({ ...p, bytes: p.bytes + 1 }), /holds \d+ bytes, not the \d+ it says/);
  await assert.rejects(unpack(p, p.bytes - 1), /over the view's limit/);
  await assert.rejects(unpack({ ...p, gzip: p.gzip.slice(0, 100) }));
  assert.equal(isPackedMessage({ type: 'packed', gzip: [1, 2], bytes: 2 }), false, 'bytes must be a Uint8Array');
  assert.equal(isPackedMessage({ type: 'packed', gzip: new Uint8Array(1), bytes: -1 }), false);
});

/** `n` zero bytes gzipped, made a MiB at a time: about 1,000 times smaller than `n`. */
async function gzippedZeros(n: number): Promise<Uint8Array> {
  const gz = createGzip();
  const chunks: Buffer[] = [];
  gz.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve, reject) => gz.on('end', resolve).on('error', reject));
  const MiB = Buffer.alloc(1024 * 1024);
  for (let left = n; left > 0; left -= MiB.length) {
    if (!gz.write(left >= MiB.length ? MiB : MiB.subarray(0, left))) await new Promise((resolve) => gz.once('drain', resolve));
  }
  gz.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

test('the view\'s own limit, unasked, is 256 MiB: a bomb saying more is refused before it is inflated, a message saying 256 MiB is read', async () => {
  // The documented bound, written out: raising MAX_UNPACKED_BYTES or unpack's default fails this test.
  const LIMIT = 256 * 1024 * 1024;
  const bomb = await gzippedZeros(LIMIT + 1);
  assert.ok(bomb.byteLength < LIMIT / 500, `${bomb.byteLength} bytes packed`);
  await assert.rejects(unpack({ type: 'packed', gzip: bomb, bytes: LIMIT + 1 }), { message: `a packed message of ${LIMIT + 1} bytes is over the view's limit of ${LIMIT} bytes` });
  // Saying exactly the limit passes it: the view reads on (and finds the message holds nothing of what it said).
  const small = await gzippedZeros(0);
  await assert.rejects(unpack({ type: 'packed', gzip: small, bytes: LIMIT }), { message: `a packed message holds 0 bytes, not the ${LIMIT} it says` });
});
