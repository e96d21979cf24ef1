/**
 * Trees that stay valid across an await (#31): `reparse` makes a new tree and changes none it was
 * given, so a tree a handler still holds after later edits arrived answers as a fresh `parse` of
 * its own text does — requests, spans, variables, URL lines, comments, errors, line starts, and
 * every request's parameters (`paramsOf`) and the file's syntax errors as analysis reads them.
 * Random documents and random edit sequences (seeded); and a 10 MiB file edited at its start, middle
 * and end, whose later trees share the blocks the edits did not touch.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { commentsOf, errorsOf, requestsOf, assertionsOf, paramsOf, parse, reparse, syntaxErrors } from '../../core/src';
import type { RequestNode, TextChange, WikiqFile } from '../../core/src';
import { PIECES, applyChange, changeOf, editBases, editSeedArb, lineStartsOf, tree } from './edits';

/** What a tree answers through the API analysis uses, as plain data. */
function answers(file: WikiqFile): unknown {
  return {
    tree: tree(file),
    params: requestsOf(file).map((r) => JSON.parse(JSON.stringify(paramsOf(r))) as unknown),
    assertions: requestsOf(file).map((r) => JSON.parse(JSON.stringify(assertionsOf(r))) as unknown),
    syntaxErrors: JSON.parse(JSON.stringify(syntaxErrors(file))) as unknown,
  };
}

/** Lines as a `.wikiq` file has them (and pieces that make them something else). */
const LINES = [
  '### R', '###', '#### Named request', 'action = query', 'list = allimages', 'aiprop = timestamp|url|size', '| more', '|',
  '@endpoint = https://w.example/w/api.php', '@v = {{w}}', '@x', 'titles = {{v}}|B\\|C', 'GET https://w.example/api.php?action=query&list=x%7Cy',
  'https://w.example/api.php?titles=%1Fa%1Fb&%zz=1', '# comment', '// comment', '= value', 'bad name = 1', 'redirects', '{{', '', '  ',
  '?? records > 0', '?? every ns == 6', '?? $.query.general.sitename == "W"', '?? some title matches /^A/i', '??', '?? records',
  'text = """', '"""', '  """  ', 'appendtext = """', 'x = {{v}} | y', 'text = < ./a.wiki', 'text = <b>',
];

const documentArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...editBases.map((b) => b.text)),
  fc.array(fc.oneof(fc.constantFrom(...LINES), fc.constantFrom(...PIECES)), { maxLength: 40 })
    .chain((lines) => fc.constantFrom('\n', '\r\n', '\r').map((eol) => lines.join(eol))),
);

describe('incremental parsing: kept trees', () => {
  it('every tree made along random edit sequences still answers as a parse of its own text, after all later edits', () => {
    fc.assert(fc.property(documentArb, fc.array(editSeedArb, { minLength: 1, maxLength: 12 }), fc.array(fc.boolean(), { maxLength: 12 }), (base, seeds, given) => {
      const kept: Array<{ file: WikiqFile; text: string }> = [];
      let text = base;
      let file = parse(text);
      kept.push({ file, text });
      seeds.forEach((seed, i) => {
        const change = changeOf(text, seed);
        text = applyChange(text, change);
        file = reparse(file, change, given[i] ? text : undefined);
        kept.push({ file, text });
      });
      for (const [k, { file: old, text: itsText }] of kept.entries()) {
        assert.equal(old.text, itsText, `tree ${k}: its text`);
        assert.deepStrictEqual(answers(old), answers(parse(itsText)), `tree ${k} of ${kept.length - 1} edits`);
      }
    }), { seed: 20250131, numRuns: 400 });
  });

  it('a tree held while a request before it grows keeps its requests where its text has them', () => {
    const text = '### A\naction = query\n### B\nlist = allimages\n@v = 1\n# note\nbad name = 2\n';
    const old = parse(text);
    const edited = reparse(old, { start: 5, end: 5, text: 'xyz' });
    assert.equal(requestsOf(edited)[1].span.start, text.indexOf('### B') + 3);
    assert.deepStrictEqual(answers(old), answers(parse(text)));
    assert.deepStrictEqual(paramsOf(requestsOf(old)[1]).map((p) => [p.name, p.start]), [['list', text.indexOf('list')], ['bad name', text.indexOf('bad')]]);
  });

  it('a 10 MiB file edited at its start, middle and end: every tree kept answers as a parse of its own text, and shares the blocks after each edit', () => {
    const base = tenMiB();
    const middle = base.indexOf('### Request', base.length >> 1);
    const steps: Array<(text: string) => TextChange> = [
      () => ({ start: 0, end: 0, text: '@top = 1\n' }),
      () => ({ start: middle, end: middle, text: '### Inserted\naction = query\ntitles = A|B\n' }),
      (text) => ({ start: text.length - 5, end: text.length, text: 'x\n### Last\n# note' }),
      (text) => ({ start: text.indexOf('list = ', middle), end: text.indexOf('list = ', middle) + 4, text: 'prop' }),
      () => ({ start: 4, end: 5, text: '' }),
    ];
    const kept: Array<{ file: WikiqFile; text: string; at: number }> = [];
    let text = base;
    let file = parse(text);
    kept.push({ file, text, at: 0 });
    for (const step of steps) {
      const change = step(text);
      text = applyChange(text, change);
      const next = reparse(file, change, text);
      const after = file.blocks.findIndex((_, i) => file.blockStarts[i] > change.end);
      if (after >= 0) assert.equal(next.blocks[next.blocks.length - (file.blocks.length - after)], file.blocks[after], 'the block after the edit is the same object');
      file = next;
      kept.push({ file, text, at: change.start });
    }
    const ats = kept.map((k) => k.at);
    for (const [k, { file: old, text: itsText }] of kept.entries()) {
      assert.equal(old.text, itsText, `tree ${k}: its text`);
      assert.deepStrictEqual(digest(old, ats), digest(parse(itsText), ats), `tree ${k} of ${kept.length - 1} edits`);
    }
  });
});

/** About 10 MiB of requests; one in ten with a variable, a comment, a syntax error and a pasted URL (nodes a block keeps). */
function tenMiB(): string {
  const blocks: string[] = [];
  for (let i = 0, size = 0; size < 10 * 2 ** 20; i++) {
    const extra = i % 10 ? '' : `@v = {{limit}}|x\n# comment ${i}\nbad name = 1\nGET https://w.example/w/api.php?action=query&list=allpages&apfrom=${i}\n`;
    const block = `### Request ${i}\naction = query\nlist = categorymembers\ncmtitle = Category:X${i}\ncmlimit = 20\n${extra}\n`;
    blocks.push(block);
    size += block.length;
  }
  return '@endpoint = https://w.example/w/api.php\n' + blocks.join('');
}

/**
 * What a big tree answers, as plain data, made cheaply enough to compare: every request's fields,
 * comments, errors and starts as numbers, and the parameters of the requests around `offsets`, the
 * first, the last and every 997th.
 */
function digest(file: WikiqFile, offsets: readonly number[]): unknown {
  const spans = (r: RequestNode): number[] => [r.span.start, r.span.end, r.headerSpan?.start ?? -1, r.nameSpan?.end ?? -1, r.paramCount, r.assertionCount];
  const requests = requestsOf(file);
  const starts = requests.map((r) => r.span.start);
  const near = new Set(offsets.map((at) => starts.filter((start) => start <= at).length - 1));
  const read = requests.filter((_, i) => near.has(i) || near.has(i - 1) || i % 997 === 0 || i === requests.length - 1);
  return {
    lineStarts: lineStartsOf(file),
    blockLines: file.blockLines,
    blockStarts: file.blockStarts,
    requests: Int32Array.from(requests.flatMap(spans)),
    names: requests.map((r) => r.name),
    nodes: JSON.stringify([file.variables, requests.map((r) => [r.variables, r.urls]), commentsOf(file), errorsOf(file)]),
    params: JSON.stringify(read.map((r) => [r.index, paramsOf(r)])),
  };
}
