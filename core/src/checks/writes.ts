/**
 * Checks of a write (#39): a request whose action's module writes or must be POSTed (the
 * catalogue's `writerights`, `mustbeposted`), which wikiq previews and then saves, signed in, with
 * a token it fetches itself.
 * - `action=upload` is refused (`write-action`): it sends a file body, another feature;
 * - a write to a wiki without credentials is `write-without-credentials`, where the host knows
 *   (LanguageServiceParams `signedIn`);
 * - a token written in the file is `token-in-file` (in any request: the engine never sends one);
 * - an edit without `summary` is `missing-summary`;
 * - `bot` where the signed-in account lacks the `bot` right is `bot-without-right`, where the host
 *   knows the session's rights (LanguageServiceParams `accountRights`).
 * The account's facts are read through the Report (facts.ts): a kept piece is checked again when
 * they change. Otherwise a write is checked as any request (names, values, required parameters).
 */
import type { Analysis, Owner } from '../analysis';
import { Code, messages } from '../codes';
import type { ModuleInfo } from '../catalogue/model';
import type { ParamNode } from '../parser/ast';
import { endpointFor } from '../variables';
import type { RequestChecks } from './context';
import { asBoolean, asList } from './facts';
import type { Report } from './report';

const TOKEN_NAME = /token$/i;

/** The action's module when it writes or must be POSTed: a write. */
export function writeModule(a: Analysis): ModuleInfo | undefined {
  const m = a.action?.module;
  return m && (m.mustbeposted || m.writerights) ? m : undefined;
}

/** Whether a parameter is a token: the catalogue gives it a token type, or, unknown to the catalogue, its name ends in `token`. */
export function isToken(name: string, owner: Owner | undefined): boolean {
  // A parameter the catalogue knows is a token only when it says so (checktoken's `token` is the value checked, not a credential).
  return owner ? !!owner.param.tokentype : TOKEN_NAME.test(name);
}

/** A token written in the file (any request). */
export function checkToken(report: Report, node: ParamNode, owner: Owner | undefined): void {
  if (isToken(node.name, owner)) report.add(Code.TokenInFile, node.nameSpan, messages[Code.TokenInFile](node.name));
}

/** The checks of the request as a write: none for a read. */
export function checkWrite(c: RequestChecks, report: Report): void {
  const { a, ctx } = c;
  const m = writeModule(a);
  const part = a.byName.last('action')?.value?.parts[0];
  if (!m || !part) return;
  if (m.name === 'upload') {
    report.add(Code.WriteAction, part.span, messages[Code.WriteAction](m.name));
    return;
  }
  const endpoint = endpointFor(ctx.file, a.request, ctx.env);
  if (endpoint && asBoolean(report.fact('signedIn', endpoint)) === false) {
    report.add(Code.WriteWithoutCredentials, part.span, messages[Code.WriteWithoutCredentials](m.name, endpoint));
  }
  if (m.name !== 'edit') return;
  if (!a.byName.has('summary') && a.catalogue.param(m, 'summary') && !summedUp(a)) report.add(Code.MissingSummary, part.span, messages[Code.MissingSummary]());
  const bot = a.byName.last('bot');
  if (bot && endpoint && a.catalogue.param(m, 'bot')) {
    const rights = asList(report.fact('rights', endpoint));
    if (rights && !rights.includes('bot')) report.add(Code.BotWithoutRight, bot.nameSpan, messages[Code.BotWithoutRight]());
  }
}

/** An edit MediaWiki sums up itself: an undo ("Undo revision …"), a new section with its title. */
function summedUp(a: Analysis): boolean {
  if (a.byName.has('undo')) return true;
  const section = a.byName.last('section')?.value?.parts[0]?.text;
  return section === 'new' && a.byName.has('sectiontitle');
}
