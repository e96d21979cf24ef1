/**
 * The source of the bundled catalogue: the API contract's module catalogue, written compactly and
 * expanded into `action=paraminfo` module descriptors (formatversion 1 style, flags as `""`, as the
 * contract shows them) by `npm run gen:catalogue` → `bundled-paraminfo.json`, which is read by the
 * same reader as a wiki's own answer (model.ts `readParaminfo`).
 *
 * Where each part comes from (marked [spec] or [mw] below):
 * - [spec] the API contract (module-catalogue.md, api-overview.md): every module of its module
 *   index, their parameters, types, enumerations, defaults, limits, multi flags, deprecations and
 *   notes, with its conventions kept as data (limit min 1 / max 500 / highmax 5000, multi
 *   lowlimit 50 / highlimit 500 / limit 50, G/R/dep flags, templated `contentformat-{slot}`,
 *   `useronly`/`nonuseronly`/`modes` notes, `allspecifier`, `extranamespaces`, deprecated values);
 *   `logevents` (E2: prefix `le`, `lecontinue`) and `paraminfo`'s `modules` (E3). Where the contract
 *   is newer than MediaWiki 1.39 (user subtype `temp`, `parsoid`, `tocdata`…), the contract wins.
 * - [mw] what the contract leaves "not shown" but nothing works without, from MediaWiki 1.39's
 *   includes/api (ApiMain, ApiQuery, ApiPageSet, ApiParamInfo, ApiFormatJson, ApiBase, SubmoduleDef)
 *   and checked against `action=paraminfo` of a real 1.39 wiki (test/fixtures/paraminfo/): the
 *   `main` and `query` modules (`action`, `format`, `list`/`prop`/`meta`/`generator` as submodule
 *   parameters in MediaWiki's shape: `type` = the names, `submodules` = name → path, deprecated and
 *   internal names last and listed in `deprecatedvalues`/`internalvalues`), `paraminfo`'s other
 *   parameters, the `json`/`jsonfm` formats, the help URLs, and the *names, groups, prefixes and
 *   flags* of MediaWiki 1.39's other core modules (`MW_CORE`).
 * - [mw] the parameters the contract does not show, and every module's examples: MediaWiki 1.39's own
 *   paraminfo (`mw139-paraminfo.json`, a snapshot of the Debian package's answer without its
 *   descriptions); those parameters have no description (hover says so and links the help page).
 * Unknown is not invented: a module whose parameters neither shows carries
 * `wikiqparametersunknown` (→ `parametersKnown: false`; names with its prefix are not errors), and
 * an enumeration the contract says is partial carries `wikiqincompletevalues`.
 */
import mw139 from './mw139-paraminfo.json';
import { F, bool, dep, desc, en, int, multi, str, type Def, type Flag, type Raw } from './catalogue/conventions';
import { SPEC_MODULES } from './catalogue/specModules';
import { MW_CORE, type CoreRow } from './catalogue/mwCore';

const HELP_BASE = 'https://www.mediawiki.org/wiki/Special:MyLanguage/';
const isQueryGroup = (g: string) => g === 'list' || g === 'prop' || g === 'meta';
const pathOf = (d: Def) => d.path ?? (isQueryGroup(d.group) ? `query+${d.name}` : d.name);

/** [mw] A module the contract does not describe: name, group, prefix and flags from MediaWiki 1.39; parameters unknown. */
function coreDef([name, group, prefix, flags]: CoreRow): Def {
  return { name, group, prefix, flags: flags.split(' ').filter(Boolean) as Flag[], unknownParams: true };
}

function helpurlsOf(d: Def): string[] {
  if (d.helpurls) return d.helpurls;
  const row = MW_CORE.find((r) => r[0] === d.name && (isQueryGroup(r[1]) === isQueryGroup(d.group)));
  const pages = row ? row[4].split(' ').filter(Boolean) : [`API:${d.name.charAt(0).toUpperCase()}${d.name.slice(1)}`];
  return pages.map((p) => HELP_BASE + p);
}

function flagsOf(d: Def): Raw {
  const f: Raw = {};
  for (const x of d.flags ?? []) {
    if (x === 'G') f.generator = F;
    if (x === 'R') f.readrights = F;
    if (x === 'dep') f.deprecated = F;
    if (x === 'post') f.mustbeposted = F;
    if (x === 'write') f.writerights = F;
    if (x === 'internal') f.internal = F;
    if (x === 'dyn') f.dynamicparameters = F;
  }
  return f;
}

/**
 * [mw] MediaWiki 1.39's own paraminfo (`scripts/mw139-paraminfo.json`, descriptions left out), by
 * path: the parameter structure of a module the contract does not describe, and every module's
 * example requests (completion ranks the parameters they use first).
 */
const MW139 = new Map<string, Raw>((mw139.paraminfo.modules as Raw[]).map((m) => [String(m.path), m]));

function descriptor(d: Def): Raw {
  const out: Raw = { name: d.name, path: pathOf(d), group: d.group, prefix: d.prefix, ...flagsOf(d), helpurls: helpurlsOf(d) };
  if (d.description) out.description = d.description;
  const real = MW139.get(pathOf(d));
  out.parameters = (d.params ?? []).map(([name, p], index) => ({ index: index + 1, name, ...p }));
  out.templatedparameters = (d.templated ?? []).map(([name, p], index) => ({ index: (d.params?.length ?? 0) + index + 1, name, ...p }));
  if (d.unknownParams && real) {
    // The contract shows some or none of its parameters: those it shows keep its words, MediaWiki
    // 1.39's fill in the rest (without descriptions).
    const fill = (own: Raw[], theirs: unknown, from: number) => {
      const names = new Set(own.map((p) => p.name));
      const more = ((theirs ?? []) as Raw[]).filter((p) => !names.has(p.name));
      return [...own, ...more.map((p, i) => ({ ...p, index: from + i + 1 }))];
    };
    out.parameters = fill(out.parameters as Raw[], real.parameters, (out.parameters as Raw[]).length);
    out.templatedparameters = fill(out.templatedparameters as Raw[], real.templatedparameters, (out.parameters as Raw[]).length);
    if (real.dynamicparameters) out.dynamicparameters = F;
  } else if (d.unknownParams) {
    out.wikiqparametersunknown = F;
  }
  if (Array.isArray(real?.examples) && real.examples.length) out.examples = real.examples;
  return out;
}

/**
 * [mw] A submodule parameter as ApiParamInfo/SubmoduleDef describe it: `type` lists the names
 * (alphabetically, deprecated ones after the others, internal ones last), `submodules` maps each
 * name to its module path, and `deprecatedvalues`/`internalvalues` name the flagged ones.
 */
function submoduleParam(defs: Def[], extra: Raw = {}): Raw {
  const rank = (d: Def) => ((d.flags ?? []).includes('internal') ? 2 : 0) + ((d.flags ?? []).includes('dep') ? 1 : 0);
  const sorted = [...defs].sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const p: Raw = { type: sorted.map((d) => d.name), submodules: Object.fromEntries(sorted.map((d) => [d.name, pathOf(d)])) };
  const deprecated = sorted.filter((d) => (d.flags ?? []).includes('dep')).map((d) => d.name);
  const internal = sorted.filter((d) => (d.flags ?? []).includes('internal')).map((d) => d.name);
  if (deprecated.length) p.deprecatedvalues = deprecated;
  if (internal.length) p.internalvalues = internal;
  return { ...p, ...extra };
}

export function buildBundledParaminfo(): { paraminfo: { helpformat: string; modules: Raw[] } } {
  const specNames = new Set(SPEC_MODULES.map(pathOf));
  const core = MW_CORE.map(coreDef).filter((d) => !specNames.has(pathOf(d)));
  const all = [...SPEC_MODULES, ...core];
  const queryDefs = all.filter((d) => isQueryGroup(d.group)).sort((a, b) => (a.name < b.name ? -1 : 1));
  const byGroup = (g: string) => queryDefs.filter((d) => d.group === g);
  const FORMATVERSION = en(['1', '2', 'latest'], '1', desc('Output formatting: `1` backwards-compatible, `2` modern, `latest` the newest (may change).'));

  // [mw] ApiQuery + ApiPageSet (1.39).
  const query: Def = {
    name: 'query', group: 'action', prefix: '', flags: ['R'], description: 'Fetch data from and about the wiki: list, prop and meta modules, and a generator.',
    params: [
      ['prop', multi(submoduleParam(byGroup('prop'), desc('Which properties to get for the queried pages.')))],
      ['list', multi(submoduleParam(byGroup('list'), desc('Which lists to get.')))],
      ['meta', multi(submoduleParam(byGroup('meta'), desc('Which metadata to get.')))],
      ['indexpageids', bool(desc('Include an additional `pageids` section listing all returned page IDs.'))],
      ['export', bool(desc('Export the current revisions of all given or generated pages.'))],
      ['exportnowrap', bool(desc('Return the export XML without wrapping it in an XML result.'))],
      ['exportschema', en(['0.10', '0.11'], '0.11', desc('Target the given version of the XML dump format when exporting.'))],
      ['iwurl', bool(desc('Whether to get the full URL if the title is an interwiki link.'))],
      ['continue', str(desc('When more results are available, repeat the request with every member of the previous `continue` object (its own `continue` member holds a marker such as `-||`).'))],
      ['rawcontinue', bool(desc('Return raw `query-continue` data for continuation.'))],
      ['titles', multi(str(desc('A list of titles to work on.')))],
      ['pageids', multi(int(desc('A list of page IDs to work on.')))],
      ['revids', multi(int(desc('A list of revision IDs to work on.')))],
      ['generator', submoduleParam(queryDefs.filter((d) => (d.flags ?? []).includes('G')), { submoduleparamprefix: 'g', ...desc('Get the list of pages to work on from this query module; its parameters take the prefix `g`.') })],
      ['redirects', bool(desc('Automatically resolve redirects in `titles`, `pageids` and `revids`, and in pages returned by the generator.'))],
      ['converttitles', bool(desc('Convert titles to other variants if necessary.'))],
    ],
  };
  // [mw] ApiParamInfo (1.39); `modules` is the contract's E3.
  const paraminfo: Def = {
    name: 'paraminfo', group: 'action', prefix: '', description: 'Obtain information about API modules.',
    params: [
      ['modules', multi(str(desc('Module paths: values of `action` and `format`, or `main`; submodules with `+` (`query+allimages`); all submodules with `+*`, recursively with `+**`. Descriptors are returned in the order requested.')))],
      ['helpformat', en(['html', 'none', 'raw', 'wikitext'], 'none', desc('Format of help strings.'))],
      ['querymodules', dep(multi(en(queryDefs.map((d) => d.name), undefined, desc('List of query module names. Use `modules=query+foo` instead.'))))],
      ['mainmodule', dep(str(desc('Get information about the main module as well. Use `modules=main` instead.')))],
      ['pagesetmodule', dep(str(desc('Get information about the pageset module as well.')))],
      ['formatmodules', dep(multi(en(all.filter((d) => d.group === 'format').map((d) => d.name).sort(), undefined, desc('List of format module names. Use `modules` instead.'))))],
    ],
  };
  // [mw] ApiFormatJson (1.39); phpfm is [spec].
  const json: Def = {
    name: 'json', group: 'format', prefix: '', flags: ['R'], description: 'Output data in JSON format.',
    params: [
      ['callback', str(desc('If specified, wraps the output into a given function call. User-specific data is restricted then.'))],
      ['utf8', bool(desc('Encode most non-ASCII characters as UTF-8 instead of hexadecimal escapes (default with formatversion 2).'))],
      ['ascii', bool(desc('Encode all non-ASCII characters as hexadecimal escapes (default with formatversion 1).'))],
      ['formatversion', FORMATVERSION],
    ],
  };
  const jsonfm: Def = {
    name: 'jsonfm', group: 'format', prefix: '', flags: ['R'], description: 'Output data in JSON format, pretty-printed in HTML.',
    params: [['wrappedhtml', bool(desc('Return the pretty-printed HTML and associated ResourceLoader modules as a JSON object.'))], ...(json.params ?? [])],
  };
  const known = new Map<string, Def>([query, paraminfo, json, jsonfm].map((d) => [pathOf(d), d]));
  const replaced = all.map((d) => known.get(pathOf(d)) ?? d);
  const byName = (a: Def, b: Def) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const actions = replaced.filter((d) => d.group === 'action').sort(byName);
  const formats = replaced.filter((d) => d.group === 'format').sort(byName);

  // [mw] ApiMain (1.39). `action` defaults to help ([spec]: a request without it gets the help page).
  const main: Def = {
    name: 'main', path: 'main', group: 'main', prefix: '', helpurls: [HELP_BASE + 'API:Main_page'], description: 'The main module: selects the action and the output format.',
    params: [
      ['action', submoduleParam(actions, { default: 'help', ...desc('Which action to perform. Without it the API answers with its help page.') })],
      ['format', submoduleParam(formats, { default: 'jsonfm', ...desc('The format of the output. Without it the answer is an HTML page wrapping the result (`jsonfm`), for debugging only; applications use `json`.') })],
      ['maxlag', int(desc('Wait when the database replication lag is higher than this many seconds (for bots and automated tools).'))],
      ['smaxage', int({ default: 0, ...desc('Set the `s-maxage` HTTP cache control header to this many seconds.') })],
      ['maxage', int({ default: 0, ...desc('Set the `max-age` HTTP cache control header to this many seconds.') })],
      ['assert', en(['anon', 'bot', 'user'], undefined, desc('Verify that the user is logged in (`user`), not logged in (`anon`), or has the bot right (`bot`).'))],
      ['assertuser', { type: 'user', subtypes: ['name'], ...desc('Verify the current user is the named user.') }],
      ['requestid', str(desc('Any value given here will be included in the response, to distinguish requests.'))],
      ['servedby', bool(desc('Include the hostname that served the request in the results.'))],
      ['curtimestamp', bool(desc('Include the current timestamp in the result.'))],
      ['responselanginfo', bool(desc('Include the languages used for `uselang` and `errorlang` in the result.'))],
      ['origin', str(desc('When accessing the API with a cross-domain AJAX request (CORS): the originating domain, or `*` for anonymous requests.'))],
      ['uselang', str({ default: 'user', ...desc('Language to use for message translations.') })],
      ['variant', str(desc('Variant of the language.'))],
      ['errorformat', en(['bc', 'html', 'none', 'plaintext', 'raw', 'wikitext'], 'bc', desc('Format to use for warning and error text output.'))],
      ['errorlang', str({ default: 'uselang', ...desc('Language to use for warnings and errors.') })],
      ['errorsuselocal', bool(desc('Error texts will use locally-customized messages from the MediaWiki namespace.'))],
    ],
  };
  const modules = [main, ...actions, ...formats, ...queryDefs].map(descriptor);
  return { paraminfo: { helpformat: 'none', modules } };
}
