/**
 * The `wikiq mcp` server the extension offers to the editor's agents (client/src/mcpProvider.ts),
 * worked out without an editor: the wikis of the workspace's settings — the `wikiq.endpoint`
 * setting and each environment's endpoint, http(s) only, each once — become its `--endpoint`
 * flags, so the server may talk to these and no other. Nothing from an untrusted workspace; no
 * credentials (the server reads them as the command line does, from its own environment).
 */
import { environmentsOf, type WikiqSettings } from '../../common/settings';

/** The most wikis one definition names (a settings file may hold any number). */
export const MAX_MCP_WIKIS = 20;

export interface McpServerArgs {
  /** What the editor shows. */
  label: string;
  /** `dist/cli.js`'s arguments after the script: `mcp --endpoint URL…`. */
  args: string[];
  endpoints: string[];
}

function httpUrl(s: unknown): string | undefined {
  if (typeof s !== 'string' || s.length > 2000) return undefined;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The server's definition for these settings, or undefined when there is no wiki to offer (or no trust). */
export function mcpServerArgs(settings: WikiqSettings | undefined, trusted: boolean): McpServerArgs | undefined {
  if (!trusted) return undefined;
  const candidates = [settings?.endpoint, ...Object.values(environmentsOf(settings)).map((e) => e.endpoint)];
  const endpoints = [...new Set(candidates.map(httpUrl).filter((u): u is string => u !== undefined))].slice(0, MAX_MCP_WIKIS);
  if (endpoints.length === 0) return undefined;
  const hosts = [...new Set(endpoints.map((e) => new URL(e).host))];
  return {
    label: `wikiq: ${hosts.slice(0, 3).join(', ')}${hosts.length > 3 ? ` and ${hosts.length - 3} more` : ''}`,
    args: ['mcp', ...endpoints.flatMap((e) => ['--endpoint', e])],
    endpoints,
  };
}
