/** Live-catalogue parts that need no wiki: HTML → Markdown safety and the disk cache. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CatalogueCache, htmlToMarkdown } from '../../engine/src';

describe('help HTML to Markdown', () => {
  const base = 'https://w.example/w/api.php';
  it('makes links absolute', () => {
    assert.match(htmlToMarkdown('See <a href="/wiki/Help:X">help</a>.', base), /\[help\]\(https:\/\/w\.example\/wiki\/Help:X\)/);
  });
  it('keeps nothing executable', () => {
    const md = htmlToMarkdown('<script>alert(1)</script><b>bold</b> <a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)> <a href="data:text/html,x">d</a>', base);
    assert.doesNotMatch(md, /script|javascript:|onerror|data:/i);
    assert.match(md, /\*\*bold\*\*/);
  });
  it('passes plain text through', () => assert.equal(htmlToMarkdown('plain', base), 'plain'));
});

describe('catalogue cache', () => {
  const data = (v: string) => ({ endpoint: 'http://127.0.0.1:9/api.php', mwVersion: v, fetchedAt: '2026-01-01T00:00:00Z', namespaces: [], modules: [{ name: 'main', path: 'main', group: 'main', prefix: '', parameters: [] }] as never[], strategy: 'wildcard' as const, requests: 2 });
  it('writes atomically, reads back, and keeps one version per endpoint', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-cache-'));
    const c = new CatalogueCache(dir);
    c.write(data('1.39.0'));
    c.write(data('1.40.0'));
    assert.equal(c.read('http://127.0.0.1:9/api.php')?.mwVersion, '1.40.0');
    assert.equal(fs.readdirSync(dir).length, 1);
    assert.ok(!fs.readdirSync(dir).some((f) => f.endsWith('.tmp')));
    assert.equal(c.read('http://other/api.php'), undefined);
  });
  it('discards a corrupt file instead of crashing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-cache-'));
    const logs: string[] = [];
    const c = new CatalogueCache(dir, (m) => logs.push(m));
    const file = c.write(data('1.39.0'));
    fs.writeFileSync(file, '{"format":1,"endpoint":"http://127.0.0.1:9/api.php","modules":[tru');
    assert.equal(c.read('http://127.0.0.1:9/api.php'), undefined);
    assert.equal(fs.existsSync(file), false);
    assert.match(logs[0], /discarding/);
  });
});
