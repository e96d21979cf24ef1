/** The parser, as data: inputs and the tree facts / errors they must produce. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from '../../core/src/parser/parser';
import { errorsOf, requestsOf, paramsOf } from '../../core/src';
import { classify } from '../../core/src/parser/scan';

/** Compact view of a parse: per request `name: p1=v1|v2; p2` and errors as `code@text`. */
function view(text: string): { requests: string[]; errors: string[]; variables: string[] } {
  const f = parse(text);
  return {
    requests: requestsOf(f).map((r) => `${r.name ?? '-'}: ${paramsOf(r).map((p) => (p.value ? `${p.name}=${p.value.parts.map((x) => x.text).join('|')}` : p.name)).join('; ')}`),
    errors: errorsOf(f).map((e) => `${e.code}@${text.slice(e.span.start, e.span.end)}`),
    variables: [...f.variables, ...requestsOf(f).flatMap((r) => r.variables)].map((v) => `${v.name}=${v.value?.parts.map((p) => p.raw).join('|') ?? ''}`),
  };
}

function check(input: string, expected: Partial<ReturnType<typeof view>>): void {
  const got = view(input);
  for (const k of Object.keys(expected) as Array<keyof typeof got>) assert.deepEqual(got[k], expected[k], `${k} of ${JSON.stringify(input)}`);
}

describe('parser', () => {
  it('reads the README example', () =>
    check(
      '# comment (also //)\n@endpoint = https://wiki.example.org/w/api.php\n@limit = 50\n\n### Newest files\naction = query\nlist = allimages|logevents\naisort = timestamp\naidir = older\nailimit = {{limit}}\naiprop = timestamp|url\n       | size\nlelimit = max\nredirects\n\n### Describe two modules\naction = paraminfo\nmodules = query+allimages|query+logevents\n',
      {
        requests: [
          'Newest files: action=query; list=allimages|logevents; aisort=timestamp; aidir=older; ailimit={{limit}}; aiprop=timestamp|url|size; lelimit=max; redirects',
          'Describe two modules: action=paraminfo; modules=query+allimages|query+logevents',
        ],
        errors: [],
        variables: ['endpoint=https://wiki.example.org/w/api.php', 'limit=50'],
      },
    ));
  it('makes one unnamed request of a file without ###', () => check('action=query\nlist=allimages', { requests: ['-: action=query; list=allimages'] }));
  it('makes one empty request of an empty file', () => check('', { requests: ['-: '], errors: [] }));
  it('accepts no spaces, CRLF and CR line ends', () => check('a=1\r\nb = 2\rc', { requests: ['-: a=1; b=2; c'] }));
  it('unescapes \\| and trims values', () => check('titles = A\\|B |  C ', { requests: ['-: titles=A|B|C'] }));
  it('keeps empty values', () => check('x =\ny = a||b', { requests: ['-: x=; y=a||b'] }));
  it('reads // comments', () => check('// c\naction = query', { requests: ['-: action=query'] }));
  it('scopes variables to their request', () => check('@a = 1\n### R\n@b = 2\nx = {{b}}', { variables: ['a=1', 'b=2'] }));
  it('reports a missing =', () => check('list allimages', { errors: ['syntax-missing-equals@list allimages'] }));
  it('reports a missing name', () => check('= x', { errors: ['syntax-missing-name@='] }));
  it('reports an invalid name', () => check('li$t = x', { errors: ['syntax-invalid-name@li$t'] }));
  it('reports an orphan continuation', () => check('| size', { errors: ['syntax-orphan-continuation@| size'] }));
  it('reports a continuation after a blank line', () => check('a = 1\n\n| 2', { errors: ['syntax-orphan-continuation@| 2'] }));
  it('reports an unterminated variable', () => check('a = {{x', { errors: ['syntax-unterminated-variable@{{x'] }));
  it('reports an empty variable', () => check('a = {{}}', { errors: ['syntax-empty-variable-name@{{}}'] }));
  it('reports a variable without value', () => check('@x', { errors: ['syntax-variable-without-value@@x'] }));
  it('reads a pasted URL', () =>
    check('GET https://w.example/w/api.php?action=query&list=allimages&aifrom=B%20c&aiprop=a%7Cb|c', {
      requests: ['-: action=query; list=allimages; aifrom=B c; aiprop=a|b|c'], errors: [],
    }));
  it('reads a bare URL and the U+001F multi form', () =>
    check('https://w.example/api.php?titles=%1FA|B%1FC', { requests: ['-: titles=A|B|C'] }));
  it('reports a POST', () => check('POST https://w.example/api.php?action=edit', { errors: ['syntax-unsupported-method@POST'] }));
  it('reports a bad URL', () => check('GET https://', { errors: ['syntax-invalid-url@https://'] }));
  it('keeps bad percent-encoding as written, with a warning', () => check('https://w.example/api.php?a=%E0%A4%A', { requests: ['-: a=%E0%A4%A'], errors: ['syntax-invalid-percent-encoding@%E0%A4%A'] }));
  it('gives exact spans', () => {
    const f = parse('### R\n  ailimit = {{ lim }}\n');
    const p = paramsOf(requestsOf(f)[0])[0];
    assert.equal(f.text.slice(p.nameSpan.start, p.nameSpan.end), 'ailimit');
    const part = p.value!.parts[0];
    assert.equal(f.text.slice(part.span.start, part.span.end), '{{ lim }}');
    assert.equal(part.variables[0].name, 'lim');
    assert.equal(f.text.slice(part.variables[0].nameSpan.start, part.variables[0].nameSpan.end), 'lim');
    assert.equal(f.text.slice(requestsOf(f)[0].nameSpan!.start, requestsOf(f)[0].nameSpan!.end), 'R');
  });
  it('gives a parameter\'s spans and its offsets alike, across `|` lines, and a span read is its own', () => {
    const text = '### R\nprop = a |b\n  | c\n';
    const p = paramsOf(requestsOf(parse(text))[0])[0];
    const v = p.value!;
    const at = (s: { start: number; end: number }) => text.slice(s.start, s.end);
    assert.deepEqual([at(p.span), at(p.nameSpan), at(v.span), v.parts.map((x) => [at(x.span), at(x.region)])],
      ['prop = a |b\n  | c', 'prop', ' a |b\n  | c', [['a', ' a '], ['b', 'b'], ['c', ' c']]]);
    assert.deepEqual([p.start, p.nameEnd, p.end, v.start, v.end], [p.span.start, p.nameSpan.end, p.span.end, v.span.start, v.span.end]);
    assert.deepEqual(v.parts.map((x) => [x.start, x.end, x.regionStart, x.regionEnd]), v.parts.map((x) => [x.span.start, x.span.end, x.region.start, x.region.end]));
    // Nodes make span objects when read: a changed one changes nothing.
    const span = p.span;
    Object.assign(span, { end: 0 });
    assert.notEqual(p.span, span);
    assert.equal(at(p.span), 'prop = a |b\n  | c');
  });
  it('is linear on a large input', () => {
    const big = ('### R\naction = query\nlist = allimages\naiprop = a|b|c\n     | d\n').repeat(5000);
    const f = parse(big);
    assert.equal(requestsOf(f).length, 5000);
  });
});

/** Which blocks the scanner marks as naming a checked content parameter (`Block.namesContent`), one letter per block: y or n. */
function checkNamesContent(input: string, expected: string): void {
  assert.equal(parse(input).blocks.map((b) => (b.namesContent ? 'y' : 'n')).join(''), expected, JSON.stringify(input));
}

describe('blocks that name content parameters (Block.namesContent)', () => {
  it('a parameter line named as a checked parameter, or its generator form', () => checkNamesContent('titles = A\n### B\ngcmtitle = Category:X\n### C\ncmlimit = 5\n', 'yyn'));
  it('not a parameter the content table has without check, nor a name only starting like one', () => checkNamesContent('### A\napfrom = B\ntitlesx = A\n  titles\n', 'ny'));
  it('not a variable, a comment, a header or a value naming one', () => checkNamesContent('@titles = A\n# titles = A\n### titles\nlist = titles\n', 'nn'));
  it('a pasted URL line with parameters, whatever their names', () => checkNamesContent('### A\nGET https://w.example/api.php?action=query\n### B\nhttps://w.example/api.php\n', 'nyn'));
});

describe('line classifier (scan.ts classify)', () => {
  /** `kind` of the line, and its name (between `[` `]`) when it has one. */
  function checkLine(line: string, expected: string): void {
    const l = classify(line, 0, line.length);
    const name = l.nameEnd > l.nameStart || l.kind === 'header' ? `[${line.slice(l.nameStart, l.nameEnd)}]` : '';
    assert.equal(`${l.kind}${name}${l.equals >= 0 ? ` =@${l.equals}` : ''}`, expected, JSON.stringify(line));
  }
  it('says what each line is, with its name and `=`', () => {
    checkLine('   ', 'blank');
    checkLine('### Newest files ', 'header[Newest files]');
    checkLine('#####', 'header[]');
    checkLine('# note', 'comment');
    checkLine('  // note', 'comment');
    checkLine('  | size', 'continuation');
    checkLine('@limit = 50', 'variable[limit] =@7');
    checkLine('@limit', 'variable[limit]');
    checkLine('GET https://w.example/api.php?a=b', 'url');
    checkLine('https://w.example/api.php', 'url');
    checkLine('generator = x', 'param[generator] =@10');
    checkLine('list = a=b', 'param[list] =@5');
    checkLine('redirects', 'param[redirects]');
    checkLine('list allimages', 'param[list]');
    checkLine(' = x', 'nameless =@1');
  });
});
