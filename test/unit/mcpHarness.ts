/**
 * The tools of `wikiq mcp` without a process, a wiki or a network: `registerTools` (cli/src/mcp/tools.ts)
 * on an McpServer, spoken to by the SDK's own Client through the SDK's in-memory transport, with the
 * options read from a command line as `wikiq mcp` reads them and a ready catalogue in place of the
 * wiki's (a CatalogueSource that loads nothing). For the tools that answer from the catalogue
 * (find_modules, describe_module, check_request) and every refusal made before a request is sent; a
 * tool that sends a request is tested against the real wiki (test/wiki/mcpClient.ts `startMcp`).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { Catalogue } from '../../core/src';
import { WritePlans } from '../../engine/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { parseArgs, type Io } from '../../cli/src/args';
import { MCP_FLAGS } from '../../cli/src/mcp/flags';
import { mcpOptions } from '../../cli/src/mcp/options';
import { HeldPulls } from '../../cli/src/mcp/pulls';
import { registerTools } from '../../cli/src/mcp/tools';
import { namedWikis } from '../../cli/src/mcp/wikis';
import { toolAnswer, type ToolAnswer } from '../wiki/mcpClient';

/** The wiki the harness's server may use by default (a name only: nothing is sent to it). */
export const HARNESS_WIKI = 'https://w.example/w/api.php';

export interface ToolHarness {
  client: Client;
  /** The server session's write plans (preview_write's), to give save_write a plan without a wiki. */
  plans: WritePlans;
  call(name: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  close(): Promise<void>;
}

/** How the harness's client answers an elicitation (a person confirming a save); none: the client cannot be asked. */
export type Elicited = (request: ElicitRequest['params']) => ElicitResult;

/** The server's tools for the `wikiq mcp` flags `argv`, every wiki's catalogue being `catalogue`. */
export async function startTools(argv: string[] = ['--endpoint', HARNESS_WIKI], catalogue: Catalogue = bundledCatalogue(), elicit?: Elicited): Promise<ToolHarness> {
  const io: Io = { out: () => undefined, err: () => undefined, tty: false, cwd: process.cwd() };
  const args = parseArgs(argv, MCP_FLAGS, 'mcp');
  const server = new McpServer({ name: 'wikiq', version: 'test' });
  const plans = new WritePlans();
  registerTools(server, { wikis: namedWikis(args, io), catalogues: { get: async () => ({ catalogue }) }, options: mcpOptions(args, io), held: new HeldPulls(), plans, writeClients: new Map() });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'wikiq-unit', version: '0' }, elicit ? { capabilities: { elicitation: { form: {} } } } : undefined);
  if (elicit) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params));
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    plans,
    call: async (name, callArgs) => toolAnswer(await client.callTool({ name, arguments: callArgs })),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
