/** The `wikiq mcp` server the extension offers to the editor's agents, from the workspace's settings (client/src/mcpServer.ts). */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { MAX_MCP_WIKIS, mcpServerArgs } from '../../client/src/mcpServer';
import type { WikiqSettings } from '../../common/settings';

const A = 'https://a.example/w/api.php';
const B = 'https://b.example/w/api.php';

function check(settings: WikiqSettings | undefined, trusted: boolean, expected: { endpoints: string[]; label?: string } | undefined): void {
  const got = mcpServerArgs(settings, trusted);
  if (!expected) return assert.equal(got, undefined);
  assert.ok(got);
  assert.deepEqual(got.endpoints, expected.endpoints);
  assert.deepEqual(got.args, ['mcp', ...expected.endpoints.flatMap((e) => ['--endpoint', e])]);
  if (expected.label) assert.equal(got.label, expected.label);
}

describe('the MCP server the extension offers', () => {
  const rows: Array<[string, WikiqSettings | undefined, boolean, { endpoints: string[]; label?: string } | undefined]> = [
    ['the endpoint setting and each environment, once each', { endpoint: A, environments: { a: { endpoint: A }, b: { endpoint: B } } }, true, { endpoints: [A, B], label: 'wikiq: a.example, b.example' }],
    ['nothing in an untrusted workspace', { endpoint: A }, false, undefined],
    ['nothing without a wiki', { environments: {} }, true, undefined],
    ['nothing from no settings', undefined, true, undefined],
    ['no scheme but http(s), nothing that is not a URL', { endpoint: 'file:///etc/passwd', environments: { x: { endpoint: 'javascript:alert(1)' }, y: { endpoint: 'not a url' }, z: { endpoint: B } } }, true, { endpoints: [B] }],
    ['an environment that is not an object is left out', { environments: { a: 'https://a.example' as never, b: { endpoint: B } } }, true, { endpoints: [B] }],
  ];
  for (const [name, settings, trusted, expected] of rows) it(name, () => check(settings, trusted, expected));

  it(`names at most ${MAX_MCP_WIKIS} wikis, and says how many more hosts in its label`, () => {
    const environments = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`e${i}`, { endpoint: `https://w${i}.example/w/api.php` }]));
    const got = mcpServerArgs({ environments }, true);
    assert.equal(got?.endpoints.length, MAX_MCP_WIKIS);
    assert.equal(got?.label, `wikiq: w0.example, w1.example, w2.example and ${MAX_MCP_WIKIS - 3} more`);
  });
});
