/** How to resume a partial run, in one short line even when the wiki's `continue` is huge. */
import { shorten } from '../../engine/src';

/** Longest `continue` (as JSON) printed inline in a message. */
const INLINE = 300;

/** `--continue '{…}'`, or, when the continue is too long for a message, how to pass it from a file. */
export function resumeHint(cont: Record<string, string> | null): string {
  const text = JSON.stringify(cont);
  if (text.length <= INLINE) return `--continue '${text}'`;
  return `--continue FILE, FILE holding the JSON output (--format json) or a --status-file: its continue is ${text.length.toLocaleString('en')} characters (${shorten(text, 80)})`;
}
