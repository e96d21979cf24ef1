/**
 * The characters after which completion has something new to offer. A client asks for completion
 * on its own only after a trigger character the server declares, so the server declares these
 * (server/src/server.ts, `completionProvider.triggerCharacters`; test/lsp/server.test.ts checks the
 * list it sends). A new kind of completion that opens after a character adds it here, with a case
 * that shows what it opens (test/unit/completion.test.ts checks each).
 */
export interface CompletionTrigger {
  char: string;
  /** What completion offers right after it. */
  opens: string;
  /** A request where typing it (just before `¦`) opens that. */
  example: string;
  /** A label offered there. */
  offers: string;
}

export const COMPLETION_TRIGGERS: readonly CompletionTrigger[] = [
  { char: '=', opens: 'the values of the parameter on the line', example: 'action = query\nlist = allimages\naisort =¦', offers: 'timestamp' },
  { char: ' ', opens: 'the values, once `name = ` is typed', example: 'action = query\nlist = allimages\naisort = ¦', offers: 'timestamp' },
  { char: '|', opens: 'the next value of a multi-value parameter', example: 'action = query\nlist = allimages\naiprop = size|¦', offers: 'sha1' },
  { char: '{', opens: 'the variables in scope, inside `{{`', example: '@limit = 50\naction = query\nlist = allimages\nailimit = {{¦', offers: 'limit' },
];
