/**
 * Copy as code: a resolved request as a program in one language (pure; one file per language).
 * Every program sends the request's parameters, follows continuation when the request continues
 * (not for "this batch only"), merges the answers per page as wikiq does, sends a multi-value
 * parameter past its limit in chunks, says who it is (User-Agent) and signs in from the environment.
 */
import { apiUrl, curlCommand, signedInCurl } from './curl';
import { mwapi } from './mwapi';
import { mwclient } from './mwclient';
import { mwn } from './mwn';
import { php } from './php';
import { python } from './python';
import { shapeOf } from './shape';
import type { CodeLanguage, CodeOptions, CodeRequest } from './model';

export * from './model';
export { curlCommand, shellQuote, signedInCurl } from './curl';

const PROGRAMS = { mwn, mwapi, python, mwclient, php };

/** The program (or, for `url` and `curl`, the one line) that sends `req` in `lang`. */
export function generateCode(req: CodeRequest, lang: CodeLanguage, opts: CodeOptions = {}): string {
  if (lang === 'url' || lang === 'curl') {
    const url = apiUrl(req.endpoint, req.params);
    return lang === 'url' ? url : signedInCurl(curlCommand(url, opts.userAgent ?? 'wikiq'), opts.credential);
  }
  return PROGRAMS[lang](shapeOf(req, opts));
}
