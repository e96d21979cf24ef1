/** What the JavaScript programs (mwn, mw.Api) share: the parameters, chunks and the merge. */
import { jsKey, packed, quoted } from './literals';
import { REPEATED_LISTS } from './model';
import { chunkComment, type ProgramShape } from './shape';

/** Indents every non-empty line by `by`. */
export function indent(text: string, by: string): string {
  return text.replace(/^(?=.)/gm, by);
}

/** A chunked parameter's name as a JavaScript identifier (`titles`, `ususers`). */
export function chunkName(param: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(param) ? param : 'values';
}

/** `const params = {…};` and, when there are chunks, their size and values. */
export function jsConstants(shape: ProgramShape): string {
  const lines = shape.params.map(([k, v]) => `  ${jsKey(k)}: ${quoted(v)},`);
  let out = `const params = {\n${lines.join('\n')}\n};\n`;
  const c = shape.chunking;
  if (c) out += `// ${chunkComment(c)}\nconst BATCH_SIZE = ${c.size};\nconst ${chunkName(c.param)} = [\n${packed(c.values.map(quoted), '  ', 100)}\n];\n`;
  return out;
}

/** merge() and mergePage(): pages once (by id, else title), lists appended, as wikiq merges. */
export const JS_MERGE = `const REPEATED = new Set([${REPEATED_LISTS.map(quoted).join(', ')}]);

/** Merges one answer into result: each page once, lists appended. */
function merge(result, data, state) {
  for (const [member, body] of Object.entries(data)) {
    if (['batchcomplete', 'continue', 'warnings', 'limits'].includes(member)) continue;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      result[member] = body;
      continue;
    }
    const target = (result[member] ??= {});
    for (const [name, value] of Object.entries(body)) {
      if (name === 'pages') {
        target.pages ??= [];
        for (const page of value) mergePage(target.pages, page, state);
      } else if (Array.isArray(value)) {
        if (!REPEATED.has(name) || !(name in target)) target[name] = [...(target[name] ?? []), ...value];
      } else if (!(name in target)) {
        target[name] = value;
      }
    }
  }
  if ('batchcomplete' in data) state.seen.clear();
}

/** Adds a page, or its lists to the page it continues. */
function mergePage(pages, page, state) {
  const key = page.pageid || page.title;
  const known = state.pages.get(key);
  if (!known) {
    state.pages.set(key, page);
    pages.push(page);
  } else if (!state.seen.has(key)) {
    // Listed again by a later generator batch: its data is complete again.
    for (const name of Object.keys(known)) delete known[name];
    Object.assign(known, page);
  } else {
    for (const [name, value] of Object.entries(page)) {
      if (Array.isArray(value)) known[name] = [...(known[name] ?? []), ...value];
      else if (!(name in known)) known[name] = value;
    }
  }
  state.seen.add(key);
}
`;

/**
 * The lines that send the request and log the result: `send(p)` is an expression giving one answer,
 * `sendAll(p)` a statement merging every continued answer of `p` into `result`.
 */
export function jsRun(shape: ProgramShape, send: (p: string) => string, sendAll: (p: string) => string, log: string): string {
  const c = shape.chunking;
  if (!shape.merges) return `const data = await ${send('params')};\n${log.replace('RESULT', 'data')}\n`;
  const each = shape.loop ? sendAll : (p: string) => `merge(result, await ${send(p)}, state);`;
  const body = c
    ? `for (let start = 0; start < ${chunkName(c.param)}.length; start += BATCH_SIZE) {
  const chunk = ${chunkName(c.param)}.slice(start, start + BATCH_SIZE).join('|');
${indent(each(`{ ...params, ${jsKey(c.param)}: chunk }`), '  ')}
}`
    : each('params');
  return `const result = {};\nconst state = { pages: new Map(), seen: new Set() };\n${body}\n${log.replace('RESULT', 'result')}\n`;
}
