/**
 * Models for the results view's browser test and bench: realistic results shaped as the spec and
 * MediaWiki 1.39 give them (allimages, logevents with the HTML-anchor params of an extension's
 * log type, merged pages, paraminfo descriptors), hostile ones, and large generated lists.
 */
import type { ResultsModel } from '../../client/shared/model';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const ts = (i: number) => {
  const d = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`;
};

const WORDS = ['Alpine_lake', 'Barn_owl', 'Coastal_fog', 'Desert_rose', 'Elm_avenue', 'Fjord_morning', 'Granite_peak', 'Harbour_lights', 'Iris_field', 'Juniper_hill', 'Kelp_forest', 'Lighthouse', 'Meadow', 'Northern_lights'];

export function imageRecord(base: string, i: number, host = base): Record<string, unknown> {
  const name = `${WORDS[i % WORDS.length]}_${pad(i, 6)}.${i % 3 ? 'jpg' : 'png'}`;
  const url = `${host}/images/${(i % 16).toString(16)}/${(i % 256).toString(16).padStart(2, '0')}/${name}`;
  return {
    name, timestamp: ts(i), url,
    descriptionurl: `${base}/index.php/File:${name}`,
    descriptionshorturl: `${base}/index.php?curid=${1000 + i}`,
    ns: 6, title: `File:${name.replace(/_/g, ' ')}`,
  };
}

function header(base: string, name: string, params: Record<string, string>): Omit<ResultsModel, 'result' | 'rawBatches'> {
  return {
    requestName: name, endpoint: `${base}/w/api.php`, params: { action: 'query', format: 'json', formatversion: '2', errorformat: 'plaintext', ...params },
    httpStatus: 200, timeMs: 184, bytes: 24_680, batches: 1, complete: false, partial: false, continue: null, errors: [], warnings: [],
  };
}

export function allimagesModel(base: string, count: number, opts: { batches?: number; complete?: boolean } = {}): ResultsModel {
  const records = Array.from({ length: count }, (_, i) => imageRecord(base, i));
  const cont = opts.complete ? null : { aicontinue: `${WORDS[count % WORDS.length]}_${pad(count, 6)}.jpg`, continue: '-||' };
  const result = { batchcomplete: true, ...(cont ? { continue: cont } : {}), query: { allimages: records } };
  return {
    ...header(base, 'Newest files', { list: 'allimages', aiprop: 'timestamp|url', ailimit: '50' }),
    batches: opts.batches ?? 1, complete: !!opts.complete, continue: cont, bytes: 310 * count, timeMs: 120 + count / 100,
    result,
    rawBatches: count <= 200 ? [JSON.stringify(result)] : [],
    debuginfo: debuginfo(base, 'action=query&list=allimages'),
    requests: [{ n: 1, url: `${base}/w/api.php?action=query&list=allimages&aiprop=timestamp%7Curl&ailimit=50&format=json&formatversion=2&errorformat=plaintext`, status: 200, ms: 184, bytes: 24_680 }],
  };
}

export function debuginfo(base: string, query: string): Record<string, unknown> {
  return {
    mwVersion: '1.39.10', phpEngine: 'php', phpVersion: '8.2.26', time: 0.0412,
    log: [{ msg: 'Start request GET /w/api.php', type: 'log', caller: 'MediaWiki\\Logger\\LegacyLogger::log' }],
    debugLog: ['[objectcache] MainObjectStash using store SqlBagOStuff'],
    queries: [{ sql: 'SELECT img_name,img_timestamp FROM `image` ORDER BY img_name LIMIT 51', function: 'ApiQueryAllImages::execute', time: 0.0007 }],
    request: {
      method: 'GET', url: `/w/api.php?${query}`,
      headers: { HOST: new URL(base).host, 'USER-AGENT': 'wikiq/0.1.0 (https://github.com/wikiq/wikiq)', COOKIE: 'wikidb_session=SECRET-SESSION-COOKIE', AUTHORIZATION: 'Bearer SECRET-TOKEN', 'ACCEPT-ENCODING': 'gzip' },
      params: { action: 'query', format: 'json' },
    },
    memory: '4.12 MB', memoryPeak: '4.5 MB',
    includes: [{ name: '/srv/mediawiki/api.php', size: '3.1 KB' }],
  };
}

export function logeventsModel(base: string): ResultsModel {
  const users = ['Maintenance script', 'Alice', 'Bob', 'MediaWiki default'];
  const ev: Array<Record<string, unknown>> = [];
  for (let i = 0; i < 40; i++) {
    const kind = i % 4;
    const t = ts(10_000 - i * 7);
    if (kind === 0) {
      ev.push({ logid: 400 - i, ns: -1, title: 'Special:CreateTable', pageid: 0, logpage: 0, params: { 0: `<a href="${base}/index.php/Special:CreateTable/Widgets_${i}" title="Special:CreateTable/Widgets ${i}">Special:CreateTable/Widgets ${i}</a>` }, type: 'tables', action: 'createtable', user: users[0], timestamp: t, comment: '' });
    } else if (kind === 1) {
      ev.push({ logid: 400 - i, ns: 0, title: `Main Page ${i}`, pageid: 10 + i, logpage: 10 + i, revid: 100 + i, params: {}, type: 'create', action: 'create', user: users[1], timestamp: t, comment: `New page about ${WORDS[i % WORDS.length].replace(/_/g, ' ')}`, parsedcomment: `New page about <a href="/index.php/${WORDS[i % WORDS.length]}" title="${WORDS[i % WORDS.length]}">${WORDS[i % WORDS.length].replace(/_/g, ' ')}</a>` });
    } else if (kind === 2) {
      ev.push({ logid: 400 - i, ns: 2, title: `User:Tester${i}`, pageid: 0, logpage: 0, params: { userid: 20 + i }, type: 'newusers', action: 'create', user: `Tester${i}`, timestamp: t, comment: '' });
    } else {
      ev.push({ logid: 400 - i, ns: 6, title: `File:${WORDS[i % WORDS.length]}.jpg`, pageid: 200 + i, logpage: 200 + i, params: { img_sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d', img_timestamp: t }, type: 'upload', action: 'upload', user: users[2], timestamp: t, comment: 'Uploaded own work' });
    }
  }
  const cont = { lecontinue: '20240101000000|360', continue: '-||' };
  const result = { batchcomplete: true, continue: cont, query: { logevents: ev } };
  return {
    ...header(base, 'Recent log', { list: 'logevents', leprop: 'ids|title|type|user|timestamp|comment|parsedcomment|details', lelimit: '40' }),
    continue: cont,
    warnings: [{ module: 'logevents', code: 'deprecation', text: 'The parameter "leprop=details" is shown for illustration; check the module reference.' }],
    result, rawBatches: [JSON.stringify(result)], debuginfo: debuginfo(base, 'action=query&list=logevents'),
  };
}

function p(index: number, name: string, rest: Record<string, unknown>): Record<string, unknown> {
  return { index, name, required: false, multi: false, ...rest };
}

export function paraminfoModel(base: string): ResultsModel {
  const lic = { source: 'MediaWiki', sourcename: 'MediaWiki', licensetag: 'GPL-2.0-or-later', licenselink: `${base}/index.php/Special:Version/License/MediaWiki` };
  const modules = [
    {
      name: 'allimages', classname: 'ApiQueryAllImages', path: 'query+allimages', group: 'list', prefix: 'ai', ...lic, readrights: true, generator: true,
      helpurls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allimages'],
      parameters: [
        p(1, 'sort', { type: ['name', 'timestamp'], default: 'name' }),
        p(2, 'dir', { type: ['ascending', 'descending', 'newer', 'older'], default: 'ascending' }),
        p(3, 'from', { type: 'string' }),
        p(4, 'to', { type: 'string' }),
        p(5, 'continue', { type: 'string' }),
        p(6, 'start', { type: 'timestamp' }),
        p(7, 'end', { type: 'timestamp' }),
        p(8, 'prop', { type: ['badfile', 'bitdepth', 'canonicaltitle', 'comment', 'commonmetadata', 'dimensions', 'extmetadata', 'mediatype', 'metadata', 'mime', 'parsedcomment', 'sha1', 'size', 'thumbmime', 'timestamp', 'url', 'user', 'userid'], default: 'timestamp|url', multi: true, lowlimit: 50, highlimit: 500, limit: 50, deprecatedvalues: ['metadata'] }),
        p(9, 'prefix', { type: 'string' }),
        p(10, 'minsize', { type: 'integer' }),
        p(11, 'maxsize', { type: 'integer' }),
        p(12, 'sha1', { type: 'string' }),
        p(13, 'sha1base36', { type: 'string' }),
        p(14, 'user', { type: 'user', subtypes: ['name', 'temp', 'ip', 'interwiki'] }),
        p(15, 'filterbots', { type: ['all', 'bots', 'nobots'], default: 'all' }),
        p(16, 'mime', { type: 'string', multi: true, lowlimit: 50, highlimit: 500, limit: 50 }),
        p(17, 'limit', { type: 'limit', default: 10, min: 1, max: 500, highmax: 5000 }),
      ],
      templatedparameters: [],
    },
    {
      name: 'logevents', classname: 'ApiQueryLogEvents', path: 'query+logevents', group: 'list', prefix: 'le', ...lic, readrights: true,
      helpurls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Logevents'],
      parameters: [
        p(1, 'prop', { type: ['comment', 'details', 'ids', 'parsedcomment', 'tags', 'timestamp', 'title', 'type', 'user', 'userid'], default: 'ids|title|type|user|timestamp|comment|details', multi: true, lowlimit: 50, highlimit: 500, limit: 50 }),
        p(2, 'type', { type: ['block', 'create', 'delete', 'import', 'merge', 'move', 'newusers', 'patrol', 'protect', 'rights', 'tables', 'upload'] }),
        p(3, 'action', { type: 'string' }),
        p(4, 'start', { type: 'timestamp' }),
        p(5, 'end', { type: 'timestamp' }),
        p(6, 'dir', { type: ['newer', 'older'], default: 'older', info: [{ name: 'modes', values: [1, 2] }] }),
        p(7, 'user', { type: 'user', subtypes: ['name', 'ip', 'temp', 'id', 'interwiki'] }),
        p(8, 'title', { type: 'string' }),
        p(9, 'namespace', { type: 'namespace', extranamespaces: [-2, -1] }),
        p(10, 'prefix', { type: 'string' }),
        p(11, 'tag', { type: 'string' }),
        p(12, 'limit', { type: 'limit', default: 10, min: 1, max: 500, highmax: 5000 }),
        p(13, 'continue', { type: 'string' }),
      ],
      templatedparameters: [],
    },
  ];
  const result = { batchcomplete: true, paraminfo: { helpformat: 'none', modules } };
  return {
    ...header(base, 'Describe allimages and logevents', {}), params: { action: 'paraminfo', modules: 'query+allimages|query+logevents', format: 'json', formatversion: '2' },
    complete: true, result, rawBatches: [JSON.stringify(result)], debuginfo: debuginfo(base, 'action=paraminfo'),
  };
}

// ---------------------------------------------------------------------------------------------
// Hostile content: every payload would set window.__pwned or open a dialog if it ever ran.

export const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  '<script>window.__pwned=1;alert(1)</script>',
  '<a href="javascript:window.__pwned=1;alert(1)">click</a>',
  '<svg onload="window.__pwned=1;alert(1)"><circle r=5></circle></svg>',
  '<iframe src="javascript:parent.__pwned=1"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1">',
  '<a href="JaVaScRiPt:window.__pwned=1" onclick="window.__pwned=1" style="x:expression(alert(1))">styled</a>',
  '<img src="ELSEWHERE/leak.png">',
  '<form action="javascript:window.__pwned=1"><button>go</button></form>',
  '<details open ontoggle="window.__pwned=1">',
  '<a href="data:text/html,<script>parent.__pwned=1</script>">data</a>',
];

export function hostileModel(base: string, elsewhere: string): ResultsModel {
  const x = (i: number) => PAYLOADS[i % PAYLOADS.length].replace('ELSEWHERE', elsewhere);
  const images = Array.from({ length: 30 }, (_, i) => ({
    name: `${x(i)}_${i}.png`,
    title: `File:${x(i + 1)}`,
    user: x(i + 2),
    comment: x(i + 3),
    parsedcomment: `<b>bold</b> <a href="/index.php/Main_Page">relative</a> ${x(i + 4)} ${x(i + 6)}`,
    timestamp: ts(i),
    url: i % 3 === 0 ? `javascript:window.__pwned=1//${i}` : i % 3 === 1 ? `${base}/images/a/ab/Ok_${i}.png` : `${elsewhere}/images/Leak_${i}.png`,
    thumburl: i % 3 === 2 ? `${elsewhere}/thumb/Leak_${i}.png` : undefined,
    descriptionurl: `${base}/index.php/File:X"><img src=x onerror=window.__pwned=1>`,
    extmetadata: { Artist: { value: x(i + 5), source: 'commons-desc-page' }, ImageDescription: { value: x(i + 7) } },
    ns: 6,
  }));
  const events = Array.from({ length: 20 }, (_, i) => ({
    logid: 900 - i, ns: -1, title: `Special:${x(i)}`, pageid: 0, logpage: 0,
    params: { 0: `<a href="/index.php/Special:CreateTable/T${i}" title="ok">Special:CreateTable/T${i}</a>${x(i)}`, 1: x(i + 1), nested: { deeper: x(i + 2) } },
    type: x(i + 3), action: 'createtable', user: x(i + 4), timestamp: ts(i), comment: x(i + 5), parsedcomment: x(i + 6),
  }));
  const pages = [
    { pageid: 1, ns: 0, title: x(0), categories: [{ ns: 14, title: `Category:${x(1)}` }], images: [{ ns: 6, title: `File:${x(2)}` }] },
    { ns: 0, title: x(5), missing: true },
  ];
  const result = { batchcomplete: true, [x(0)]: x(1), query: { allimages: images, logevents: events, pages, [x(3)]: [{ [x(4)]: x(5) }] } };
  return {
    requestName: `${x(0)} hostile ${x(1)}`, endpoint: `${base}/w/api.php`,
    params: { action: 'query', list: 'allimages|logevents', errorformat: 'html', [x(2)]: x(3) },
    httpStatus: 200, timeMs: 42, bytes: 4242, batches: 2, complete: false, partial: true, continue: { aicontinue: x(4), continue: '-||' },
    errors: [{ code: x(0), text: `Bad thing ${x(0)} ${x(2)} ${x(1)}`, html: true }, { code: 'plain', text: `plain ${x(3)}` }],
    warnings: [{ module: x(1), code: x(2), text: `warned ${x(3)}` }, { module: 'main', text: `html ${x(5)} ${x(6)}`, html: true }],
    result,
    rawBatches: [JSON.stringify(result), `<html><body>${x(0)}${x(1)}${x(3)}</body></html>`],
    debuginfo: { ...debuginfo(base, `action=query&list=${encodeURIComponent(x(0))}`), log: [{ msg: x(0), type: x(1), caller: x(3) }], debugLog: [x(4), x(5)] },
    requests: [{ n: 1, url: `${base}/w/api.php?x=${x(0)}`, status: 200, ms: 20, bytes: 2000 }],
  };
}

export function hostileParaminfo(base: string, elsewhere: string): ResultsModel {
  const x = (i: number) => PAYLOADS[i % PAYLOADS.length].replace('ELSEWHERE', elsewhere);
  const modules = Array.from({ length: 4 }, (_, m) => ({
    name: x(m), path: `query+${x(m + 1)}`, group: x(m + 2), prefix: x(m + 3), source: x(m + 4), licensetag: x(m + 5), licenselink: 'javascript:window.__pwned=1',
    helpurls: ['javascript:window.__pwned=1', `${base}/help`, x(m + 6)], classname: x(m + 7), description: `<p>Module ${x(m)}</p>`,
    parameters: Array.from({ length: 5 }, (_, i) => ({
      index: i, name: x(i + m), type: i % 2 ? [x(i), x(i + 1), 'plain'] : x(i + 2), default: x(i + 3), description: `<b>desc</b> ${x(i + 4)}`,
      deprecatedvalues: [x(i)], info: [{ name: x(i + 5), values: [x(i + 6)] }], templatevars: { [x(i)]: x(i + 1) }, subtypes: [x(i + 2)],
    })),
    templatedparameters: [{ index: 0, name: `${x(m)}-{slot}`, type: 'string', templatevars: { slot: x(m + 1) } }],
  }));
  const result = { paraminfo: { helpformat: 'html', modules } };
  return {
    requestName: `paraminfo ${x(0)}`, endpoint: `${base}/w/api.php`, params: { action: 'paraminfo', modules: x(1) },
    batches: 1, complete: true, partial: false, continue: null, errors: [], warnings: [], result, rawBatches: [JSON.stringify(result)],
  };
}

/** A run the wiki refused (an API error in the first batch): nothing received, nothing to resume. */
export function failedModel(base: string): ResultsModel {
  const body = JSON.stringify({ errors: [{ code: 'badvalue', text: 'Unrecognized value for parameter "aidir": sideways.', module: 'query' }] });
  return {
    ...header(base, 'Wrong direction', { list: 'allimages', aidir: 'sideways' }),
    complete: false, partial: false, continue: null, batches: 1, bytes: body.length,
    errors: [{ code: 'badvalue', module: 'query', text: 'Unrecognized value for parameter "aidir": sideways.' }],
    result: {}, rawBatches: [body],
  };
}
