/** Every flag the command line takes is in `wikiq --help` (cli/src/help.ts) and in the README's "Command line" section. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CHECK_FLAGS } from '../../cli/src/check';
import { USAGE } from '../../cli/src/help';
import { RUN_FLAGS } from '../../cli/src/run';
import { DIFF_FLAGS } from '../../cli/src/diff';
import { MCP_FLAGS } from '../../cli/src/mcp/flags';
import { TEST_FLAGS } from '../../cli/src/test';

const readme = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Command line'), readme.indexOf('\n## ', readme.indexOf('## Command line') + 1));

describe('the command line\'s flags are documented', () => {
  for (const [command, spec] of [['check', CHECK_FLAGS], ['run', RUN_FLAGS], ['diff', DIFF_FLAGS], ['mcp', MCP_FLAGS], ['test', TEST_FLAGS]] as const) {
    it(`wikiq ${command}: each flag in --help and the README`, () => {
      for (const flag of [...spec.values, ...spec.switches]) {
        assert.match(USAGE, new RegExp(`${flag}\\b`), `${flag} in --help`);
        assert.match(section, new RegExp(`${flag}\\b`), `${flag} in the README's Command line section`);
      }
    });
  }
  it('states the one endpoint rule in both', () => {
    assert.match(USAGE, /--endpoint, else the\s+--env environment's endpoint, else the file's own \(@endpoint\)/);
    assert.match(section, /`--endpoint URL`, else the endpoint of the `--env`\s+environment, else the file's own/);
  });
});
