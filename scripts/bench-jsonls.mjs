// The second baseline of the language server's figures (issue #14): VS Code's own JSON language
// server (vscode-langservers-extracted, a development dependency used by this bench only) on the
// equivalent document — the same data as bench-lsp.mjs's 10,000-line .wikiq file, written as JSON
// line for line (one key per line, 10,000 lines). Used by bench-lsp.mjs.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import rpc from 'vscode-jsonrpc/node.js';
import { completionCapabilities, documents, measureEdits, percentile } from './bench-util.mjs';

const { StreamMessageReader, StreamMessageWriter, createMessageConnection } = rpc;
const root = new URL('..', import.meta.url).pathname;
const pkg = `${root}node_modules/vscode-langservers-extracted/`;
export const jsonServerVersion = JSON.parse(readFileSync(`${pkg}package.json`, 'utf8')).version;

/**
 * The .wikiq text as a JSON document of the same number of lines, each line holding what the
 * .wikiq line holds: `{ "@endpoint": "…",` for the file variables, then a "requests" array, one
 * object per request: `### Title` → `{ "###": "Title",`, `name = value` → `"name": "value",`, a bare
 * `name` → `"name": true`, the blank line after a request → `},`. The closing brackets go on the
 * last line.
 */
export function asJson(wikiqText) {
  const lines = wikiqText.split('\n');
  const out = [];
  const str = (s) => JSON.stringify(s);
  const isMember = (l) => l !== undefined && l !== '' && !l.startsWith('###');
  let open = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const next = lines[i + 1];
    const eq = l.indexOf('=');
    const comma = isMember(next) ? ',' : '';
    if (l.startsWith('@')) {
      const member = `${str(l.slice(0, eq).trim())}: ${str(l.slice(eq + 1).trim())}`;
      const first = i === 0 ? '{ ' : '  ';
      out.push(next?.startsWith('@') ? `${first}${member},` : `${first}${member}, "requests": [`);
    } else if (l.startsWith('###')) {
      out.push(`  { "###": ${str(l.slice(3).trim())}${comma}`);
      open = true;
    } else if (l === '') {
      out.push(open ? `  }${next?.startsWith('###') ? ',' : ''}` : '');
      open = false;
    } else {
      const member = eq >= 0 ? `${str(l.slice(0, eq).trim())}: ${str(l.slice(eq + 1).trim())}` : `${str(l.trim())}: true`;
      out.push(`    ${member}${comma}`);
    }
  }
  out[out.length - 1] += `${open ? ' }' : ''} ] }`;
  const json = out.join('\n');
  JSON.parse(json);
  return json;
}

/**
 * The JSON document's counterpart of a completion position in the .wikiq file: the same line; at a
 * value (just after `= `) → just inside the value's opening quote; elsewhere → the end of the line.
 */
export function jsonPosition(jsonLines, wikiqLines, position) {
  const line = jsonLines[position.line];
  const colon = line.indexOf('": "');
  const atValue = wikiqLines[position.line].indexOf('=') >= 0 && colon >= 0;
  return { line: position.line, character: atValue ? colon + 4 : line.length };
}

/**
 * The JSON server, for bench-memory.mjs and the figures below: started with node directly (as the
 * wikiq server is) from the package's own entry (what bin/vscode-json-language-server requires).
 * The client declares what VS Code declares that matters here: snippet completion (without it the
 * server offers no completion) and pull diagnostics. Pulled diagnostics are computed when asked,
 * with no delay — the push mode validates 500 ms after each change, a delay
 * (lib/json-language-server/utils/validation.js, validationDelayMs) no setting turns off — so
 * asking right after an edit is "debounce off". Settings pushed as VS Code's JSON client pushes
 * them (workspace/didChangeConfiguration; the server asks for none): validation on — without
 * json.validate.enable it validates nothing — and no schemas (the document has no $schema and none
 * is associated with it: the server checks syntax, duplicate keys and the like, and completes from
 * the document itself).
 */
export const jsonServer = {
  name: 'the JSON server',
  args: [`${pkg}lib/json-language-server/node/jsonServerMain.js`, '--stdio'],
  async connect(proc) {
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
    conn.onRequest('client/registerCapability', () => null);
    // Asked after each configuration change: the client would pull the open documents' diagnostics again.
    conn.onRequest('workspace/diagnostic/refresh', () => null);
    conn.onNotification('window/logMessage', (m) => {
      if (m.type === 1 || process.env.WIKIQ_BENCH_DEBUG) console.error(`JSON server: ${m.message}`);
    });
    conn.listen();
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        textDocument: {
          completion: completionCapabilities,
          diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
        },
      },
    });
    await conn.sendNotification('initialized', {});
    await conn.sendNotification('workspace/didChangeConfiguration', { settings: { json: { validate: { enable: true }, schemas: [] }, http: {} } });
    const diagnose = async (uri) => (await conn.sendRequest('textDocument/diagnostic', { textDocument: { uri } })).items;
    return { ...documents(conn, 'json', { pull: diagnose }), diagnose };
  },
};

/**
 * The JSON server's counterparts of bench-lsp.mjs's edit figures, on its own connection: the same
 * one-character edits at the same lines (a space inserted at the start of the line, then deleted),
 * each followed at once by a completion and a diagnostics pull (written together, the completion
 * first), each sample timed from the edit and paired with a trivial round trip (hover in a
 * document that is not open) taken just before it. Returns medians in ms.
 */
export async function jsonServerEdits(proc, wikiqText, positions) {
  const text = asJson(wikiqText);
  const jsonLines = text.split('\n');
  const wikiqLines = wikiqText.split('\n');
  const session = await jsonServer.connect(proc);
  const { conn } = session;
  const trivialRoundTrip = async () => {
    const t0 = performance.now();
    await conn.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///none.json' }, position: { line: 0, character: 0 } });
    return performance.now() - t0;
  };
  for (let k = 0; k < 200; k++) await trivialRoundTrip();
  const uri = 'file:///bench-complete.json';
  const diagnostics = await session.open(uri, text);
  if (process.env.WIKIQ_BENCH_DEBUG) console.log(`JSON server: diagnostics of the document: ${diagnostics.length}`, diagnostics.slice(0, 3).map((d) => d.message));
  const at = positions.map((p) => jsonPosition(jsonLines, wikiqLines, p));
  for (const position of at.slice(0, 30)) await session.complete(uri, position);
  const { afterEdit, editDiagnostics, floors: floor } = await measureEdits(at, {
    floor: trivialRoundTrip,
    async edit(change, version) {
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      return { diagnosed: () => session.diagnose(uri) };
    },
    complete: (position) => session.complete(uri, position),
  });
  await session.stop();
  return { floor: percentile(floor, 50), afterEdit: percentile(afterEdit, 50), afterEditP95: percentile(afterEdit, 95), editDiagnostics: percentile(editDiagnostics, 50), samples: afterEdit.length };
}
