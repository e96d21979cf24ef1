/**
 * Results for the Images, Timeline and Breakdown views' browser tests and bench: files with the
 * properties allimages gives with aiprop=timestamp|url|size|dimensions|user|mime, and recent
 * changes, shaped as MediaWiki 1.39 gives them (formatversion=2).
 */
import type { ResultsModel } from '../../client/shared/model';
import { imageRecord } from './webviewFixtures';

const USERS = ['Alice', 'Bob', 'Maintenance script', 'Carol', 'WikiSysop'];
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function model(base: string, requestName: string, params: Record<string, string>, result: unknown, complete = true): ResultsModel {
  return {
    requestName, endpoint: `${base}/w/api.php`, params: { action: 'query', format: 'json', formatversion: '2', ...params },
    httpStatus: 200, timeMs: 120, bytes: 50_000, batches: 1, complete, partial: false, continue: null, errors: [], warnings: [],
    result, rawBatches: [],
  };
}

/** `count` files uploaded over about three months by five users. */
export function filesModel(base: string, count: number): ResultsModel {
  const t0 = Date.UTC(2024, 2, 1);
  const files = Array.from({ length: count }, (_, i) => ({
    ...imageRecord(base, i),
    timestamp: iso(t0 + Math.floor(((i * 7919) % count) / count * 90 * 86_400_000)),
    user: USERS[(i * i) % USERS.length], size: 20_000 + ((i * 7877) % 900_000), width: 160, height: 120, mime: i % 3 ? 'image/jpeg' : 'image/png',
  }));
  return model(base, 'Files with sizes', { list: 'allimages', aiprop: 'timestamp|url|size|dimensions|user|mime', ailimit: 'max' }, { batchcomplete: true, query: { allimages: files } });
}

/** `count` recent changes over the last two days, by four users. */
export function recentchangesModel(base: string, count: number): ResultsModel {
  const t0 = Date.UTC(2024, 5, 10, 8);
  const rc = Array.from({ length: count }, (_, i) => ({
    type: i % 5 === 0 ? 'new' : i % 11 === 0 ? 'log' : 'edit', ns: i % 4 === 0 ? 2 : 0, title: `Page ${i % 17}`, pageid: 1 + (i % 17), revid: 1000 + i, old_revid: 999 + i, rcid: 5000 + i,
    user: USERS[i % 4], timestamp: iso(t0 + i * 47 * 60_000), comment: `Edit ${i}`,
  }));
  return model(base, 'Recent changes', { list: 'recentchanges', rcprop: 'title|ids|user|timestamp|comment', rclimit: 'max' }, { batchcomplete: true, query: { recentchanges: rc } });
}

export const iso8601 = iso;
