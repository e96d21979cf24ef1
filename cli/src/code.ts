/**
 * `wikiq code FILE --lang L`: one request of a file as a program (core's Copy as code generator):
 * mwn, mw.Api, Python requests, mwclient, PHP curl, curl or the URL. With credentials for the
 * request's wiki (as `run` reads them) the program signs in, reading them from the same
 * environment variables; the secrets themselves are never written. A write (#39) is a program that
 * signs in, fetches its own token and POSTs once, with no preview (curl and the URL refuse it).
 */
import { CODE_LANGUAGES, chunkingFor, codeRefusal, generateCode } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { RefusedError, engineUserAgent } from '../../engine/src';
import { ENV_FLAGS, UsageError, str, type Args, type FlagSpec, type Io } from './args';
import { cliCredentials } from './credentials';
import { requestChoice, resolveFileRequest } from './run';
import { readWikiFlags } from './runFlags';

export const CODE_FLAGS: FlagSpec = {
  values: [...ENV_FLAGS, '--request', '--lang'],
  switches: ['--batch'],
};

export async function code(args: Args, io: Io): Promise<number> {
  const [file] = args.positional;
  if (!file || args.positional.length > 1) throw new UsageError(`wikiq code takes one file${args.positional.length > 1 ? `, not ${args.positional.length}` : ''}.`);
  const lang = str(args, '--lang');
  if (!lang) throw new UsageError(`wikiq code needs --lang: ${CODE_LANGUAGES.join(', ')}.`);
  if (!(CODE_LANGUAGES as readonly string[]).includes(lang)) throw new UsageError(`--lang ${lang}: not a language wikiq writes; use one of ${CODE_LANGUAGES.join(', ')}.`);
  const { resolved, catalogue } = await resolveFileRequest(readWikiFlags(args, io, [file]), io, file, requestChoice(str(args, '--request')), 'preview');
  const refused = codeRefusal(resolved, lang as (typeof CODE_LANGUAGES)[number]);
  if (refused) throw new RefusedError(refused);
  const credentials = cliCredentials(resolved.endpoint);
  const text = generateCode(resolved, lang as (typeof CODE_LANGUAGES)[number], {
    batchOnly: args.flags.has('--batch'),
    signedIn: !!credentials,
    credential: credentials?.kind,
    userAgent: str(args, '--user-agent') || engineUserAgent('cli'),
    chunking: chunkingFor(catalogue ?? bundledCatalogue(), resolved.modules, resolved.params, catalogue?.highLimits()),
  });
  io.out(text.replace(/\n$/, ''));
  return 0;
}
