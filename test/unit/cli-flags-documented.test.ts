/**
 * Every flag the command line takes is in `wikiq --help` (cli/src/help.ts), in the help of its own
 * command (`wikiq COMMAND --help`), and in docs/cli.md, the command line's page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHECK_FLAGS } from '../../cli/src/check';
import { COMMAND_NAMES } from '../../cli/src/cli';
import { CODE_FLAGS } from '../../cli/src/code';
import { COMMAND_HELP, USAGE, commandUsage } from '../../cli/src/help';
import { RUN_FLAGS } from '../../cli/src/run';
import { DIFF_FLAGS } from '../../cli/src/diff';
import { MCP_FLAGS } from '../../cli/src/mcp/flags';
import { TEST_FLAGS } from '../../cli/src/test';

import { doc } from './docFiles';

const page = doc('docs/cli.md');

describe('the command line\'s flags are documented', () => {
  const commands = [['check', CHECK_FLAGS], ['run', RUN_FLAGS], ['test', TEST_FLAGS], ['code', CODE_FLAGS], ['diff', DIFF_FLAGS], ['mcp', MCP_FLAGS]] as const;
  it('covers every command, each with a help of its own', () => {
    assert.deepEqual(commands.map(([c]) => c).sort(), [...COMMAND_NAMES].sort());
    assert.deepEqual(Object.keys(COMMAND_HELP).sort(), [...COMMAND_NAMES].sort());
  });
  for (const [command, spec] of commands) {
    it(`wikiq ${command}: each flag in --help, in wikiq ${command} --help and in docs/cli.md`, () => {
      const own = commandUsage(command);
      assert.match(own, new RegExp(`^ {2}wikiq ${command} `, 'm'), 'its usage line');
      assert.match(own, /Exit (status: )?\d/, 'its exit status');
      for (const flag of [...spec.values, ...spec.switches]) {
        assert.match(USAGE, new RegExp(`${flag}\\b`), `${flag} in --help`);
        assert.match(own, new RegExp(`${flag}\\b`), `${flag} in wikiq ${command} --help`);
        assert.match(page, new RegExp(`${flag}\\b`), `${flag} in docs/cli.md`);
      }
    });
  }
  it('states the one endpoint rule in both', () => {
    assert.match(USAGE, /--endpoint, else the\s+--env environment's endpoint, else the file's own \(@endpoint\)/);
    assert.match(page, /`--endpoint URL`, else the endpoint of the `--env`\s+environment, else the file's own/);
  });
});
