/**
 * Offers `wikiq mcp` to the editor's agents (VS Code's MCP server definition provider, stable since
 * VS Code 1.101): the workspace's wikis as its `--endpoint` flags (./mcpServer.ts), run by the
 * program `mcpProgram` chooses — the extension's own `dist/cli.js` run by the editor's Node
 * (`ELECTRON_RUN_AS_NODE`, as the language server is) where the extension has it (a development
 * build: the .vsix leaves it out), else the `wikiq` command installed on the PATH, else none (logged
 * once: no server is offered that could not start).
 * Feature-detected: on an editor without the API (the extension supports 1.90 and later) nothing
 * is registered, and a registration the editor refuses is logged, never a failed activation.
 * `package.json` contributes the provider's id under both names VS Code has read it by:
 * `mcpServerDefinitionProviders` (1.101 and later) and `modelContextServerCollections` (1.100). Desktop only (the web extension has no process to start).
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { EnvironmentConfig } from '../../common/settings';
import { installedCli, mcpProgram, mcpServerArgs } from './mcpServer';

/** The id `package.json` contributes under `mcpServerDefinitionProviders`. */
export const MCP_PROVIDER_ID = 'wikiq.mcp';

/** The parts of VS Code's MCP API used here (absent from the 1.90 typings the extension builds against). */
interface McpApi {
  lm?: { registerMcpServerDefinitionProvider?: (id: string, provider: unknown) => vscode.Disposable };
  McpStdioServerDefinition?: new (label: string, command: string, args: string[], env?: Record<string, string | number | null>, version?: string) => unknown;
}

/** Registers the provider where the editor has the API; undefined where it has not. */
/** The registered provider, and what it offers now (the definitions the editor would get). */
export interface McpOffer extends vscode.Disposable {
  definitions(): unknown[];
}

export function offerMcpServer(context: vscode.ExtensionContext, version: string, log: (line: string) => void): McpOffer | undefined {
  const api = vscode as unknown as McpApi;
  const register = api.lm?.registerMcpServerDefinitionProvider;
  const Definition = api.McpStdioServerDefinition;
  if (!register || !Definition) return undefined;
  const changed = new vscode.EventEmitter<void>();
  let said = false;
  const provider = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: (): unknown[] => {
      const config = vscode.workspace.getConfiguration('wikiq');
      const server = mcpServerArgs({ endpoint: config.get<string>('endpoint'), environments: config.get<Record<string, EnvironmentConfig>>('environments') }, vscode.workspace.isTrusted);
      if (!server) return [];
      // Looked for each time: the CLI may be installed while the editor runs.
      const program = mcpProgram((rel) => fs.existsSync(context.asAbsolutePath(rel)), context.extensionPath, process.execPath, installedCli(process.env.PATH));
      if (!program) {
        if (!said) log('wikiq mcp is not offered to this editor\'s agents: it needs the wikiq command line, which the extension does not include. Install it (docs/cli.md: `npm install -g .` in a clone, or the package `npm pack` makes) so that `wikiq` is on the PATH, then reload the window.');
        said = true;
        return [];
      }
      return [new Definition(server.label, program.command, [...program.args, ...server.args], program.env, version)];
    },
  };
  let registration: vscode.Disposable;
  try {
    registration = register.call(api.lm, MCP_PROVIDER_ID, provider);
  } catch (e) {
    // An editor whose API differs from the one this was written for: no MCP offer, the rest works.
    changed.dispose();
    log(`wikiq mcp is not offered to this editor's agents: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
  const subscriptions = vscode.Disposable.from(
    changed,
    registration,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('wikiq.endpoint') || e.affectsConfiguration('wikiq.environments')) changed.fire();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()),
  );
  return {
    dispose: () => {
      subscriptions.dispose();
    },
    definitions: () => provider.provideMcpServerDefinitions(),
  };
}
