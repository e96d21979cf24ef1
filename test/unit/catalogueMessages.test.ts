/** What the server tells the user with window/showMessage as an endpoint's catalogue loads, fails and loads again. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CatalogueStatus } from '../../common/protocol';
import { catalogueFailureMessages } from '../../server/src/catalogueMessages';

const W = 'https://private.example/w/api.php';
const denied = `could not load the catalogue of ${W}: You need read permission to use this module.`;

/** Feeds the statuses in order; `expected` lists the messages shown, as `warning: …` / `info: …`. */
function check(statuses: CatalogueStatus[], expected: string[]): void {
  const messages: string[] = [];
  const onStatus = catalogueFailureMessages({
    sendNotification: async (_type, p) => void messages.push(`${p.type === 2 ? 'warning' : p.type === 3 ? 'info' : p.type}: ${p.message}`),
  });
  for (const s of statuses) onStatus(s);
  assert.deepEqual(messages, expected);
}

describe('catalogue messages', () => {
  it('shows a failure once; failing again the same way says nothing new', () => {
    check([
      { endpoint: W, source: 'bundled', loading: true },
      { endpoint: W, source: 'bundled', error: denied },
      { endpoint: W, source: 'bundled', loading: true },
      { endpoint: W, source: 'bundled', error: denied },
    ], [`warning: wikiq: ${denied}`]);
  });

  it('a load that succeeds after a shown failure (signed in since) says the failure no longer applies', () => {
    check([
      { endpoint: W, source: 'bundled', error: denied },
      { endpoint: W, source: 'bundled', loading: true },
      { endpoint: W, source: 'live', user: 'WikiqBot' },
    ], [
      `warning: wikiq: ${denied}`,
      `info: wikiq: the catalogue of ${W} is loaded now (signed in as WikiqBot); the earlier failure no longer applies.`,
    ]);
  });

  it('a success with no failure shown says nothing; a failure after it is shown again', () => {
    check([
      { endpoint: W, source: 'live' },
      { endpoint: W, source: 'live', error: denied },
      { endpoint: W, source: 'live' },
      { endpoint: W, source: 'live', error: denied },
    ], [
      `warning: wikiq: ${denied}`,
      `info: wikiq: the catalogue of ${W} is loaded now; the earlier failure no longer applies.`,
      `warning: wikiq: ${denied}`,
    ]);
  });

  it('a different failure of the same endpoint is shown (it replaces the reason shown before)', () => {
    const badLogin = `could not load the catalogue of ${W}: signing in as WikiqBot failed: wrong password.`;
    check([
      { endpoint: W, source: 'bundled', error: denied },
      { endpoint: W, source: 'bundled', error: badLogin },
    ], [`warning: wikiq: ${denied}`, `warning: wikiq: ${badLogin}`]);
  });

  it('each endpoint on its own; the bundled catalogue (no endpoint) says nothing', () => {
    const other = 'https://other.example/w/api.php';
    check([
      { endpoint: W, source: 'bundled', error: denied },
      { endpoint: other, source: 'live' },
      { source: 'bundled' },
    ], [`warning: wikiq: ${denied}`]);
  });
});
