/**
 * A fake signed-in wiki for the sign-in faults (the real test wiki has no OAuth extension and will
 * not, on demand, expire a session in the middle of a run): `action=login` with a login token and
 * cookies, `meta=userinfo`, a Bearer token, and `list=allimages` readable only when signed in; for
 * the save's faults (#39), a csrf token and an `action=edit` POST whose answer a test chooses.
 */
import type * as http from 'node:http';
import { json, serve, type FaultServer } from './faultServer';

export const BOT = { user: 'Bot@wikiq', password: 'bot-secret-PASS-0001', token: 'oauth-secret-TOKEN-0002' };

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeWiki extends FaultServer {
  endpoint: string;
  seen: Seen[];
  /** Forgets every session (as when a wiki's session store is cleared). */
  expireSessions(): void;
  /** Answers with a Failed login and this reason (the wiki's own words). */
  loginFailure?: string;
  /** Sessions that survive only this many requests (undefined: forever). */
  sessionLifetime?: number;
  /** The csrf token a signed-in session is given (`meta=tokens&type=csrf`, with page 1's revision 5 when titles are asked). */
  csrfToken: string;
  /** Answers a signed-in `action=edit` POST (default: saved, revision 6). */
  onEdit?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
}

export async function fakeWiki(): Promise<FakeWiki> {
  const sessions = new Map<string, number>();
  let n = 0;
  const seen: Seen[] = [];
  const self = {} as FakeWiki;
  const srv = await serve((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      const form = new URLSearchParams(body);
      const cookie = /s=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      let signedIn = cookie !== undefined && sessions.has(cookie);
      if (signedIn && self.sessionLifetime !== undefined) {
        const left = sessions.get(cookie!)!;
        if (left <= 0) {
          sessions.delete(cookie!);
          signedIn = false;
        }
        else sessions.set(cookie!, left - 1);
      }
      const bearer = req.headers.authorization === `Bearer ${BOT.token}`;
      if (req.url?.startsWith('/redirect/')) {
        res.writeHead(302, { location: `${q.get('to')}` });
        return res.end();
      }
      if (q.get('type') === 'login') return json(res, { query: { tokens: { logintoken: 'lt+\\' } } }, 200, { 'set-cookie': 's=pre; path=/; HttpOnly' });
      if (req.method === 'POST' && form.get('action') === 'login') {
        if (self.loginFailure) return json(res, { login: { result: 'Failed', reason: { code: 'wrongpassword', text: self.loginFailure } } });
        if (form.get('lgtoken') !== 'lt+\\' || cookie !== 'pre' || form.get('lgname') !== BOT.user || form.get('lgpassword') !== BOT.password) {
          return json(res, { login: { result: 'Failed', reason: { code: 'x', text: 'Incorrect username or password entered. Please try again.' } } });
        }
        const id = `sess${++n}`;
        sessions.set(id, self.sessionLifetime ?? Infinity);
        return json(res, { login: { result: 'Success', lguserid: 7, lgusername: 'Bot' } }, 200, { 'set-cookie': [`s=${id}; path=/; HttpOnly`, 'other=1; path=/'] as unknown as string });
      }
      const assertion = q.get('assert');
      if (assertion && !signedIn && !bearer) return json(res, { errors: [{ code: `assert${assertion}failed`, text: `You are no longer logged in (${assertion}).` }] });
      if (q.get('meta') === 'userinfo') {
        if (!signedIn && !bearer) return json(res, { query: { userinfo: { id: 0, name: '127.0.0.1', anon: true } } });
        return json(res, { query: { userinfo: { id: 7, name: 'Bot', groups: ['*', 'user', 'bot'], rights: ['read', 'bot', 'apihighlimits'] } } });
      }
      if ((signedIn || bearer) && q.get('meta') === 'tokens' && q.get('type') === 'csrf') {
        const pages = q.get('titles') ? [{ pageid: 1, title: q.get('titles'), revisions: [{ revid: 5, timestamp: '2026-01-01T00:00:00Z' }] }] : undefined;
        return json(res, { query: { tokens: { csrftoken: self.csrfToken }, ...(pages ? { pages } : {}) } });
      }
      if ((signedIn || bearer) && req.method === 'POST' && q.get('action') === 'edit') {
        if (self.onEdit) return self.onEdit(req, res);
        return json(res, { edit: { result: 'Success', pageid: 1, title: form.get('title'), oldrevid: 5, newrevid: 6, newtimestamp: '2026-01-01T00:00:01Z' } });
      }
      if (!signedIn && !bearer) return json(res, { errors: [{ code: 'readapidenied', text: 'You need read permission to use this module.' }] });
      if (q.get('aicontinue') === null) return json(res, { continue: { aicontinue: 'B', continue: '-||' }, query: { allimages: [{ name: 'A.png' }] } });
      return json(res, { batchcomplete: true, query: { allimages: [{ name: 'B.png' }] } });
    });
  });
  return Object.assign(self, srv, { endpoint: `${srv.url}/api.php`, seen, csrfToken: 'c0ffee+\\', expireSessions: () => sessions.clear() });
}
