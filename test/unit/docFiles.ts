/**
 * The documentation the docs tests read: README.md (the users' first page and the Marketplace page),
 * the pages of docs/ it links to, CONTRIBUTING.md and ARCHITECTURE.md.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

/** The text of a file of the repository, by its path from the root (`docs/cli.md`). */
export function doc(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** The users' pages of docs/, as paths from the root, sorted. */
export function docsPages(): string[] {
  return fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`);
}

/** The text of `file`'s section under `## title`, up to the next `## ` heading. */
export function section(file: string, title: string): string {
  const text = doc(file);
  const start = text.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `${file} has no section '## ${title}'`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}
