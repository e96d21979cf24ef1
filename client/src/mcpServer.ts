/**
 * The `wikiq mcp` server the extension offers to the editor's agents (client/src/mcpProvider.ts),
 * worked out without an editor: the wikis of the workspace's settings — the `wikiq.endpoint`
 * setting and each environment's endpoint, http(s) only, each once — become its `--endpoint`
 * flags, so the server may talk to these and no other. Nothing from an untrusted workspace; no
 * credentials (the server reads them as the command line does, from its own environment).
 */
import * as fs from 'fs';
import * as path from 'path';
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

/** The extension's own command line, relative to the extension: in a development build only (below). */
export const MCP_SCRIPT = 'dist/cli.js';

/** The program that runs `wikiq mcp …`: a command and the arguments before `mcp`. */
export interface McpProgram {
  command: string;
  args: string[];
  /** Set for the extension's own script, run by the editor's Node. */
  env?: Record<string, string>;
}

/**
 * What runs `wikiq mcp`: the extension's own `dist/cli.js` where the extension has it (a development
 * build; the .vsix leaves it out, with the MCP SDK it needs, to stay within its 1 MiB bound), run by
 * the editor's Node; else the `wikiq` command the person installed (docs/cli.md), found on
 * the PATH; else nothing (undefined: no server is offered, rather than one that cannot start).
 * `has(rel)`: whether the extension holds the file `rel`.
 */
export function mcpProgram(has: (rel: string) => boolean, extensionPath: string, execPath: string, installed: string | undefined): McpProgram | undefined {
  if (has(MCP_SCRIPT)) return { command: execPath, args: [path.join(extensionPath, MCP_SCRIPT)], env: { ELECTRON_RUN_AS_NODE: '1' } };
  return installed ? { command: installed, args: [] } : undefined;
}

/** The most PATH entries looked at for the `wikiq` command. */
const MAX_PATH_DIRS = 100;

/** The `wikiq` command on `pathList` (the PATH): the first executable file of that name (`wikiq.cmd` on Windows), or undefined. */
export function installedCli(pathList: string | undefined, platform: NodeJS.Platform = process.platform): string | undefined {
  const names = platform === 'win32' ? ['wikiq.cmd', 'wikiq.exe'] : ['wikiq'];
  for (const dir of (pathList ?? '').split(path.delimiter).filter((d) => path.isAbsolute(d)).slice(0, MAX_PATH_DIRS)) {
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        if (fs.statSync(file).isFile()) {
          fs.accessSync(file, fs.constants.X_OK);
          return file;
        }
      } catch {
        // Not there, or not runnable: the next.
      }
    }
  }
  return undefined;
}
