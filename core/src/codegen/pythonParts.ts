/** What the Python programs (`requests`, `mwclient`) share: constants, the merge, fetch and main. PEP 8. */
import { packed, quoted } from './literals';
import { REPEATED_LISTS } from './model';
import { chunkComment, type ProgramShape } from './shape';

export type { ProgramShape } from './shape';

/** `NAME = {…}` of the parameters, one per line (a long value over lines of its own: PEP 8's 79 characters). */
export function pyParams(shape: ProgramShape, skip: readonly string[] = []): string {
  const lines = shape.params.filter(([k]) => !skip.includes(k)).map(([k, v]) => {
    const line = `    ${quoted(k)}: ${quoted(v)},`;
    return line.length <= 79 ? line : `    ${quoted(k)}: (\n${pyPieces(v, 71).map((p) => `        ${p}`).join('\n')}\n    ),`;
  });
  return `PARAMS = {\n${lines.join('\n')}\n}`;
}

/** A long string as quoted pieces Python joins (implicit concatenation): at each line's end, and at most `width` characters each (a long unbroken word may pass it by its rest). */
export function pyPieces(value: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let length = 2; // the quotes
  for (const c of Array.from(value)) {
    const escaped = quoted(c).length - 2;
    if (piece && length + escaped > width) {
      // After the last `|`, else space, when there is one: a value or word is kept whole.
      const at = piece.lastIndexOf('|') + 1 || piece.lastIndexOf(' ') + 1;
      const cut = at > 0 && at < piece.length ? at : piece.length;
      pieces.push(quoted(piece.slice(0, cut)));
      piece = piece.slice(cut);
      length = quoted(piece).length;
    }
    piece += c;
    length += escaped;
    if (c === '\n') {
      pieces.push(quoted(piece));
      piece = '';
      length = 2;
    }
  }
  if (piece || !pieces.length) pieces.push(quoted(piece));
  return pieces;
}

/** The chunked values and their size, when there are chunks. */
export function pyChunkConstants(shape: ProgramShape): string {
  const c = shape.chunking;
  if (!c) return '';
  return `# ${chunkComment(c)}\nBATCH_SIZE = ${c.size}\n${c.param.toUpperCase()} = [\n${packed(c.values.map(quoted), '    ', 79)}\n]\n`;
}

/** merge() and merge_page(): pages once (by id, else title), lists appended, as wikiq merges. */
export const PY_MERGE = `REPEATED = {\n${packed(REPEATED_LISTS.map(quoted), '    ', 79)}\n}


def merge(result, data, state):
    """Merges one answer into result: each page once, lists appended."""
    for member, body in data.items():
        if member in ('batchcomplete', 'continue', 'warnings', 'limits'):
            continue
        if not isinstance(body, dict):
            result[member] = body
            continue
        target = result.setdefault(member, {})
        for name, value in body.items():
            if name == 'pages':
                pages = target.setdefault('pages', [])
                for page in value:
                    merge_page(pages, page, state)
            elif isinstance(value, list):
                if name not in REPEATED or name not in target:
                    target.setdefault(name, []).extend(value)
            else:
                target.setdefault(name, value)
    if 'batchcomplete' in data:
        state['seen'] = set()


def merge_page(pages, page, state):
    """Adds a page, or its lists to the page it continues."""
    key = page.get('pageid') or page.get('title')
    known = state['pages'].get(key)
    if known is None:
        state['pages'][key] = page
        pages.append(page)
    elif key not in state['seen']:
        # Listed again by a later generator batch: its data is complete again.
        known.clear()
        known.update(page)
    else:
        for name, value in page.items():
            if isinstance(value, list):
                known.setdefault(name, []).extend(value)
            else:
                known.setdefault(name, value)
    state['seen'].add(key)
`;

/** main()'s body after the client is made: fetch once, per chunk, or in a loop; print the result. */
export function pyMainBody(shape: ProgramShape, client: string): string {
  const c = shape.chunking;
  if (!shape.merges) return `    data = fetch(${client}, PARAMS)\n    print(json.dumps(data, indent=2, ensure_ascii=False))`;
  const state = `    result = {}\n    state = {'pages': {}, 'seen': set()}\n`;
  const send = c
    ? `    for start in range(0, len(${c.param.toUpperCase()}), BATCH_SIZE):
        chunk = '|'.join(${c.param.toUpperCase()}[start:start + BATCH_SIZE])
        fetch(${client}, {**PARAMS, ${quoted(c.param)}: chunk}, result, state)\n`
    : `    fetch(${client}, PARAMS, result, state)\n`;
  return `${state}${send}    print(json.dumps(result, indent=2, ensure_ascii=False))`;
}

/** fetch(): one answer, or a loop over `continue` merging every answer. `get` sends params. */
export function pyFetch(shape: ProgramShape, client: string, get: string, check: string): string {
  if (!shape.loop && !shape.merges) {
    return `def fetch(${client}, params):
    """Sends params once and returns the answer."""
${check ? `    data = ${get}\n${check}    return data` : `    return ${get}`}
`;
  }
  if (!shape.loop) {
    return `def fetch(${client}, params, result, state):
    """Sends params once and merges the answer into result."""
    data = ${get}
${check}    merge(result, data, state)
`;
  }
  return `def fetch(${client}, params, result, state):
    """Sends params, then again with each continue, merging every answer."""
    params = dict(params)
    while True:
        data = ${get}
${check.replace(/^(?=.)/gm, '    ')}        merge(result, data, state)
        if 'continue' not in data:
            break
        params.update(data['continue'])
`;
}

