/**
 * Credentials sealed for the trip from VS Code's extension host to its language server. The
 * language client can trace every message it sends (`wikiq.trace.server: verbose`) into the output
 * channel: what crosses is AES-256-GCM ciphertext under a key made for this editor session, given to
 * the server process in its environment ({@link CREDENTIALS_KEY_ENV}) and never written anywhere.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { WikiqError } from '../errors';
import type { Credentials } from './credentials';

/** The server's environment variable holding the session's key (base64, 32 bytes). */
export const CREDENTIALS_KEY_ENV = 'WIKIQ_CREDENTIALS_KEY';

/** A fresh key for one editor session. */
export function newSealKey(): string {
  return randomBytes(32).toString('base64');
}

function keyBytes(key: string | undefined): Buffer {
  const k = Buffer.from(key ?? '', 'base64');
  if (k.length !== 32) throw new WikiqError('refused', `Sealed credentials need the session key in ${CREDENTIALS_KEY_ENV}, and there is none.`);
  return k;
}

/** `c` as ciphertext only the holder of `key` can read: `iv.tag.data`, base64. */
export function sealCredentials(c: Credentials, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(key), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(c), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}

/** What {@link sealCredentials} sealed; throws (`refused`, naming no secret) when it cannot be read. */
export function unsealCredentials(sealed: string, key: string | undefined): Credentials {
  const k = keyBytes(key);
  let c: Partial<Credentials & { user: string; password: string; token: string }>;
  try {
    const [iv, tag, data] = sealed.split('.').map((s) => Buffer.from(s, 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', k, iv);
    decipher.setAuthTag(tag);
    c = JSON.parse(Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')) as typeof c;
  } catch {
    throw new WikiqError('refused', 'The sealed credentials could not be opened (not sealed with this session\'s key).');
  }
  if (c?.kind === 'oauth' && typeof c.token === 'string' && c.token) return { kind: 'oauth', token: c.token };
  if (c?.kind === 'botpassword' && typeof c.user === 'string' && typeof c.password === 'string' && c.user && c.password) return { kind: 'botpassword', user: c.user, password: c.password };
  throw new WikiqError('refused', 'The sealed credentials are neither a bot password nor an OAuth token.');
}
