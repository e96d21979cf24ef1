/**
 * The tools of `wikiq mcp` through the SDK's own client, in process (test/unit/mcpHarness.ts: the
 * in-memory transport, the bundled catalogue, no wiki): what tools/list says of each tool, the
 * answers made from the catalogue, and refusals as one message in a tool error. What needs a wiki
 * is in test/wiki/mcp*.test.ts.
 */
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { HARNESS_WIKI, startTools, type ToolHarness } from './mcpHarness';

type Structured = Record<string, unknown>;
type Param = { name: string; requestName: string };
type Diagnostic = { severity: string; code: string; parameter?: string; suggestion?: string };

/** What a call should answer: its structured content seen through `view`, or a refusal's exact text. */
type Expected = { view: (s: Structured) => unknown; equals: unknown } | { refused: string };

interface Case {
  name: string;
  tool: string;
  input: Record<string, unknown>;
  expected: Expected;
}

const OTHER = 'https://other.example/w/api.php';
const members = 'action = query\nlist = categorymembers\ncmtitle = Category:Fruit\ncmlimit = 5';

const CASES: Case[] = [
  {
    name: 'describe_module: categorymembers, each parameter with the name to send',
    tool: 'describe_module', input: { module: 'categorymembers' },
    expected: {
      view: (s) => ({ group: s.group, prefix: s.prefix, sent: (s.parameters as Param[]).filter((p) => ['title', 'limit'].includes(p.name)).map((p) => p.requestName) }),
      equals: { group: 'list', prefix: 'cm', sent: ['cmtitle', 'cmlimit'] },
    },
  },
  {
    name: 'describe_module: a misspelt module is refused with the name meant',
    tool: 'describe_module', input: { module: 'list=categorymember' },
    expected: { refused: "No module 'categorymember' in the wiki's catalogue for list. Did you mean 'categorymembers'?" },
  },
  {
    name: 'find_modules: "members of a category" finds categorymembers first',
    tool: 'find_modules', input: { query: 'members of a category' },
    expected: { view: (s) => (s.modules as Param[])[0]?.name, equals: 'categorymembers' },
  },
  {
    name: 'check_request: a misspelt parameter, with the name meant',
    tool: 'check_request', input: { request: members.replace('cmlimit', 'cmlimt') },
    expected: {
      view: (s) => (s.diagnostics as Diagnostic[]).map((d) => ({ severity: d.severity, code: d.code, parameter: d.parameter, suggestion: d.suggestion })),
      equals: [{ severity: 'warning', code: 'unknown-parameter', parameter: 'cmlimt', suggestion: 'cmlimit' }],
    },
  },
  {
    name: 'check_request: a well-formed request has no diagnostic',
    tool: 'check_request', input: { request: members },
    expected: { view: (s) => s.diagnostics, equals: [] },
  },
  {
    name: 'check_request: a wiki the server was not started with is refused, before anything is loaded',
    tool: 'check_request', input: { request: members, endpoint: OTHER },
    expected: { refused: `'${OTHER}' is not a wiki this server may use; it may use: ${HARNESS_WIKI}. Leave out endpoint to use the first, or pass one of these.` },
  },
  {
    name: 'check_request: a request given twice (text and params) is refused',
    tool: 'check_request', input: { request: members, params: { action: 'query' } },
    expected: { refused: 'Give the request either as `request` (.wikiq text or an api.php URL) or as `params` (an object of API parameters), not both and not neither.' },
  },
];

/** Every tool and its annotations: all read-only; only check_request sends nothing (closed world); a run is not idempotent. */
const TOOLS: Record<string, { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean }> = {
  check_request: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  describe_module: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  find_modules: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run_request: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};

describe('the MCP tools, in process', () => {
  let tools: ToolHarness;
  before(async () => (tools = await startTools()));
  after(() => tools.close());

  async function check(tool: string, input: Record<string, unknown>, expected: Expected): Promise<void> {
    const r = await tools.call(tool, input);
    if ('refused' in expected) {
      assert.equal(r.isError, true, `${tool} should refuse: ${r.text}`);
      assert.equal(r.parts, 1, 'a refusal is one message');
      assert.equal(r.text, expected.refused);
      return;
    }
    assert.ok(!r.isError, r.text);
    assert.ok(r.structured, `${tool} answers with structured content`);
    assert.deepEqual(expected.view(r.structured), expected.equals);
  }

  it('tools/list: every tool, read-only, with its annotations', async () => {
    const { tools: listed } = await tools.client.listTools();
    const got = Object.fromEntries(listed.map((t) => [t.name, {
      readOnlyHint: t.annotations?.readOnlyHint, destructiveHint: t.annotations?.destructiveHint,
      idempotentHint: t.annotations?.idempotentHint, openWorldHint: t.annotations?.openWorldHint,
    }]));
    assert.deepEqual(got, TOOLS);
    for (const t of listed) assert.ok(t.description && t.outputSchema, `${t.name} has a description and an output schema`);
  });

  for (const c of CASES) it(c.name, () => check(c.tool, c.input, c.expected));
});
