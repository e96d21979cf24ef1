/**
 * `wikiq mcp` as an MCP client starts it: dist/cli.js as a child process, spoken to over stdio by
 * the SDK's own Client and StdioClientTransport. Its stderr is kept (to check what it logs), and
 * every answer is kept (to check what it says), for the tests of test/wiki/mcp*.test.ts.
 */
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';

export const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');

export interface ToolAnswer {
  isError?: boolean;
  text: string;
  /** How many content items the answer has (a refusal has one). */
  parts: number;
  structured?: Record<string, unknown>;
}

export interface McpUnderTest {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  /** What the server wrote to stderr so far. */
  log(): string;
  /** Every answer's text so far (JSON included). */
  answers(): string[];
  close(): Promise<void>;
}

/** A tool call's result as the tests read it: its texts joined, its structured content, whether it is an error. */
export function toolAnswer(r: Awaited<ReturnType<Client['callTool']>>): ToolAnswer {
  const content = r.content as Array<{ type: string; text?: string }>;
  return { isError: r.isError as boolean | undefined, text: content.map((c) => c.text ?? '').join('\n'), parts: content.length, structured: r.structuredContent as Record<string, unknown> | undefined };
}

/** How the client answers an elicitation (a person confirming a save); none: the client declares no elicitation. */
export type Elicit = (request: ElicitRequest['params']) => ElicitResult;

/** Starts `wikiq mcp ARGS` with `env` added to a clean environment (no credentials file unless given). */
export async function startMcp(args: string[], env: Record<string, string> = {}, cwd?: string, elicit?: Elicit): Promise<McpUnderTest> {
  const base: Record<string, string> = {};
  for (const k of ['PATH', 'HOME', 'XDG_CACHE_HOME', 'TMPDIR']) if (process.env[k] !== undefined) base[k] = process.env[k]!;
  const transport = new StdioClientTransport({
    command: process.execPath, args: [CLI, 'mcp', ...args], env: { ...base, WIKIQ_CREDENTIALS: '/nonexistent/wikiq-credentials.json', ...env }, stderr: 'pipe', cwd,
  });
  let log = '';
  transport.stderr?.on('data', (d: Buffer) => (log += d.toString('utf8')));
  const client = new Client({ name: 'wikiq-test', version: '0' }, elicit ? { capabilities: { elicitation: { form: {} } } } : undefined);
  if (elicit) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params));
  await client.connect(transport);
  const answers: string[] = [];
  return {
    client,
    async call(name, callArgs) {
      const r = toolAnswer(await client.callTool({ name, arguments: callArgs }));
      answers.push(r.text, JSON.stringify(r.structured ?? null));
      return r;
    },
    log: () => log,
    answers: () => answers,
    close: () => client.close(),
  };
}
