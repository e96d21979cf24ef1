/**
 * Text meant for a person on a terminal: control characters (C0 but newline and tab, DEL, C1) and
 * the bidirectional overrides and isolates are shown as escapes (`\x1b`, `\u202e`), so that a wiki,
 * a file or a server's error page cannot retitle, clear or reorder the terminal. Data formats
 * (json, ndjson, csv, sarif) are written exactly and never pass through here.
 */

// eslint-disable-next-line no-control-regex -- the control characters are what this removes
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escape = (c: string) => {
  const n = c.charCodeAt(0);
  return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
};

/** `text` with every control and bidi character escaped; newlines and tabs kept. */
export function forTerminal(text: string): string {
  return text.replace(UNSAFE, escape);
}
