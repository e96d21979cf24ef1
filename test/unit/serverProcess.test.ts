import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SERVER_ALLOCATOR_ENV, serverEnvironment } from '../../client/src/pure/serverProcess';

test('the server environment: the host\'s, the allocator setting under it, the extension\'s own over it', () => {
  const env = serverEnvironment({ PATH: '/bin', HOME: '/h' }, { WIKIQ_KEY: 'k' });
  assert.deepEqual(env, { MALLOC_MMAP_THRESHOLD_: '131072', PATH: '/bin', HOME: '/h', WIKIQ_KEY: 'k' });
  // A threshold the user chose is kept.
  assert.equal(serverEnvironment({ MALLOC_MMAP_THRESHOLD_: '65536' }, {}).MALLOC_MMAP_THRESHOLD_, '65536');
  assert.ok(Object.isFrozen(SERVER_ALLOCATOR_ENV));
});
