/**
 * A write's preview in the results view, in chromium (#39): the diff of a page holding `<script>`,
 * `onerror=` and `javascript:` — as MediaWiki sends it (the page's text escaped) and as a hostile
 * wiki could (raw markup in the rows) — runs nothing, with and without the page's CSP (the diff's
 * sanitiser alone holds); the diff keeps its structure (rows, markers, ins/del) and its text; the
 * facts are text; Save posts only the plan id and is replaced by the sentence when the host says
 * the file changed; axe-core finds no serious fault in it (dark and light themes). Screenshot:
 * write-preview.png.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { WriteView } from '../../client/shared/write';
import { audit, pwned } from './webviewAudit';
import { PAYLOADS } from './webviewFixtures';
import { axeViolations, describeViolations } from './webviewAxe';
import { WebviewPage, frames } from './webviewPage';

const PLAN_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** MediaWiki's compare rows for a page whose old and new lines hold the payloads: escaped as the wiki does, then raw as a hostile wiki might. */
function hostileDiff(): string {
  const line = (payload: string, raw: boolean) => (raw ? payload : escape(payload));
  const rows = PAYLOADS.flatMap((p, i) => [
    `<tr><td colspan="2" class="diff-lineno" id="mw-diff-left-l${i}">Line ${i + 1}:</td><td colspan="2" class="diff-lineno">Line ${i + 1}:</td></tr>`,
    `<tr><td class="diff-marker" data-marker="−"></td><td class="diff-deletedline diff-side-deleted"><div>old <del class="diffchange diffchange-inline">${line(p, false)}</del></div></td>`
      + `<td class="diff-marker" data-marker="+"></td><td class="diff-addedline diff-side-added" onmouseover="window.__pwned=1" style="background:url(javascript:window.__pwned=1)"><div>new <ins class="diffchange diffchange-inline write-button">${line(p, true)}</ins></div></td></tr>`,
  ]);
  // A row that leaves the table first; the raw payloads after it may swallow later rows (an unclosed <style>), never run.
  return ['<tr><td class="diff-context">start</td></tr></tbody></table><script>window.__pwned=1</script><table><tr><td class="diff-context" colspan="x9" data-marker="javascript:alert(1)">after the table</td></tr>', ...rows].join('');
}

function view(save: WriteView['save'] = { kind: 'ready', planId: PLAN_ID }): WriteView {
  return {
    facts: {
      title: 'Sandbox <img src=x onerror="window.__pwned=1">', exists: true, revid: 12, timestamp: '2026-12-01T10:00:00Z', protection: ['edit=autoconfirmed (infinity)'],
      mayEdit: true, reasons: [], account: 'WikiqEditor', anonymous: false, wiki: 'wikiq test <script>window.__pwned=1</script>', endpoint: 'http://127.0.0.1/w/api.php',
      summary: '<a href="javascript:window.__pwned=1">fix</a>', warnings: [],
    },
    diffHtml: hostileDiff(),
    save,
  };
}

const model = (endpoint: string) => ({
  requestName: 'Fix the sandbox', endpoint, params: { action: 'edit', title: 'Sandbox' }, batches: 1, complete: true, partial: false, continue: null,
  errors: [], warnings: [], result: { preview: { page: { title: 'Sandbox' } } }, rawBatches: [],
});

/** Every cell, link and change of the write block hovered and clicked (events dispatched), as a curious user would (Save aside). */
async function poke(w: WebviewPage): Promise<void> {
  await w.page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('.write td, .write a, .write ins, .write del, .write div'))) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'click']) el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
    }
  });
  await frames(w);
}

describe('a write\'s preview in chromium', () => {
  let w: WebviewPage;
  before(async () => {
    w = await WebviewPage.open({ theme: 'dark' });
  });
  after(async () => {
    await w?.close();
  });

  it('shows a hostile page\'s diff and facts as text: nothing runs, no handler, script or javascript: URL in the DOM', async () => {
    await w.show(model(w.endpoint));
    await w.send([{ type: 'write', view: view() }]);
    await w.page.waitForSelector('.write:not([hidden]) table.diff td.diff-addedline');
    await poke(w);
    const a = await audit(w);
    assert.deepEqual(a.bad, [], 'no event handlers, script URLs or dangerous elements in the DOM');
    assert.equal(a.scripts, 1, 'only the view\'s own script element');
    assert.equal(await pwned(w), undefined, 'no payload ran');
    assert.deepEqual(w.dialogs, [], 'no dialog opened');
    assert.deepEqual(w.pageErrors, []);
    const diff = await w.page.evaluate(() => {
      const d = document.querySelector('.write-diff')!;
      return {
        styled: d.querySelectorAll('[style]').length,
        ids: d.querySelectorAll('[id]').length,
        classes: [...new Set(Array.from(d.querySelectorAll('[class]')).flatMap((e) => Array.from(e.classList)))].sort(),
        markers: Array.from(d.querySelectorAll('[data-marker]'), (e) => e.getAttribute('data-marker')),
        colspans: [...new Set(Array.from(d.querySelectorAll('[colspan]'), (e) => e.getAttribute('colspan')))],
        rows: d.querySelectorAll('tr').length,
        ins: d.querySelectorAll('ins').length,
        text: (d as HTMLElement).innerText,
      };
    });
    assert.equal(diff.styled, 0, 'no style attribute from the wiki');
    assert.equal(diff.ids, 0, 'no id from the wiki');
    const MEDIAWIKI = ['diff', 'diff-addedline', 'diff-content', 'diff-context', 'diff-deletedline', 'diff-lineno', 'diff-marker', 'diff-side-added', 'diff-side-deleted', 'diffchange', 'diffchange-inline'];
    assert.deepEqual(diff.classes.filter((c) => !MEDIAWIKI.includes(c)), [], 'only MediaWiki\'s diff classes (not the view\'s own)');
    assert.ok(diff.classes.includes('diff-context') && diff.text.includes('after the table'), 'a row past a </table> is kept in the one table');
    assert.ok(diff.markers.every((m) => m === '−' || m === '+'), `markers: ${diff.markers.join(' ')}`);
    assert.deepEqual(diff.colspans, ['2'], 'a colspan that is no small number is dropped');
    assert.ok(diff.rows >= 2 + 2 * 4 && diff.ins >= 4, `the rows and the changed words are kept (${diff.rows} rows, ${diff.ins} ins)`);
    // The escaped payloads are the page's text, shown as text; the facts too.
    assert.ok(diff.text.includes('<script>window.__pwned=1;alert(1)</script>'), 'the page\'s <script> shows as text');
    assert.ok(diff.text.includes('onerror="window.__pwned=1;alert(1)"'));
    const block = await w.page.evaluate(() => (document.querySelector('.write') as HTMLElement).innerText);
    assert.match(block, /Sandbox <img src=x onerror="window\.__pwned=1">/, 'the title is text');
    assert.match(block, /May edit\s+yes/);
    assert.match(block, /Account\s+WikiqEditor/);
    assert.deepEqual((await w.cspViolations()).filter((v) => !/ inline$/.test(v)), [], 'nothing tried to load from a URL the CSP refuses');
    assert.deepEqual(w.elsewhere.hits, [], 'nothing fetched from another origin');
    // A preview is not a run: its own state in the header, no run figures, no tabs.
    const shown = await w.page.evaluate(() => ({
      header: (document.querySelector('.hdr') as HTMLElement).innerText,
      tabs: Array.from(document.querySelectorAll('[role=tab], [role=tabpanel]')).filter((e) => (e as HTMLElement).offsetParent !== null).length,
    }));
    assert.match(shown.header, /preview — nothing saved/);
    assert.doesNotMatch(shown.header, /complete|Batches|Records|Export/);
    assert.equal(shown.tabs, 0, 'no tab repeats what the preview shows');
    const found = await axeViolations(w);
    assert.deepEqual(found.map((v) => v.rule), [], describeViolations('a write\'s preview, dark theme', found));
    await w.screenshot('write-preview');
  });

  it('Save posts only the plan id; a changed file replaces it with the sentence', async () => {
    await w.page.click('.write-save button');
    const posted = (await w.posted()).filter((m) => m.type === 'save');
    assert.deepEqual(posted, [{ type: 'save', planId: PLAN_ID }]);
    assert.ok(await w.page.locator('.write-save button').isDisabled(), 'pressed once: disabled until the host answers');
    await w.send([{ type: 'write', view: view({ kind: 'stale', reason: 'The file changed since this preview, so Save is gone.' }) }]);
    await w.page.waitForFunction(() => document.querySelector('.write-save')?.textContent?.includes('file changed'));
    assert.equal(await w.page.locator('.write-save button').count(), 0, 'no Save button');
  });

  it('after a save: the new revision, its diff on the wiki opened through the host, the undo asked of the host', async () => {
    await w.send([{ type: 'write', view: view({ kind: 'saved', newrevid: 13, oldrevid: 12, nochange: false, account: 'WikiqEditor', diffUrl: 'http://127.0.0.1/w/index.php?diff=13', undo: 'Undo revision 13 of Sandbox' }) }]);
    await w.page.waitForSelector('.write-saved');
    assert.match(await w.page.locator('.write-save').innerText(), /Saved as revision 13\s+by WikiqEditor/);
    assert.match(await w.page.locator('.hdr').innerText(), /saved · revision 13/);
    await w.page.getByRole('button', { name: 'Open its diff on the wiki' }).click();
    await w.page.getByRole('button', { name: 'Preview the undo…' }).click();
    const posted = (await w.posted()).filter((m) => m.type === 'openUrl' || m.type === 'undo');
    assert.deepEqual(posted.slice(-2), [{ type: 'openUrl', url: 'http://127.0.0.1/w/index.php?diff=13' }, { type: 'undo' }]);
  });

  it('another write: its plan and each page\'s permission as text, no diff; Save names the move; axe finds nothing', async () => {
    const move: WriteView = {
      facts: {
        module: 'move', title: 'A <b>page</b> → B', exists: true, protection: [], mayEdit: false, reasons: ['B is protected.'], account: 'WikiqEditor', anonymous: false,
        wiki: 'wikiq test', endpoint: 'http://127.0.0.1/w/api.php', summary: 'tidy', plan: ['action = move', 'from = A <b>page</b>', 'to = B', 'reason = tidy'],
        pages: [
          { param: 'from', title: 'A <b>page</b>', exists: true, revid: 4, protection: [], permission: { action: 'move', allowed: true, reasons: [] } },
          { param: 'to', title: 'B', exists: false, protection: ['create=sysop (infinity)'], permission: { action: 'move-target', allowed: false, reasons: ['B is protected.'] } },
        ],
      },
      diffHtml: '',
      save: { kind: 'absent', reason: 'WikiqEditor may not move A <b>page</b> → B: B is protected.' },
    };
    await w.send([{ type: 'write', view: move }]);
    await w.page.waitForFunction(() => document.querySelector('.write-title')?.textContent?.startsWith('Move of'));
    const block = await w.page.locator('.write').innerText();
    for (const line of [/May move\s+yes/, /May move-target\s+no: B is protected\./, /Sends \(POST, no token\)\s+action = move\nfrom = A <b>page<\/b>/, /No Save:\s+WikiqEditor may not move/]) assert.match(block, line);
    assert.equal(await w.page.locator('.write-diff, .write b').count(), 0, 'no diff; the titles are text');
    const found = await axeViolations(w);
    assert.deepEqual(found.map((v) => v.rule), [], describeViolations('a move\'s plan, dark theme', found));
    await w.screenshot('write-move-plan');
  });

  it('holds without the CSP too: the diff\'s sanitiser alone keeps every payload inert', async () => {
    const bare = await WebviewPage.open({ theme: 'light', withoutCsp: true });
    try {
      await bare.show(model(bare.endpoint));
      await bare.send([{ type: 'write', view: view() }]);
      await bare.page.waitForSelector('.write:not([hidden]) table.diff td.diff-addedline');
      await poke(bare);
      assert.deepEqual((await audit(bare)).bad, []);
      assert.equal(await pwned(bare), undefined);
      assert.deepEqual(bare.dialogs, []);
      const found = await axeViolations(bare);
      assert.deepEqual(found.map((v) => v.rule), [], describeViolations('a write\'s preview, light theme', found));
    } finally {
      await bare.close();
    }
  });
});
