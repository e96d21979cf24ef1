/**
 * Copy as code: a resolved request as a program in one language (pure; one file per language).
 * Every program sends the request's parameters, follows continuation when the request continues
 * (not for "this batch only"), merges the answers per page as wikiq does, sends a multi-value
 * parameter past its limit in chunks, says who it is (User-Agent) and signs in from the environment.
 * A write (#39) signs in, fetches its own token and POSTs once: see ./write.
 */
import { apiUrl, curlCommand, signedInCurl } from './curl';
import { mwapi } from './mwapi';
import { mwclient } from './mwclient';
import { mwn } from './mwn';
import { php } from './php';
import { python } from './python';
import { shapeOf } from './shape';
import { codeRefusal } from './write';
import type { CodeLanguage, CodeOptions, CodeRequest } from './model';

export * from './model';
export { curlCommand, shellQuote, signedInCurl } from './curl';
export { codeRefusal } from './write';

const PROGRAMS = { mwn, mwapi, python, mwclient, php };

/**
 * The program (or, for `url` and `curl`, the one line) that sends `req` in `lang`; a write only as a
 * program that fetches its own token (throws with codeRefusal's sentence otherwise: check it first).
 */
export function generateCode(req: CodeRequest, lang: CodeLanguage, opts: CodeOptions = {}): string {
  const refused = codeRefusal(req, lang);
  if (refused) throw new Error(refused);
  if (lang === 'url' || lang === 'curl') {
    const url = apiUrl(req.endpoint, req.params);
    return lang === 'url' ? url : signedInCurl(curlCommand(url, opts.userAgent ?? 'wikiq'), opts.credential);
  }
  return PROGRAMS[lang](shapeOf(req, opts));
}
