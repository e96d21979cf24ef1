/**
 * The flags of `wikiq mcp`, apart from the server (index.ts, part of dist/cli-main.js; the SDK is the
 * sibling bundle dist/mcp-sdk.js) so that the command line knows them without loading the MCP SDK.
 * The run options (--max-batches, --maxlag, --max-wait, --timeout, --max-response-mb) are
 * `wikiq run`'s, with the same defaults (runFlags.ts). `--allow-writes` adds the write tools
 * (writeTools.ts); without it the server has none.
 */
import { ENV_FLAGS, type FlagSpec } from '../args';

export const MCP_FLAGS: FlagSpec = {
  values: [...ENV_FLAGS, '--max-records', '--max-answer-kb', '--max-response-mb', '--max-batches', '--maxlag', '--max-wait', '--out-dir', '--files-dir', '--summary-tag'],
  switches: ['--allow-writes'],
};
