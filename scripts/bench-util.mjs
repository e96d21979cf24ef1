// What the language-server benches share: percentiles, the completion capabilities VS Code's
// client declares (so every server is asked as that editor asks), and a server's documents.

/** The p-th percentile of `xs` (nearest rank). */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** vscode-languageclient 9's completion capabilities: item defaults, documentation on completionItem/resolve. */
export const completionCapabilities = {
  completionItem: { snippetSupport: true, commitCharactersSupport: true, documentationFormat: ['markdown', 'plaintext'], deprecatedSupport: true, preselectSupport: true, insertReplaceSupport: true, labelDetailsSupport: true, resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] }, insertTextModeSupport: { valueSet: [1, 2] } },
  completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
};

/**
 * A connected server's documents, for bench-memory.mjs: opening waits for the document's
 * diagnostics, pushed (`pushed(uri)`, awaited from before the document is sent) or pulled
 * (`pull(uri)`, asked once it is sent). Shut down but not told to exit: whileAlive
 * (bench-memory.mjs) ends the process.
 */
export function documents(conn, languageId, { pushed, pull }) {
  return {
    conn,
    async open(uri, text) {
      const done = pushed?.(uri);
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
      return done ?? pull(uri);
    },
    complete: (uri, position) => conn.sendRequest('textDocument/completion', { textDocument: { uri }, position }),
    close: (uri) => conn.sendNotification('textDocument/didClose', { textDocument: { uri } }),
    async stop() {
      await conn.sendRequest('shutdown');
      conn.dispose();
    },
  };
}

/** The benches' one-character edit at the start of `line`: a space inserted, or (odd rounds) the first character deleted. */
export function oneCharacterEdit(line, round) {
  const start = { line, character: 0 };
  return round % 2 === 1 ? { range: { start, end: { line, character: 1 } }, text: '' } : { range: { start, end: start }, text: ' ' };
}
