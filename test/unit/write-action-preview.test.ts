/**
 * The pure readers of write previews (#39): the pages a write module names (and the permission test
 * for each), the parser's warnings of a parse answer as bounded plain text, and a page's
 * permission out of `intestactions` with full or boolean detail, a page's facts, and the account,
 * the wiki and its clock of a query's answer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_PARSE_WARNINGS, PARSE_WARNING_CHARS, RefusedError, namedPages, resolveRequest, warningsOf } from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { readPage, readPermission, readSession } from '../../engine/src/write/ask';

/** The pages `plan` names for `module`: [param, value, by id, test action]. */
function checkNamed(module: string, plan: Record<string, string>, expected: Array<[string, string, boolean, string | undefined]>) {
  assert.deepEqual(namedPages(module, plan).map((n) => [n.param, n.value, n.byId, n.role.test]), expected);
}

/** The warnings read out of a parse answer whose `parsewarningshtml` is `html`. */
function checkWarnings(html: unknown, expected: string[]) {
  assert.deepEqual(warningsOf({ parse: { parsewarningshtml: html } }), expected);
}

describe('the pages a write names', () => {
  it('move: the source (test move) and the destination (test move-target)', () => checkNamed('move', { action: 'move', from: 'A', to: 'B' }, [['from', 'A', false, 'move'], ['to', 'B', false, 'move-target']]));
  it('move by fromid: the id is used, the title parameter wins when both are given', () => {
    checkNamed('move', { fromid: '12', to: 'B' }, [['fromid', '12', true, 'move'], ['to', 'B', false, 'move-target']]);
    checkNamed('move', { from: 'A', fromid: '12', to: 'B' }, [['from', 'A', false, 'move'], ['to', 'B', false, 'move-target']]);
  });
  it('delete, undelete, protect, rollback: title or pageid, each with its own test', () => {
    checkNamed('delete', { pageid: '3' }, [['pageid', '3', true, 'delete']]);
    checkNamed('undelete', { title: 'Gone' }, [['title', 'Gone', false, 'undelete']]);
    checkNamed('protect', { title: 'P' }, [['title', 'P', false, 'protect']]);
    checkNamed('rollback', { title: 'R', user: 'X' }, [['title', 'R', false, 'rollback']]);
  });
  it('a module not in the table: its title, with no test action; options: no page', () => {
    checkNamed('stashedit', { title: 'S' }, [['title', 'S', false, undefined]]);
    checkNamed('options', { change: 'gender=male' }, []);
    checkNamed('delete', { reason: 'no page named' }, []);
  });
});

describe('parse warnings as text', () => {
  it('tags dropped, links as their text, entities decoded once, white space folded', () => checkWarnings(
    ['<strong>Warning:</strong> <a class="mw-selflink selflink">Page</a> is calling <a href="/x">Template:T</a>\nwith &quot;a&quot; twice &amp;lt;b&amp;gt;'],
    ['Warning: Page is calling Template:T with "a" twice &lt;b&gt;'],
  ));
  it('none: an empty list, also when the answer has no parse or no warnings', () => {
    checkWarnings([], []);
    checkWarnings(undefined, []);
    assert.deepEqual(warningsOf({}), []);
    checkWarnings(['', '<b></b>', 7], []);
  });
  it(`bounded: ${MAX_PARSE_WARNINGS} warnings of ${PARSE_WARNING_CHARS} characters, then how many more`, () => {
    const many = Array.from({ length: MAX_PARSE_WARNINGS + 3 }, (_, i) => `w${i}`);
    const read = warningsOf({ parse: { parsewarningshtml: many } });
    assert.deepEqual(read, [...many.slice(0, MAX_PARSE_WARNINGS), '… 3 more warnings not shown']);
    checkWarnings(['x'.repeat(PARSE_WARNING_CHARS + 5)], [`${'x'.repeat(PARSE_WARNING_CHARS)}…`]);
  });
});

describe('a permission out of intestactions', () => {
  it('full detail: allowed when the list is empty, else refused with the wiki\'s words', () => {
    assert.deepEqual(readPermission({ actions: { move: [] } }, 'move'), { action: 'move', allowed: true, reasons: [] });
    assert.deepEqual(readPermission({ actions: { delete: [{ code: 'permissiondenied', text: 'Limited to Administrators.' }, { code: 'only-code' }] } }, 'delete'),
      { action: 'delete', allowed: false, reasons: ['Limited to Administrators.', 'only-code'] });
  });
  it('boolean detail and an action the wiki did not answer', () => {
    assert.deepEqual(readPermission({ actions: { edit: true } }, 'edit'), { action: 'edit', allowed: true, reasons: [] });
    assert.deepEqual(readPermission({ actions: { edit: false } }, 'edit'), { action: 'edit', allowed: false, reasons: [] });
    assert.deepEqual(readPermission({}, 'protect'), { action: 'protect', allowed: false, reasons: [] });
  });
});

describe('a page\'s facts and the session out of a query answer', () => {
  it('an existing page: its current revision, timestamp, content model and protection', () => assert.deepEqual(
    readPage({ title: 'P', contentmodel: 'css', revisions: [{ revid: 7, timestamp: '2026-01-01T00:00:00Z' }], protection: [{ type: 'edit', level: 'sysop', expiry: 'infinity' }] }),
    { title: 'P', exists: true, revid: 7, timestamp: '2026-01-01T00:00:00Z', contentmodel: 'css', protection: [{ type: 'edit', level: 'sysop', expiry: 'infinity' }] },
  ));
  it('a missing page: no revision, wikitext unless the wiki says otherwise', () => assert.deepEqual(
    readPage({ title: 'Q', missing: true }),
    { title: 'Q', exists: false, revid: undefined, timestamp: undefined, contentmodel: 'wikitext', protection: [] },
  ));
  it('anonymous (anon, or no user id) and signed in; the wiki and its clock', () => {
    const answer = (userinfo: Record<string, unknown>) => readSession({ curtimestamp: '2026-12-01T00:00:00Z', query: { userinfo, general: { sitename: 'W', generator: 'MediaWiki 1.39.17' } } });
    assert.deepEqual(answer({ id: 0, name: '127.0.0.1', anon: true }), { account: { name: '127.0.0.1', anonymous: true }, wiki: { name: 'W', generator: 'MediaWiki 1.39.17' }, startedAt: '2026-12-01T00:00:00Z' });
    assert.equal(answer({ name: 'X' }).account.anonymous, true, 'no id: anonymous');
    assert.deepEqual(answer({ id: 3, name: 'Alice' }).account, { name: 'Alice', anonymous: false });
    assert.equal(readSession({}).startedAt, '', 'no curtimestamp: empty');
  });
});

describe('resolving another write', () => {
  const EP = '@endpoint = https://w.example/api.php\n';
  const refusal = (source: string): string => {
    try {
      resolveRequest(`${EP}${source}`, { index: 0 }, { catalogue: bundledCatalogue() });
    } catch (e) {
      if (e instanceof RefusedError) return e.message;
      throw e;
    }
    return 'not refused';
  };
  it('refused without preview, saying that --dry-run shows its plan (not for upload); resolved for a preview', () => {
    assert.match(refusal('action = move\nfrom = A\nto = B'), /writes to the wiki.*wikiq run FILE shows its plan and asks before sending it \(--dry-run: the plan only\); see docs\/writes\.md\.$/);
    assert.doesNotMatch(refusal('action = upload\nfilename = A.png'), /dry-run/);
    assert.equal(resolveRequest(`${EP}action = delete\ntitle = A`, { index: 0 }, { catalogue: bundledCatalogue(), allowWrite: 'preview' }).params.title, 'A');
  });
});
