/** Shared helpers of the core's data-driven tests. `¦` marks the cursor (`|` is the language's pipe). */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { bundledCatalogue } from '../../core/src/bundled';
import type { Catalogue } from '../../core/src/catalogue/model';
import { StaticCatalogueProvider } from '../../core/src/catalogue/provider';
import { LanguageService, type LanguageServiceParams, getLanguageService } from '../../core/src/languageService';
import type { Environment } from '../../core/src/variables';

export const CURSOR = '¦';

export function withCursor(input: string): { text: string; offset: number } {
  const offset = input.indexOf(CURSOR);
  if (offset < 0) throw new Error(`test input has no cursor marker ${CURSOR}: ${input}`);
  return { text: input.slice(0, offset) + input.slice(offset + CURSOR.length), offset };
}

export function doc(text: string, uri = 'file:///test.wikiq'): TextDocument {
  return TextDocument.create(uri, 'wikiq', 1, text);
}

/** The language service over `catalogue`; `completionItemDefaults` as the client would declare them (none: a client without LSP 3.17's item defaults). */
export function service(
  catalogue: Catalogue = bundledCatalogue(), env?: Environment, completionItemDefaults?: readonly string[], checkPattern?: (source: string, flags: string) => string | undefined, fileExists?: (uri: string) => boolean,
  more?: Pick<LanguageServiceParams, 'signedIn' | 'accountRights' | 'incremental'>,
): LanguageService {
  return getLanguageService({
    ...more,
    catalogues: new StaticCatalogueProvider(catalogue),
    environment: () => env,
    completionItemDefaults,
    checkPattern,
    fileExists,
    onError: (feature, e) => {
      throw new Error(`${feature} threw: ${e instanceof Error ? e.stack : String(e)}`);
    },
  });
}
