/**
 * One cache file per endpoint, user and MediaWiki version in a cache directory (a signed-in user's
 * catalogue — what they may see, their limits — is theirs: the file's name hashes the endpoint with
 * the user's name, and the file says whose it is; no secret is ever written): written atomically
 * (temp file + rename); an unreadable or corrupt file is deleted and treated as absent, never a crash.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeAtomic } from '../exportFile';
import { arrOf, objOf } from '../json';
import type { WikiCatalogueData } from './fetch';

const FORMAT = 1;

/** The file-name key of an endpoint as seen by `user` (anonymous: the endpoint alone, as before users were cached). */
function keyOf(endpoint: string, user?: string): string {
  return createHash('sha256').update(user ? `${endpoint}\u0000${user}` : endpoint).digest('hex').slice(0, 20);
}

function safe(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
}

export class CatalogueCache {
  constructor(readonly dir: string, private readonly log: (m: string) => void = () => undefined) {}

  private filesFor(endpoint: string, user?: string): string[] {
    const prefix = keyOf(endpoint, user) + '-';
    try {
      return fs.readdirSync(this.dir).filter((f) => f.startsWith(prefix) && f.endsWith('.json')).map((f) => path.join(this.dir, f));
    } catch {
      return [];
    }
  }

  /** The newest readable cached catalogue of an endpoint as `user` saw it (undefined: anonymous), if any. */
  read(endpoint: string, user?: string): WikiCatalogueData | undefined {
    const files = this.filesFor(endpoint, user)
      .map((f) => ({ f, t: (() => { try { return fs.statSync(f).mtimeMs; } catch { return 0; } })() }))
      .sort((a, b) => b.t - a.t);
    for (const { f } of files) {
      try {
        const data = objOf(JSON.parse(fs.readFileSync(f, 'utf8')));
        const modules = arrOf(data.modules);
        if (data.format !== FORMAT || data.endpoint !== endpoint || objOf(data.user).name !== user || !modules.length) throw new Error('not a catalogue of this endpoint');
        for (const m of modules.map(objOf)) if (typeof m.path !== 'string' || !Array.isArray(m.parameters)) throw new Error('malformed module');
        return data as unknown as WikiCatalogueData;
      } catch (e) {
        this.log(`wikiq: discarding unreadable catalogue cache ${f}: ${(e as Error).message}`);
        try {
          fs.unlinkSync(f);
        } catch {
          // already gone
        }
      }
    }
    return undefined;
  }

  write(data: WikiCatalogueData): string {
    fs.mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, `${keyOf(data.endpoint, data.user?.name)}-${safe(data.mwVersion ?? 'unknown')}.json`);
    writeAtomic(file, JSON.stringify({ format: FORMAT, ...data }));
    // Older MediaWiki versions of the same wiki are stale now.
    for (const other of this.filesFor(data.endpoint, data.user?.name)) {
      if (other !== file) {
        try {
          fs.unlinkSync(other);
        } catch {
          // fine
        }
      }
    }
    return file;
  }
}
