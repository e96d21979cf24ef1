/**
 * The CLI's credentials against the fake signed-in wiki: WIKIQ_USER/WIKIQ_PASSWORD, WIKIQ_TOKEN,
 * and a credentials file that others must not be able to read — and no secret in what it prints.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BOT, FakeWiki, fakeWiki } from './fakeWiki';
import { main } from '../../cli/src/cli';

const VARS = ['WIKIQ_USER', 'WIKIQ_PASSWORD', 'WIKIQ_TOKEN', 'WIKIQ_CREDENTIALS'] as const;

async function cli(argv: string[], env: Partial<Record<(typeof VARS)[number], string>>, cwd: string) {
  const saved = VARS.map((k) => [k, process.env[k]] as const);
  for (const k of VARS) delete process.env[k];
  Object.assign(process.env, env);
  const out: string[] = [];
  const err: string[] = [];
  try {
    const code = await main(argv, { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd });
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    for (const [k, v] of saved) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  }
}

describe('wikiq CLI credentials (fake wiki)', () => {
  let wiki: FakeWiki;
  let dir: string;
  let file: string;
  before(async () => {
    wiki = await fakeWiki();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-auth-cli-'));
    file = path.join(dir, 'q.wikiq');
    fs.writeFileSync(file, `@endpoint = ${wiki.endpoint}\n\n### images\naction = query\nlist = allimages\n`);
  });
  after(async () => {
    await wiki.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const names = (out: string) => JSON.parse(out).query.allimages.map((x: { name: string }) => x.name);

  it('reads nothing of a private wiki anonymously, and says to sign in', async () => {
    const r = await cli(['run', file, '--all'], { WIKIQ_CREDENTIALS: path.join(dir, 'none.json') }, dir);
    assert.notEqual(r.code, 0);
    assert.match(r.err, /This wiki is private: sign in/);
  });

  it('signs in with WIKIQ_USER and WIKIQ_PASSWORD and prints no secret', async () => {
    const r = await cli(['run', file, '--all'], { WIKIQ_USER: BOT.user, WIKIQ_PASSWORD: BOT.password }, dir);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(names(r.out), ['A.png', 'B.png']);
    assert.ok(!`${r.out}${r.err}`.includes(BOT.password));
  });

  it('sends WIKIQ_TOKEN as a Bearer token', async () => {
    wiki.seen.length = 0;
    const r = await cli(['run', file, '--all'], { WIKIQ_TOKEN: BOT.token }, dir);
    assert.equal(r.code, 0, r.err);
    assert.ok(wiki.seen.every((s) => s.headers.authorization === `Bearer ${BOT.token}`));
    assert.ok(!`${r.out}${r.err}`.includes(BOT.token));
  });

  it('says what is missing when only one of WIKIQ_USER and WIKIQ_PASSWORD is set, or both kinds are', async () => {
    const r = await cli(['run', file], { WIKIQ_USER: BOT.user }, dir);
    assert.notEqual(r.code, 0);
    assert.match(r.err, /WIKIQ_PASSWORD is not set/);
    const both = await cli(['run', file], { WIKIQ_TOKEN: BOT.token, WIKIQ_PASSWORD: BOT.password }, dir);
    assert.match(both.err, /either WIKIQ_TOKEN .* not both/);
    assert.ok(!both.err.includes(BOT.token) && !both.err.includes(BOT.password));
  });

  it('refuses credentials for plain http to a non-loopback host', async () => {
    const r = await cli(['run', file, '--endpoint', 'http://wiki.example.org/w/api.php'], { WIKIQ_TOKEN: BOT.token }, dir);
    assert.notEqual(r.code, 0);
    assert.match(r.err, /Not signing in to http:\/\/wiki\.example\.org\/w\/api\.php: credentials are sent only over https/);
  });

  it('uses a credentials file only its owner can read, and refuses one others can read', async () => {
    const creds = path.join(dir, 'credentials.json');
    fs.writeFileSync(creds, JSON.stringify({ [wiki.endpoint]: { user: BOT.user, password: BOT.password }, 'https://other.example/w/api.php': { token: 'unused' } }));
    fs.chmodSync(creds, 0o644);
    const open = await cli(['run', file], { WIKIQ_CREDENTIALS: creds }, dir);
    assert.notEqual(open.code, 0);
    assert.match(open.err, /credentials file .*credentials\.json can be read by others \(mode 644\).*chmod 600/);
    assert.ok(!open.err.includes(BOT.password));
    fs.chmodSync(creds, 0o600);
    const ok = await cli(['run', file, '--all'], { WIKIQ_CREDENTIALS: creds }, dir);
    assert.equal(ok.code, 0, ok.err);
    assert.deepEqual(names(ok.out), ['A.png', 'B.png']);
  });
});
