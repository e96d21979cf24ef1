/**
 * Block values (`name = """`, its lines, `"""`: core/src/parser/blockValue.ts), as data: what the
 * parser reads, what is sent (resolve, the URL form), and what the cursor is around a block.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorsOf, requestsOf, cursorAt, paramsOf, parse, reparse } from '../../core/src';
import { paramsToQuery } from '../../core/src/urlForm';
import { bundledCatalogue } from '../../core/src/bundled';
import { resolveRequest } from '../../engine/src';
import { doc, service, withCursor } from './helpers';

interface Parsed {
  /** Per parameter `name=JSON(value text)`, a block value marked `name"""=…`. */
  params?: string[];
  /** `code@text` of each syntax error. */
  errors?: string[];
}

function view(text: string): Required<Parsed> {
  const f = parse(text);
  return {
    params: requestsOf(f).flatMap((r) => paramsOf(r).map((p) => `${p.name}${p.value?.block ? '"""' : ''}=${JSON.stringify(p.value?.parts.map((x) => x.text).join('|'))}`)),
    errors: errorsOf(f).map((e) => `${e.code}@${text.slice(e.span.start, e.span.end)}`),
  };
}

function check(input: string, expected: Parsed): void {
  const got = view(input);
  for (const k of Object.keys(expected) as Array<keyof Parsed>) assert.deepEqual(got[k], expected[k], `${k} of ${JSON.stringify(input)}`);
}

describe('block values: parsing', () => {
  it('reads the lines between """ and """ as one value joined by \\n', () =>
    check('action = parse\ntext = """\nLine one\n  indented\n\nlast\n"""\nprop = wikitext', { params: ['action="parse"', 'text"""="Line one\\n  indented\\n\\nlast"', 'prop="wikitext"'], errors: [] }));
  it('keeps | as text (one value, not split)', () => check('text = """\na | b\n| c\n"""', { params: ['text"""="a | b\\n| c"'], errors: [] }));
  it('reads what looks like other lines as text (comments, ??, parameters, @variables)', () =>
    check('text = """\n# not a comment\n?? status == 200\nx = 1\n@v = 2\n"""', { params: ['text"""="# not a comment\\n?? status == 200\\nx = 1\\n@v = 2"'], errors: [] }));
  it('joins CRLF and CR lines with \\n', () => check('text = """\r\na\r\nb\rc\r\n"""\r\nd = 1', { params: ['text"""="a\\nb\\nc"', 'd="1"'], errors: [] }));
  it('reads an empty block as the empty value', () => check('text = """\n"""', { params: ['text"""=""'], errors: [] }));
  it('closes at a """ line with blanks around it', () => check('text = """\nx\n   """  \ny = 2', { params: ['text"""="x"', 'y="2"'] }));
  it('keeps """ inside a line, and a line """x, as text (nested-looking delimiters)', () =>
    check('text = """\nsay """hi"""\n"""x\ninner = """\n"""', { params: ['text"""="say \\"\\"\\"hi\\"\\"\\"\\n\\"\\"\\"x\\ninner = \\"\\"\\""'], errors: [] }));
  it('opens a block only with """ alone after =', () => check('a = """x\nb = x"""', { params: ['a="\\"\\"\\"x"', 'b="x\\"\\"\\""'], errors: [] }));
  it('reads {{variables}} in a block, and their errors', () =>
    check('text = """\nHi {{name}}\n{{ bad name }}\n"""', { params: ['text"""="Hi {{name}}\\n{{ bad name }}"'], errors: ['syntax-invalid-variable-name@bad name'] }));
  it('reports an unclosed block at its opening line (to the end of the file)', () =>
    check('action = parse\ntext = """\na\nb', { params: ['action="parse"', 'text"""="a\\nb"'], errors: ['syntax-unclosed-block@text = """'] }));
  it('ends a block at a ### line (a block never spans requests): unclosed', () =>
    check('### A\ntext = """\na\n### B\nx = 1', { params: ['text"""="a"', 'x="1"'], errors: ['syntax-unclosed-block@text = """'] }));
  it('reads a | line after a block as continuing nothing', () => check('text = """\na\n"""\n| b', { errors: ['syntax-orphan-continuation@| b'] }));
  it('counts a block parameter once, and the request spans its closing line', () => {
    const text = '### R\ntext = """\na\n"""\n\n';
    const r = requestsOf(parse(text))[0];
    assert.equal(r.paramCount, 1);
    assert.equal(r.span.end, text.lastIndexOf('"""') + 3);
  });
  it('reparses to a fresh parse when an edit opens and then closes a block', () => {
    let text = '### A\nx = 1\ny = 2\n### B\nz = 3\n';
    let file = parse(text);
    const edits: Array<[(t: string) => number, string]> = [[(t) => t.indexOf('y'), 't = """\n'], [(t) => t.indexOf('z'), '"""\n'], [(t) => t.indexOf('"""\nz'), '']];
    for (const [where, ins] of edits) {
      const at = where(text);
      const end = ins === '' ? at + 4 : at;
      file = reparse(file, { start: at, end, text: ins });
      text = text.slice(0, at) + ins + text.slice(end);
      assert.equal(file.text, text);
      assert.deepEqual(view(text), view(file.text));
      assert.deepEqual(requestsOf(file).map((r) => paramsOf(r).map((p) => p.name)), requestsOf(parse(text)).map((r) => paramsOf(r).map((p) => p.name)));
    }
  });
});

const EP = '@endpoint = https://w.example/api.php\n';

describe('block values: what is sent', () => {
  const sent = (text: string, env?: Record<string, string>) => resolveRequest(`${EP}action = parse\n${text}`, { index: 0 }, { catalogue: bundledCatalogue(), ...(env ? { env: { name: 't', variables: env } } : {}) }).params.text;
  const cases: Array<{ name: string; text: string; expected: string; env?: Record<string, string> }> = [
    { name: 'the lines joined by \\n, no trailing newline', text: 'text = """\n== H ==\n* a | b\n  c \n"""', expected: '== H ==\n* a | b\n  c ' },
    { name: 'CRLF lines joined by \\n', text: 'text = """\r\na\r\nb\r\n"""', expected: 'a\nb' },
    { name: 'variables expanded, a | in their value kept in the one value', text: '@who = A|B\ntext = """\nHi {{who}}\n"""', expected: 'Hi A|B' },
    { name: 'variables from the environment', text: 'text = """\n{{n}}\n"""', env: { n: 'x\ny' }, expected: 'x\ny' },
  ];
  for (const c of cases) it(c.name, () => assert.equal(sent(c.text, c.env), c.expected));
  it('refuses to send a request with an unclosed block (the syntax error, at its line)', () =>
    assert.throws(() => sent('text = """\na'), /Line 3: The block value of 'text' opened here/));
  it('copies a block value as a URL with %0A for each newline', () => {
    const r = requestsOf(parse('text = """\na b\nc|d\n"""'))[0];
    assert.equal(paramsToQuery(paramsOf(r)).url, 'text=a%20b%0Ac%7Cd');
  });
});

describe('block values: the cursor, completion and hover around a block', () => {
  const kind = (input: string) => {
    const { text, offset } = withCursor(input);
    return cursorAt(parse(text), offset).kind;
  };
  const cases: Array<[string, string]> = [
    ['text = """\nna¦me\n"""', 'none'],
    ['text = """\n?? st¦atus\n"""', 'none'],
    ['text = ""¦"\na\n"""', 'none'],
    ['text = """\na\n""¦"', 'none'],
    ['text = """\nHi {{na¦me}}\n"""', 'variableRef'],
    ['text = """\na\n"""\nna¦', 'paramName'],
    ['te¦xt = """\na\n"""', 'paramName'],
  ];
  for (const [input, expected] of cases) it(`${JSON.stringify(input)} is ${expected}`, () => assert.equal(kind(input), expected));

  const labels = (input: string) => {
    const { text, offset } = withCursor(input);
    const d = doc(text);
    return service().doComplete(d, d.positionAt(offset)).items.map((i) => i.label);
  };
  it('offers no parameter names inside a block', () => assert.deepEqual(labels('action = parse\ntext = """\npr¦\n"""'), []));
  it('offers parameter names after a block', () => assert.ok(labels('action = parse\ntext = """\npr\n"""\npr¦').includes('prop')));
  it('hovers no parameter inside a block, and the parameter on its first line', () => {
    const hover = (input: string) => {
      const { text, offset } = withCursor(input);
      const d = doc(text);
      return service().doHover(d, d.positionAt(offset));
    };
    assert.equal(hover('action = parse\ntext = """\npr¦op = x\n"""'), null);
    assert.ok(hover('action = parse\nte¦xt = """\na\n"""'));
  });
});
