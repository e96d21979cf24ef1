/**
 * The documentation's relative links resolve: every link of README.md, docs/*.md, CONTRIBUTING.md,
 * ARCHITECTURE.md and CHANGELOG.md names a file that exists and, with `#anchor`, a heading of that file whose
 * GitHub-style slug is the anchor. README.md stays a first page: at most 300 lines.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, doc, docsPages } from './docFiles';

/** Markdown without its fenced code blocks (a `#` line in a block is no heading, a `](x)` no link). */
function prose(text: string): string {
  return text.replace(/^ *(```|~~~)[\s\S]*?^ *\1/gm, '');
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped (but `-` and `_`), spaces as `-`. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a file's headings produce; a repeated one gets `-1`, `-2`… as on GitHub. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const s = slug(heading);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n === 0 ? s : `${s}-${n}`);
  }
  return out;
}

/** The relative links of a file (images included): not web or mail links, nor `[x](y)` inside code. */
function relativeLinks(text: string): string[] {
  const outsideCode = prose(text).replace(/`[^`\n]*`/g, 'code');
  const found = [...outsideCode.matchAll(/!?\[[^\]]*\]\(<?([^)\s>]+)>?(?: "[^"]*")?\)/g)].map((m) => m[1]);
  return found.filter((l) => !/^[a-z][a-z+.-]*:/i.test(l));
}

/** Why `link`, written in `from`, does not resolve; undefined when it does. */
function broken(from: string, link: string): string | undefined {
  const [target, anchor] = link.split('#', 2);
  const file = target === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURIComponent(target)));
  if (file.startsWith('..')) return `${link}: leaves the repository`;
  if (!fs.existsSync(path.join(ROOT, file))) return `${link}: no file ${file}`;
  if (anchor === undefined) return undefined;
  if (!file.endsWith('.md')) return `${link}: an anchor into a file that is not Markdown`;
  return anchors(doc(file)).has(anchor) ? undefined : `${link}: no heading of ${file} makes #${anchor}`;
}

function checkSlug(heading: string, expected: string): void {
  assert.equal(slug(heading), expected, heading);
}

describe('GitHub-style heading anchors', () => {
  it('drop punctuation and code marks, keep - and _, and write spaces as -', () => {
    checkSlug('For agents: `wikiq mcp`', 'for-agents-wikiq-mcp');
    checkSlug('Assertions and `wikiq test`', 'assertions-and-wikiq-test');
    checkSlug('Privacy: what is sent where', 'privacy-what-is-sent-where');
    checkSlug('The `.wikiq` format', 'the-wikiq-format');
    checkSlug('Signed-in wikis', 'signed-in-wikis');
    checkSlug('`README.md`, `CONTRIBUTING.md`, `CHANGELOG.md`, `images/`, `.vscode/`', 'readmemd-contributingmd-changelogmd-images-vscode');
  });
  it('number a repeated heading, and ignore lines in code blocks', () => {
    assert.deepEqual([...anchors('# A\n## Notes\n```sh\n# not a heading\n```\n## Notes\n')], ['a', 'notes', 'notes-1']);
  });
});

describe('the documentation\'s relative links', () => {
  const files = ['README.md', ...docsPages(), 'CONTRIBUTING.md', 'ARCHITECTURE.md', 'CHANGELOG.md'];
  it('finds the pages and their links', () => {
    assert.ok(docsPages().length >= 9, docsPages().join(', '));
    assert.ok(relativeLinks(doc('README.md')).some((l) => l.startsWith('docs/')), 'README links to docs/');
  });
  for (const file of files) {
    it(`${file}: every relative link resolves`, () => {
      const links = relativeLinks(doc(file));
      assert.deepEqual(links.map((l) => broken(file, l)).filter(Boolean), []);
    });
  }
  it('reports a missing file and a missing heading', () => {
    assert.equal(broken('README.md', 'docs/nowhere.md'), 'docs/nowhere.md: no file docs/nowhere.md');
    assert.equal(broken('docs/cli.md', '../README.md#no-such-heading'), '../README.md#no-such-heading: no heading of README.md makes #no-such-heading');
    assert.equal(broken('docs/cli.md', '../README.md#install'), undefined);
  });
});

describe('README.md', () => {
  it('is a first page: at most 300 lines, the rest in docs/', () => {
    const lines = doc('README.md').split('\n').length - 1;
    assert.ok(lines <= 300, `README.md has ${lines} lines`);
  });
});
