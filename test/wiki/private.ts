/**
 * The private test wiki: a copy of the seeded wiki where only signed-in users may read
 * (`$wgGroupPermissions['*']['read'] = false`), with a bot (group `bot`, a bot password with the
 * `highvolume` grant: `apihighlimits`), a normal user (a bot password with `basic` only), an editor
 * (bot and sysop, with grants to edit, move, delete and protect) and a writer (edits, no protected
 * pages) for the writes of #39, and a
 * page of red links so that `list=alllinks` has more than 500 records. Built once from the seeded
 * template and cached next to it, keyed by a hash of what builds it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TestWiki, ensureTemplate, maintenance, startWiki, type StartOptions } from './harness';

export const PRIVATE = {
  /** In the `bot` group; signs in as `WikiqBot@wikiq` with `botPassword` (grants basic, highvolume). */
  bot: { name: 'WikiqBot', login: 'WikiqBot@wikiq', botPassword: 'wikiqbotpw0123456789abcdefghijkl', grants: 'basic,highvolume' },
  /** A normal user: signs in as `Norma@wikiq` (grant basic only, so no apihighlimits). */
  normal: { name: 'Norma', login: 'Norma@wikiq', botPassword: 'normapw0123456789abcdefghijklmno', grants: 'basic' },
  /** An editor (#39): groups bot and sysop; its bot password may edit, create, move, delete, protect and roll back. */
  editor: { name: 'WikiqEditor', login: 'WikiqEditor@wikiq', botPassword: 'editorpw0123456789abcdefghijklmn', grants: 'basic,highvolume,editpage,editprotected,createeditmovepage,delete,protect,rollback' },
  /** A writer (#39): a plain user whose bot password may edit and create pages, but not edit protected ones. (A bot password is letters a–w and digits: MediaWiki's login takes no other.) */
  writer: { name: 'Wendy', login: 'Wendy@wikiq', botPassword: 'wendipw0123456789abcdefghijklmno', grants: 'basic,editpage,createeditmovepage' },
  /** Account password of all (the bot passwords above are what the API signs in with). */
  password: 'wikiq-private-password-5678',
  /** The page holding every red link. */
  linkPage: 'Link farm',
  /** Distinct red links on it: `list=alllinks&alunique` has this many records (more than 500). */
  links: 1200,
};

const SETTINGS = `
# The private wiki (test/wiki/private.ts)
$wgGroupPermissions['*']['read'] = false;
$wgEnableBotPasswords = true;
`;

function buildPrivate(dir: string): void {
  fs.appendFileSync(path.join(dir, 'LocalSettings.php'), SETTINGS);
  for (const u of [PRIVATE.bot, PRIVATE.normal, PRIVATE.editor, PRIVATE.writer]) {
    const groups = u === PRIVATE.bot ? ['--bot'] : u === PRIVATE.editor ? ['--bot', '--sysop'] : [];
    maintenance(dir, 'createAndPromote.php', [...groups, u.name, PRIVATE.password]);
    maintenance(dir, 'createBotPassword.php', ['--appid=wikiq', `--grants=${u.grants}`, u.name, u.botPassword]);
  }
  const work = fs.mkdtempSync(path.join(dir, 'tmp', 'links-'));
  const links = Array.from({ length: PRIVATE.links }, (_, i) => `[[Red link ${String(i).padStart(4, '0')}]]`).join('\n');
  fs.writeFileSync(path.join(work, PRIVATE.linkPage), links);
  maintenance(dir, 'importTextFiles.php', ['--user=WikiqBot', '--summary=Red links', path.join(work, PRIVATE.linkPage)]);
  maintenance(dir, 'runJobs.php', []);
  fs.rmSync(work, { recursive: true, force: true });
}

/** The private template's directory, built from the seeded one when missing (concurrent builders: the first rename wins). */
export async function ensurePrivateTemplate(log: (m: string) => void = () => undefined): Promise<string> {
  const base = await ensureTemplate(log);
  const key = createHash('sha256').update([base, SETTINGS, JSON.stringify(PRIVATE), buildPrivate].join('\u0000')).digest('hex').slice(0, 12);
  const target = path.join(path.dirname(base), `wiki-private-${key}`);
  if (fs.existsSync(path.join(target, 'LocalSettings.php'))) return target;
  log(`building the private test wiki into ${target}…`);
  const dir = fs.mkdtempSync(`${target}.build-`);
  try {
    fs.cpSync(base, dir, { recursive: true });
    buildPrivate(dir);
    try {
      fs.renameSync(dir, target);
    } catch (e) {
      if (!fs.existsSync(path.join(target, 'LocalSettings.php'))) throw e; // else built by another process meanwhile
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return target;
}

/** Starts a fresh copy of the private wiki. */
export async function startPrivateWiki(opts: StartOptions = {}): Promise<TestWiki> {
  return startWiki({ ...opts, template: await ensurePrivateTemplate(opts.log) });
}

/** Forgets every session on the server (MediaWiki keeps them in the objectcache table of wikicache.sqlite). */
export function expireSessions(wiki: TestWiki): number {
  const php = `$d = new PDO('sqlite:' . $argv[1]); echo $d->exec("DELETE FROM objectcache WHERE keyname LIKE '%MWSession%'");`;
  return Number(phpRun(php, path.join(wiki.dir, 'wikicache.sqlite')));
}

/**
 * Lets anonymous users read the running private wiki (they may edit, as MediaWiki's default lets
 * them): a wiki where a save in a lapsed session could be made as an IP address, which the writes'
 * tests check never happens. MediaWiki reads LocalSettings.php on every request.
 */
export function openToAnonymous(wiki: TestWiki): void {
  fs.appendFileSync(path.join(wiki.dir, 'LocalSettings.php'), "$wgGroupPermissions['*']['read'] = true;\n");
}

/** Revokes `user`'s bot password (MediaWiki 1.39's createBotPassword.php cannot delete one): its sessions end with it. */
export function revokeBotPassword(wiki: TestWiki, user: { name: string }): number {
  const php = `$d = new PDO('sqlite:' . $argv[1]); $q = $d->prepare("DELETE FROM bot_passwords WHERE bp_user = (SELECT user_id FROM user WHERE user_name = ?)"); $q->execute([getenv('WIKIQ_USER_NAME')]); echo $q->rowCount();`;
  return Number(phpRun(php, path.join(wiki.dir, 'wikiq.sqlite'), { WIKIQ_USER_NAME: user.name }));
}

/** Gives `user` its bot password again, as the private wiki was built with it. */
export function restoreBotPassword(wiki: TestWiki, user: { name: string; botPassword: string; grants: string }): void {
  maintenance(wiki.dir, 'createBotPassword.php', ['--appid=wikiq', `--grants=${user.grants}`, user.name, user.botPassword]);
}

function phpRun(code: string, arg: string, env: Record<string, string> = {}): string {
  const r = spawnSync('php', ['-r', code, arg], { encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`php -r failed: ${r.stderr || r.stdout}`);
  return r.stdout.trim();
}
