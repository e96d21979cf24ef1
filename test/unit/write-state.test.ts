/**
 * The editor's preview → save of a write without the editor (client/src/results/writeState.ts):
 * what Save can do after a preview, after the file changed, while saving and after; the messages
 * of a write's preview across the webview boundary (client/shared/validate.ts, ./write.ts); which
 * requests get ▶ Preview (client/src/run/writeLens.ts); another write's facts; the history's record
 * of a save (no token).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, requestOf } from '../../core/src';
import type { ActionPreview, EditPreview, SaveResult } from '../../engine/src';
import {
  changedState, confirmText, factsOf, keptSaveOf, previewModel, previewedState, savedState, savingState, factsOfAction, type PreviewContext,
} from '../../client/src/results/writeState';
import { writeModuleOf } from '../../client/src/run/writeLens';
import { isHostMessage, parseFromWebview } from '../../client/shared/validate';
import type { SaveState, WriteView } from '../../client/shared/write';
import { bundledCatalogue } from '../../core/src/bundled';

const ENDPOINT = 'https://w.example/w/api.php';
const PLAN_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function preview(over: Partial<EditPreview> = {}): EditPreview {
  return {
    plan: { action: 'edit', title: 'Sandbox', text: 'New', summary: 'fix' }, endpoint: ENDPOINT,
    page: { title: 'Sandbox', exists: true, revid: 12, timestamp: '2026-12-01T10:00:00Z', contentmodel: 'wikitext', protection: [{ type: 'edit', level: 'sysop', expiry: 'infinity' }] },
    mayEdit: true, reasons: [], account: { name: 'WikiqEditor', anonymous: false }, wiki: { name: 'Test wiki', generator: 'MediaWiki 1.44' },
    startedAt: '2026-12-01T10:01:00Z', warnings: [], diffHtml: '<tr><td>x</td></tr>', diffText: [], diffOmitted: 0, ...over,
  };
}

const SIGNED_IN: PreviewContext = { trusted: true, signedIn: true };

/** What Save can do after a preview made in `context`, with a plan id when one was made. */
function check(context: PreviewContext, p: EditPreview, expected: SaveState['kind'], reason?: RegExp): void {
  const s = previewedState(factsOf(p), context, PLAN_ID);
  assert.equal(s.kind, expected, JSON.stringify(s));
  if (reason) assert.match((s as { reason: string }).reason, reason);
}

describe('Save after a preview', () => {
  test('offered signed in, trusted, allowed', () => check(SIGNED_IN, preview(), 'ready'));
  test('absent in an untrusted workspace', () => check({ ...SIGNED_IN, trusted: false }, preview(), 'absent', /untrusted workspace/));
  test('absent anonymous, naming the wiki to sign in to', () => check({ trusted: true, signedIn: false }, preview({ account: { name: '127.0.0.1', anonymous: true } }), 'absent', /Sign in to https:\/\/w\.example\/w\/api\.php/));
  test('absent when the account may not edit, with the wiki\'s reasons', () => check(SIGNED_IN, preview({ mayEdit: false, reasons: ['This page has been protected.'] }), 'absent', /may not edit Sandbox: This page has been protected\./));
  test('absent without a plan', () => assert.equal(previewedState(factsOf(preview()), SIGNED_IN, undefined).kind, 'absent'));
});

describe('Save through its states', () => {
  const ready: SaveState = { kind: 'ready', planId: PLAN_ID };
  test('the file changed: Save is gone', () => {
    assert.deepEqual(changedState(ready).kind, 'stale');
    assert.match((changedState(ready) as { reason: string }).reason, /file changed since this preview/);
  });
  test('a change after the save leaves the saved state', () => {
    const saved: SaveState = { kind: 'saved', newrevid: 3, nochange: false, account: 'A' };
    assert.deepEqual(changedState(saved), saved);
  });
  test('saving only the plan the preview made, once', () => {
    assert.deepEqual(savingState(ready, PLAN_ID), { kind: 'saving' });
    assert.match(savingState(ready, '11111111-2222-4333-8444-555555555555') as string, /older preview/);
    assert.match(savingState({ kind: 'saving' }, PLAN_ID) as string, /nothing to save/);
    assert.match(savingState(changedState(ready), PLAN_ID) as string, /file changed/);
  });
  test('saved: the new revision, its diff, the account', () => {
    const r: SaveResult = { endpoint: ENDPOINT, title: 'Sandbox', account: 'WikiqEditor', oldrevid: 12, newrevid: 13, nochange: false, diffUrl: 'https://w.example/w/index.php?diff=13', answer: {} };
    assert.deepEqual(savedState(r), { kind: 'saved', nochange: false, account: 'WikiqEditor', newrevid: 13, oldrevid: 12, diffUrl: 'https://w.example/w/index.php?diff=13' });
  });
});

describe('facts, confirmation, undo and history', () => {
  test('facts as the view shows them, with the parse warnings (none for an undo, which parses nothing)', () => {
    const f = factsOf(preview({ warnings: ['Unclosed tag'] }));
    assert.deepEqual(f.protection, ['edit=sysop (infinity)']);
    assert.deepEqual(f.warnings, ['Unclosed tag']);
    assert.equal(f.summary, 'fix');
    assert.equal(factsOf(preview({ plan: { action: 'edit', title: 'Sandbox', undo: '12' } })).warnings, undefined);
  });
  test('the modal names the page, the wiki and the account', () => {
    const text = confirmText(factsOf(preview()), { account: 'WikiqEditor', params: { summary: 'fix' } });
    for (const part of ['"Sandbox"', 'Test wiki', ENDPOINT, 'as WikiqEditor', 'Summary: "fix"']) assert.ok(text.includes(part), `${part} in ${text}`);
  });
  test('another write: its plan, each named page with this account\'s permission, Save absent when the wiki says no', () => {
    const page = (title: string, exists: boolean) => ({ title, exists, contentmodel: 'wikitext', protection: [] });
    const p: ActionPreview = {
      module: 'move', plan: { action: 'move', from: 'A', to: 'B', reason: 'tidy' }, endpoint: ENDPOINT, method: 'POST', account: { name: 'WikiqEditor', anonymous: false },
      wiki: { name: 'Test wiki', generator: 'MediaWiki 1.44' }, startedAt: '2026-12-01T10:01:00Z',
      pages: [
        { param: 'from', value: 'A', page: page('A', true), permission: { action: 'move', allowed: true, reasons: [] } },
        { param: 'to', value: 'B', page: page('B', false), permission: { action: 'move-target', allowed: false, reasons: ['B is protected.'] } },
      ],
    };
    const f = factsOfAction(p);
    assert.deepEqual([f.module, f.title, f.plan, f.mayEdit, f.reasons, f.summary], ['move', 'A → B', ['action = move', 'from = A', 'to = B', 'reason = tidy'], false, ['B is protected.'], 'tidy']);
    assert.deepEqual(previewedState(f, { trusted: true, signedIn: true }, undefined), { kind: 'absent', reason: 'WikiqEditor may not move A → B: B is protected.' });
    const allowed = factsOfAction({ ...p, pages: [p.pages[0]] });
    assert.equal(confirmText(allowed, { account: 'WikiqEditor', params: p.plan }), `Send this move of "A" on Test wiki (${ENDPOINT}) as WikiqEditor? Reason: "tidy". This writes to the wiki.`);
    assert.ok(isHostMessage({ type: 'write', view: { facts: f, diffHtml: '', save: { kind: 'absent', reason: 'no' } } }));
  });
  test('saved: the state names the undo the engine made', () => {
    const r: SaveResult = { endpoint: ENDPOINT, account: 'WikiqEditor', nochange: false, answer: { from: 'A', to: 'B' } };
    assert.deepEqual(savedState(r, { name: 'Move B back to A', params: [] }), { kind: 'saved', nochange: false, account: 'WikiqEditor', undo: 'Move B back to A' });
  });
  test('the history\'s record of a save holds the revision, its diff and the account, and no token', () => {
    const r: SaveResult = { endpoint: ENDPOINT, title: 'Sandbox', account: 'WikiqEditor', oldrevid: 12, newrevid: 13, nochange: false, diffUrl: 'https://w.example/d', answer: { edit: { secret: 'x' } } };
    const kept = keptSaveOf({ endpoint: ENDPOINT, params: { action: 'edit', title: 'Sandbox', text: 'New', token: 'abc+\\' } }, 'Fix', r, 'save-1', new Date(0));
    assert.deepEqual(kept.result, { save: { title: 'Sandbox', account: 'WikiqEditor', oldrevid: 12, newrevid: 13, nochange: false, diffUrl: 'https://w.example/d' } });
    assert.equal(kept.params.token, '***');
    assert.ok(!JSON.stringify(kept).includes('abc+'));
  });
  test('the preview\'s model: the request\'s name and wiki, no result and no batches (a preview is not a run)', () => {
    const m = previewModel({ name: 'Fix', endpoint: ENDPOINT }, preview().plan);
    assert.deepEqual([m.requestName, m.endpoint, m.batches, m.result, m.rawBatches], ['Fix', ENDPOINT, 0, {}, []]);
  });
});

describe('the write preview\'s messages', () => {
  const view: WriteView = { facts: factsOf(preview()), diffHtml: '<tr></tr>', save: { kind: 'ready', planId: PLAN_ID } };
  test('save takes a plan id and nothing else; undo takes nothing', () => {
    assert.deepEqual(parseFromWebview({ type: 'save', planId: PLAN_ID, text: 'other' }), { type: 'save', planId: PLAN_ID });
    for (const planId of [undefined, 5, 'x', `${PLAN_ID} `, '../../etc']) assert.equal(parseFromWebview({ type: 'save', planId }), null, String(planId));
    assert.deepEqual(parseFromWebview({ type: 'undo', title: 'X' }), { type: 'undo' });
  });
  test('the view takes a write view of the right shape, or null', () => {
    assert.ok(isHostMessage({ type: 'write', view }));
    assert.ok(isHostMessage({ type: 'write', view: null }));
    assert.ok(!isHostMessage({ type: 'write', view: { ...view, save: { kind: 'ready', planId: 'x' } } }));
    assert.ok(!isHostMessage({ type: 'write', view: { ...view, save: { kind: 'burn' } } }));
    assert.ok(!isHostMessage({ type: 'write', view: { ...view, facts: { ...view.facts, reasons: [1] } } }));
    assert.ok(!isHostMessage({ type: 'write', view: { ...view, diffHtml: 5 } }));
  });
});

describe('▶ Preview where a request writes', () => {
  // The bundled catalogue: the one the editor's lenses read.
  const lensOf = (text: string) => writeModuleOf(text, requestOf(parse(text), 0), bundledCatalogue());
  test('an edit is a write', () => assert.equal(lensOf('action = edit\ntitle = A\ntext = B\n'), 'edit'));
  test('a query is not', () => assert.equal(lensOf('action = query\nlist = allpages\n'), undefined));
  test('an action named by a variable is not known: ▶ Run says', () => assert.equal(lensOf('@a = edit\naction = {{a}}\ntitle = A\n'), undefined));
  test('without a catalogue nothing is', () => assert.equal(writeModuleOf('action = edit\n', requestOf(parse('action = edit\n'), 0), undefined), undefined));
});
