/**
 * What "Copy as code" asks and copies, without the editor: the languages of the quick pick, whether
 * to ask "all batches or this batch", and the text for a resolved request (core's generator).
 */
import {
  CODE_LANGUAGES, CODE_LANGUAGE_LABELS, chunkingFor, continues, generateCode, type Catalogue, type CodeLanguage,
} from '../../../core/src';
import type { ResolvedRequest } from '../../../engine/src';
import type { CredentialKind } from './signedInCopy';

/** The quick pick's items, programs first. */
export const codeLanguageItems = CODE_LANGUAGES.map((lang) => ({ label: CODE_LANGUAGE_LABELS[lang], lang }));

/** Whether to ask "all batches or this batch only": a program (not curl or the URL) for a request that continues. */
export function asksForBatches(lang: CodeLanguage, request: ResolvedRequest): boolean {
  return lang !== 'url' && lang !== 'curl' && continues(request.params);
}

/**
 * The code for `request` in `lang`: signed in when the wiki is (the program reads the secrets from
 * the environment; none is written), chunks at the anonymous limit of a multi-value parameter
 * (`catalogue`'s: the bundled one).
 */
export function codeFor(request: ResolvedRequest, lang: CodeLanguage, catalogue: Catalogue, o: { batchOnly: boolean; credential?: CredentialKind; userAgent: string }): string {
  return generateCode(request, lang, {
    batchOnly: o.batchOnly,
    signedIn: !!o.credential,
    credential: o.credential,
    userAgent: o.userAgent,
    chunking: chunkingFor(catalogue, request.modules, request.params),
  });
}

/** The language id of an editor showing the code. */
export const EDITOR_LANGUAGE: Record<CodeLanguage, string> = {
  mwn: 'javascript', mwapi: 'javascript', python: 'python', mwclient: 'python', php: 'php', curl: 'shellscript', url: 'plaintext',
};
