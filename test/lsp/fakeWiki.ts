/**
 * A tiny wiki on 127.0.0.1 for the LSP tests: `/down/api.php` answers HTTP 500; any other
 * `…/api.php` (one wiki per path) answers siteinfo and paraminfo with a three-module catalogue
 * (`main`, `query`, `list=fakelist` with prefix `fl`). Every request is counted by path and action.
 * `/slow/…/api.php` holds its paraminfo answers until the test calls `release()` (a wiki slower
 * than anything the server waits for, without a sleep).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

const MODULES = [
  { name: 'main', path: 'main', prefix: '', parameters: [{ name: 'action', type: ['query'], submodules: { query: 'query' } }] },
  { name: 'query', path: 'query', group: 'action', prefix: '', parameters: [{ name: 'list', type: ['fakelist'], multi: true, submodules: { fakelist: 'query+fakelist' } }] },
  {
    name: 'fakelist', path: 'query+fakelist', group: 'list', prefix: 'fl', description: 'A list only this wiki has.',
    parameters: [{ name: 'limit', type: 'limit', min: 1, max: 500, highmax: 5000, default: 10, description: 'How many to list.' }],
  },
];

export interface FakeWiki {
  base: string;
  /** Requests so far. */
  requests: Array<{ path: string; action: string }>;
  count(path: string, action?: string): number;
  /** Sends the paraminfo answers `/slow/` wikis are holding, and every later one at once. */
  release(): void;
  close(): Promise<void>;
}

export async function startFakeWiki(): Promise<FakeWiki> {
  const requests: FakeWiki['requests'] = [];
  let held: Array<() => void> | undefined = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const action = url.searchParams.get('action') ?? '';
    requests.push({ path: url.pathname, action });
    if (url.pathname.startsWith('/down/') || !url.pathname.endsWith('/api.php')) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (action === 'query') {
      res.end(JSON.stringify({ query: { general: { generator: 'MediaWiki 1.39.0' }, namespaces: { 0: { id: 0, name: '' } } } }));
    } else {
      const answer = () => res.end(JSON.stringify({ paraminfo: { helpformat: 'html', modules: MODULES } }));
      if (held && url.pathname.startsWith('/slow/')) held.push(answer);
      else answer();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    count: (path, action) => requests.filter((r) => r.path === path && (!action || r.action === action)).length,
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      waiting.forEach((answer) => answer());
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
