/**
 * The host's side of one results view (client/src/results/panelView.ts): every message goes
 * through its one ordered queue and waits for the view to be ready, so a tab switch asked for
 * after a render never reaches the view before it (a render of a large result is packed and is
 * followed by a grace period for its first rows: a message posted beside the queue overtook it).
 * The `send` here records what the view receives, in order, as VS Code's postMessage would hand it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HostEnvelope, HostMessage } from '../../client/shared/messages';
import type { ResultsModel } from '../../client/shared/model';
import { unpack } from '../../client/media/src/unpack';
import { PanelView } from '../../client/src/results/panelView';
import { logEventsBatch } from '../logEventsServer';

function model(records: number): ResultsModel {
  return { requestName: 'Log', endpoint: 'http://127.0.0.1/w/api.php', params: {}, batches: 1, complete: true, partial: false, continue: null, errors: [], warnings: [], result: logEventsBatch(0, records, records), rawBatches: [] };
}

/** A view that records the messages it receives (packed ones unpacked), after an asynchronous hand-over as VS Code's. */
function recordingView(): { view: PanelView; received: () => Promise<string[]> } {
  const arrived: Array<Promise<HostMessage>> = [];
  const view = new PanelView('file:///a.wikiq#0', {
    send: async (m: HostEnvelope) => {
      await new Promise((r) => setImmediate(r));
      arrived.push(m.type === 'packed' ? unpack(m) as Promise<HostMessage> : Promise.resolve(m));
      return true;
    },
    thumbnails: () => false,
  });
  return {
    view,
    received: async () => {
      await view.delivered();
      return (await Promise.all(arrived)).map((m) => (m.type === 'show' ? `show ${m.tab}` : m.type));
    },
  };
}

type Step = (v: PanelView) => unknown;
const ready: Step = (v) => v.viewReady();
const render = (records: number): Step => (v) => v.update(model(records), true);
const tab = (t: 'json' | 'raw'): Step => (v) => void v.showTab(t);

async function check(steps: Step[], expected: string[]): Promise<void> {
  const { view, received } = recordingView();
  try {
    for (const s of steps) s(view);
    assert.deepEqual(await received(), expected);
  } finally {
    view.dispose();
  }
}

test('a tab switch asked for after the render of a large result reaches the view after it (and after its appends)', () =>
  check([ready, render(3000), tab('json')], ['render', 'append', 'show json']));

test('a tab switch asked for after a small render reaches the view after it', () =>
  check([ready, render(3), tab('raw')], ['render', 'show raw']));

test('a tab switch asked for before the view is ready waits for it, and follows the render', () =>
  check([render(3), tab('json'), ready], ['render', 'show json']));

test('the last tab asked for before the view is ready is the one shown', () =>
  check([render(3), tab('json'), tab('raw'), ready], ['render', 'show raw']));

test('a view that is gone gets nothing until it is ready again; then the render, then the tab', () =>
  check([ready, render(3), (v) => v.viewGone(), tab('json'), ready], ['render', 'render', 'show json']));
