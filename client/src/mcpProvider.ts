/**
 * Offers `wikiq mcp` to the editor's agents (VS Code's MCP server definition provider, stable since
 * VS Code 1.101): the workspace's wikis as its `--endpoint` flags (./mcpServer.ts), the extension's
 * own `dist/cli.js` run by the editor's Node (`ELECTRON_RUN_AS_NODE`, as the language server is).
 * Feature-detected: on an editor without the API (the extension supports 1.90 and later) nothing
 * is registered. Desktop only (the web extension has no process to start).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { EnvironmentConfig } from '../../common/settings';
import { mcpServerArgs } from './mcpServer';

/** The id `package.json` contributes under `mcpServerDefinitionProviders`. */
export const MCP_PROVIDER_ID = 'wikiq.mcp';

/** The parts of VS Code's MCP API used here (absent from the 1.90 typings the extension builds against). */
interface McpApi {
  lm?: { registerMcpServerDefinitionProvider?: (id: string, provider: unknown) => vscode.Disposable };
  McpStdioServerDefinition?: new (label: string, command: string, args: string[], env?: Record<string, string | number | null>, version?: string) => unknown;
}

/** Registers the provider where the editor has the API; undefined where it has not. */
export function offerMcpServer(context: vscode.ExtensionContext, version: string): vscode.Disposable | undefined {
  const api = vscode as unknown as McpApi;
  const register = api.lm?.registerMcpServerDefinitionProvider;
  const Definition = api.McpStdioServerDefinition;
  if (!register || !Definition) return undefined;
  const changed = new vscode.EventEmitter<void>();
  const cli = context.asAbsolutePath(path.join('dist', 'cli.js'));
  const provider = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => {
      const config = vscode.workspace.getConfiguration('wikiq');
      const server = mcpServerArgs({ endpoint: config.get<string>('endpoint'), environments: config.get<Record<string, EnvironmentConfig>>('environments') }, vscode.workspace.isTrusted);
      return server ? [new Definition(server.label, process.execPath, [cli, ...server.args], { ELECTRON_RUN_AS_NODE: '1' }, version)] : [];
    },
  };
  // VS Code 1.100's proposed form of the API (present where proposals are enabled, as for an
  // extension under development) throws: it wants another contribution point. Not offered there.
  let registered: vscode.Disposable;
  try {
    registered = register.call(api.lm, MCP_PROVIDER_ID, provider);
  } catch {
    changed.dispose();
    return undefined;
  }
  return vscode.Disposable.from(
    changed,
    registered,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('wikiq.endpoint') || e.affectsConfiguration('wikiq.environments')) changed.fire();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()),
  );
}
