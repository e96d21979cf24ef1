/** String literals and wrapped lists, as each language writes them (pure). */

// eslint-disable-next-line no-control-regex -- control characters are what is escaped
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

function hex(c: string, width: number): string {
  return c.charCodeAt(0).toString(16).padStart(width, '0');
}

/** A single-quoted JavaScript or Python string (`'\x1f'` for control characters). */
export function quoted(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  const body = s.replace(/[\\'\u0000-\u001f\u007f\u2028\u2029]/g, (c) => {
    if (c === '\\' || c === "'") return '\\' + c;
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    return c.charCodeAt(0) > 0xff ? `\\u${hex(c, 4)}` : `\\x${hex(c, 2)}`;
  });
  return `'${body}'`;
}

/** A PHP string: single-quoted, or double-quoted with escapes when it holds control characters. */
export function phpQuoted(s: string): string {
  if (!CONTROL.test(s)) return `'${s.replace(/[\\']/g, (c) => '\\' + c)}'`;
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  const body = s.replace(/[\\"$\u0000-\u001f\u007f]/g, (c) => {
    if (c === '\\' || c === '"' || c === '$') return '\\' + c;
    return `\\x${hex(c, 2)}`;
  });
  return `"${body}"`;
}

/** A JavaScript object key: bare when it is an identifier. */
export function jsKey(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : quoted(k);
}

/**
 * Items separated by `, ` and packed on lines of at most `width` characters (with `indent` in front),
 * each line ending with a comma: the body of a long list literal.
 */
export function packed(items: readonly string[], indent: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line} ${item},` : `${item},`;
    if (line && indent.length + next.length > width) {
      lines.push(indent + line);
      line = `${item},`;
    } else line = next;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

/** Words of `text` on lines of at most `width` characters (a word longer than that has a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** `text` as `// ` comment lines of at most `width` characters. */
export function lineComment(text: string, width = 100): string {
  return wrapWords(text, width - 3).map((l) => `// ${l}`).join('\n');
}

/** `text` as a Python docstring (PEP 8: lines of at most 72 characters). */
export function docstring(text: string): string {
  const lines = wrapWords(text, 66);
  return lines.length === 1 ? `"""${lines[0]}"""` : `"""${lines.join('\n')}\n"""`;
}
