/**
 * Copy as code of a write (a request whose module writes or must be POSTed, #39): the program signs
 * in, fetches its own token of the module's type (`meta=tokens`, asserting the account), refuses
 * the anonymous token `+\`, POSTs the parameters with it and prints the wiki's answer, failing on an
 * error. No token is ever written into the program (the file's `token` is refused before this), and
 * it says at the top that it writes with no preview and no conflict check. Pure.
 */
import type { CodeLanguage, CodeRequest } from './model';

/** What a write program needs: the module, the token type, and the `assert` it sends with both requests. */
export interface WriteShape {
  module: string;
  tokentype: string;
  assert: string;
}

/** The write of a request, when it has one (`assert` from the file, else `user`). */
export function writeShapeOf(req: CodeRequest): WriteShape | undefined {
  if (!req.write) return undefined;
  return { module: req.write.module, tokentype: req.write.tokentype, assert: req.params.assert || 'user' };
}

/** Why `req` cannot be copied as `lang`, or undefined when it can (every read can). */
export function codeRefusal(req: CodeRequest, lang: CodeLanguage): string | undefined {
  const w = req.write;
  if (!w) return undefined;
  if (w.module === 'upload') return 'action=upload is not copied as code: wikiq does not send uploads (a file body is another feature).';
  if (lang === 'url' || lang === 'curl') {
    return `${w.module} writes to the wiki: it is not copied as ${lang === 'url' ? 'a URL' : 'a curl command'}, which cannot sign in, fetch its own ${w.tokentype} token and POST with it in the same session. Copy it as a program (python, mwclient, php, mwn, mwapi): each fetches its own token; or preview and save it with wikiq run FILE.`;
  }
  return undefined;
}

/** The header of a write program: it writes at once, with no preview and no conflict check. */
export const WRITE_WARNING = "It WRITES to the wiki as soon as it runs, as the account it signs in with: there is no preview and no conflict check. To see the wiki's diff first and save only once you confirm, use wikiq run FILE.";

/** The anonymous token's refusal, as every program says it. */
export const ANONYMOUS_TOKEN = 'Anonymous token: not signed in, nothing saved.';
