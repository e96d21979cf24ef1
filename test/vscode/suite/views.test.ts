/**
 * The results view's Images, Timeline and Breakdown tabs in the real editor, against the seeded
 * test wiki (test/wiki/seed.ts SEED): the image grid of the wiki's files, a timeline of its log,
 * a breakdown of its recent changes by user — each reached through its command, each measured for
 * contrast and photographed into .test-output/screenshots/.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { WikiqApi } from '../../../client/src/extension';
import type { PanelProbe } from '../../../client/src/results/probe';
import { SEED } from '../../wiki/seed';
import { startWiki, TestWiki } from '../../wiki/harness';
import { activateWikiq, closeAllEditors, hasPage, openText, rendered, screenshot, VISIBLE_WEBVIEW, webviewContrast } from './helpers';

type Report = NonNullable<PanelProbe['lastRendered']>;

describe('views chosen by the data\'s shape', function () {
  this.timeout(180_000);
  let wiki: TestWiki;
  let api: WikiqApi;
  const config = () => vscode.workspace.getConfiguration('wikiq');

  before(async function () {
    this.timeout(600_000);
    wiki = await startWiki();
    api = (await activateWikiq()) as WikiqApi;
    // The user allows thumbnails from the wiki's own host.
    await config().update('results.showThumbnails', true, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('results.showThumbnails', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
    await wiki?.stop();
  });

  /** Runs request `name` (all its batches) and shows `command`'s view of it; resolves with the view's report. */
  async function runAndShow(name: string, params: string, command: string, tab: string): Promise<{ panel: PanelProbe; report: Report }> {
    const { editor } = await openText(`@endpoint = ${wiki.endpoint}\n\n### ${name}\naction = query\n${params}\n`);
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    const outcome = await vscode.commands.executeCommand<{ state: { complete: boolean; failure?: unknown } }>('wikiq.runAll');
    assert.equal(outcome.state.failure, undefined);
    assert.equal(outcome.state.complete, true);
    const panel = api.resultsPanels().find((p) => p.model?.header.name === name);
    assert.ok(panel, 'a results panel shows the request');
    await rendered(panel, (x) => x.tab === 'table');
    await vscode.commands.executeCommand(command);
    return { panel, report: await rendered(panel, (x) => x.tab === tab && !/still arriving|receiving/.test(x.text), 30_000) };
  }

  async function lookAt(shot: string, ready: string): Promise<void> {
    if (!hasPage()) return;
    const pairs = (await webviewContrast(`contrast-${shot}`, ready))!;
    const low = pairs.filter((p) => p.ratio < 4.5).map((p) => `"${p.text}" ${p.fg} on ${p.bg} = ${p.ratio.toFixed(2)}:1`);
    assert.ok(pairs.length > 10, `the view's texts were measured (${pairs.length})`);
    assert.deepEqual(low, [], 'every text meets WCAG AA');
    assert.ok(await screenshot(shot, VISIBLE_WEBVIEW), 'screenshot taken');
  }

  it('Images: a grid of the wiki\'s files with their thumbnails, sizes and uploaders', async () => {
    const { report } = await runAndShow('Files', 'list = allimages\nailimit = max\naiprop = url|size|dimensions|user|timestamp|mime', 'wikiq.results.showImages', 'images');
    assert.match(report.text, new RegExp(`${SEED.files} of ${SEED.files} allimages records carry an image`));
    assert.match(report.text, /by (Alice|Bob|Carol)/);
    assert.doesNotMatch(report.text, /Thumbnails are off/);
    await lookAt('views-images-allimages', '.img-card img');
  });

  it('Timeline: the wiki\'s log over time', async () => {
    const { report } = await runAndShow('Log over time', 'list = logevents\nlelimit = max', 'wikiq.results.showTimeline', 'timeline');
    // The seed writes the whole log within a minute or so: one bucket or a few.
    assert.match(report.text, /^Time of timestamp\s+\d[\d,]* logevents records(, all in the minute of | by (minute|hour|day|month) \(UTC\))/);
    await lookAt('views-timeline-logevents', '.tl-chart canvas');
  });

  it('Breakdown: the wiki\'s recent changes by user', async () => {
    const { report } = await runAndShow('Changes by user', 'list = recentchanges\nrcprop = user|timestamp|title|ids\nrclimit = max', 'wikiq.results.showBreakdown', 'breakdown');
    assert.match(report.text, /records by user/);
    for (const u of ['Alice', 'Bob', 'Carol']) assert.match(report.text, new RegExp(`\\b${u}\\b`), u);
    await lookAt('views-breakdown-recentchanges', 'button.bd-row');
  });
});
