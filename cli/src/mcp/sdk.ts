/**
 * The MCP SDK and zod, the only values of theirs the server uses: `scripts/build.mjs` bundles this
 * file alone as `dist/mcp-sdk.js`, which `dist/cli-main.js` requires only when `wikiq mcp` runs
 * (the other commands neither load nor parse the SDK). The rest of cli/src/mcp/ imports their values
 * from here and only types from the packages.
 */
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { z } from 'zod';
