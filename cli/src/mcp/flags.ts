/**
 * The flags of `wikiq mcp`, apart from the server (index.ts, bundled as dist/mcp.js) so that the
 * command line knows them without loading the MCP SDK.
 */
import { ENV_FLAGS, type FlagSpec } from '../args';

export const MCP_FLAGS: FlagSpec = { values: [...ENV_FLAGS, '--max-records', '--max-answer-kb', '--max-response-mb'], switches: [] };
