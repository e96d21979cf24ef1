/** "Copy as curl" for a signed-in wiki: a placeholder the shell expands, never the secret; the status bar's text. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { copyText } from '../../client/src/run/runText';
import { signedInCurl, signedInLabel } from '../../client/src/run/signedInCopy';

const request = { endpoint: 'https://wiki.example.org/w/api.php', params: { action: 'query', list: 'allimages', format: 'json' } };

describe('copy as curl, signed in', () => {
  const plain = copyText(request, 'curl', 'wikiq/test');
  it('adds $WIKIQ_TOKEN for an OAuth token, $WIKIQ_COOKIE for a bot password, nothing when not signed in', () => {
    assert.equal(signedInCurl(plain, 'oauth'), plain.replace(/^curl /, 'curl -H "Authorization: Bearer $WIKIQ_TOKEN" '));
    assert.equal(signedInCurl(plain, 'botpassword'), plain.replace(/^curl /, 'curl -b "$WIKIQ_COOKIE" '));
    assert.equal(signedInCurl(plain, undefined), plain);
  });
  it('is a command line the shell reads into the header with the token from the environment', () => {
    const cmd = signedInCurl(plain, 'oauth').replace(/^curl /, 'printf "%s\\n" ');
    const out = execFileSync('sh', ['-c', cmd], { env: { WIKIQ_TOKEN: 'tok-123' }, encoding: 'utf8' }).split('\n');
    assert.ok(out.includes('Authorization: Bearer tok-123'), out.join('|'));
    assert.ok(out.includes(`https://wiki.example.org/w/api.php?action=query&list=allimages&format=json`), out.join('|'));
  });
  it('labels the status bar with who you are', () => {
    assert.equal(signedInLabel(undefined, undefined), '$(account) not signed in');
    assert.equal(signedInLabel('botpassword', 'WikiqBot'), '$(account) WikiqBot');
    assert.equal(signedInLabel('oauth', undefined), '$(account) OAuth token');
  });
});
