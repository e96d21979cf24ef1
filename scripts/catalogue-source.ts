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

type Raw = Record<string, unknown>;
type Flag = 'G' | 'R' | 'dep' | 'post' | 'write' | 'internal' | 'dyn';

const F = ''; // a flag, present (formatversion 1)

// ---- conventions [spec] -----------------------------------------------------------------------

/** `limit` type: min 1, max 500, highmax 5000, default 10 unless stated (null: no default). */
function limit(def: number | null = 10, extra: Raw = {}): Raw {
  const p: Raw = { type: 'limit', min: 1, max: 500, highmax: 5000, ...desc('How many results to return per batch.') };
  if (def !== null) p.default = def;
  return { ...p, ...extra };
}

/** `multi`: values separated by `|`, up to 50 (500 with elevated rights). */
const MULTI: Raw = { multi: F, lowlimit: 50, highlimit: 500, limit: 50 };
const multi = (p: Raw): Raw => ({ ...p, ...MULTI });
const str = (extra: Raw = {}): Raw => ({ type: 'string', ...extra });
const int = (extra: Raw = {}): Raw => ({ type: 'integer', ...extra });
const bool = (extra: Raw = {}): Raw => ({ type: 'boolean', ...extra });
const ts = (extra: Raw = {}): Raw => ({ type: 'timestamp', ...extra });
const dep = (p: Raw): Raw => ({ ...p, deprecated: F });
const desc = (description: string) => ({ description });
const en = (values: string[], def?: string, extra: Raw = {}): Raw => ({ type: values, ...(def !== undefined ? { default: def } : {}), ...extra });
const note = (name: string, values?: number[]) => (values ? { name, values } : { name });

// ---- shared definitions [spec] ------------------------------------------------------------------

const DIR_A = (extra: Raw = {}): Raw => en(['ascending', 'descending'], 'ascending', { ...desc('In which direction to list.'), ...extra });
const DIR_B = (extra: Raw = {}): Raw => en(['newer', 'older'], 'older', { ...desc('In which direction to list: `older` lists newest first, `newer` oldest first.'), ...extra });
const FILTERREDIR = (): Raw => en(['all', 'nonredirects', 'redirects'], 'all', desc('Which pages to list: all, only redirects, or only non-redirects.'));
const USER_SUBTYPES = ['name', 'ip', 'temp', 'interwiki', 'id'];
const user = (extra: Raw = {}): Raw => ({ type: 'user', subtypes: USER_SUBTYPES, ...extra });
const CONTENTFORMATS = ['application/json', 'application/octet-stream', 'application/unknown', 'application/x-binary', 'text/css', 'text/javascript', 'text/plain', 'text/unknown', 'text/x-wiki', 'unknown/unknown'];
const GROUPS = ['bot', 'bureaucrat', 'interface-admin', 'patroller', 'suppress', 'sysop'];
const REVISION_PROPS = ['comment', 'content', 'contentmodel', 'flags', 'ids', 'parsedcomment', 'roles', 'sha1', 'size', 'slotsha1', 'slotsize', 'tags', 'timestamp', 'user', 'userid', 'parsetree'];
const RIGHTS = ['apihighlimits', 'applychangetags', 'autoconfirmed', 'autocreateaccount', 'autopatrol', 'badcaptcha', 'bigdelete', 'block', 'blockemail', 'bot', 'browsearchive', 'bypasstoscheck', 'changeemail', 'changetags', 'confirmemail', 'createaccount', 'createpage', 'createtalk', 'delete', 'delete-redirect', 'deletechangetags', 'deletedhistory', 'deletedtext', 'deletelogentry', 'deleterevision', 'edit', 'editcontentmodel', 'editinterface', 'editmyoptions', 'editmyprivateinfo', 'editmyusercss', 'editmyuserjs', 'editmyuserjson', 'editmyuserjsredirect', 'editmywatchlist', 'editprotected', 'editsemiprotected', 'editsitecss', 'editsitejs', 'editsitejson', 'editusercss', 'edituserjs', 'edituserjson', 'hideuser', 'import', 'importupload', 'ipblock-exempt', 'linkpurge', 'mailpassword', 'maintenance', 'managechangetags', 'markbotedits', 'mergehistory', 'minoredit', 'move', 'move-categorypages', 'move-rootuserpages', 'move-subpages', 'movefile', 'nominornewtalk', 'noratelimit', 'override-export-depth', 'pagelang', 'patrol', 'patroller', 'patrolmarks', 'protect', 'purge', 'read', 'renameuser', 'renderfile', 'renderfile-nonstandard', 'reupload', 'reupload-own', 'reupload-shared', 'rollback', 'sendemail', 'siteadmin', 'skipcaptcha', 'stashbasehtml', 'stashedit', 'suppressionlog', 'suppressredirect', 'suppressrevision', 'unblockself', 'undelete', 'unwatchedpages', 'upload', 'upload_by_url', 'userrights', 'userrights-interwiki', 'viewmyprivateinfo', 'viewmywatchlist', 'viewsuppressed'];
const CONTRIBUTOR_RIGHTS_OMIT = new Set(['badcaptcha', 'changeemail', 'confirmemail', 'linkpurge', 'mailpassword', 'purge', 'renderfile', 'renderfile-nonstandard', 'stashbasehtml', 'stashedit']);
const CONTRIBUTOR_RIGHTS = RIGHTS.filter((r) => !CONTRIBUTOR_RIGHTS_OMIT.has(r));
/** "Three further extension-specific right names are also accepted and are omitted here": the list is partial. */
const rights = (values: string[], what: string): Raw => multi({ type: values, wikiqincompletevalues: F, ...desc(`${what} The wiki may accept a few further, extension-defined right names.`) });
const namespace = (extra: Raw = {}): Raw => ({ type: 'namespace', ...extra });
const nsMulti = (extra: Raw = {}): Raw => multi({ type: 'namespace', allspecifier: '*', ...desc('Only list pages in these namespaces.'), ...extra });
const EXTRA_NS = [-2, -1];
const CONTINUE = (): Raw => str(desc('When more results are available, use this to continue: repeat the request with every member of the `continue` object of the previous answer.'));

// ---- module table ---------------------------------------------------------------------------------

interface Def {
  name: string;
  path?: string;
  group: string;
  prefix: string;
  flags?: Flag[];
  /** Parameters in order: [name, descriptor]. */
  params?: Array<[string, Raw]>;
  templated?: Array<[string, Raw]>;
  unknownParams?: boolean;
  description?: string;
  helpurls?: string[];
}

function revisionCommon(): { params: Array<[string, Raw]>; templated: Array<[string, Raw]> } {
  return {
    params: [
      ['prop', multi(en(REVISION_PROPS, 'ids|timestamp|flags|comment|user', { deprecatedvalues: ['parsetree'], ...desc('Which properties to get for each revision.') }))],
      ['slots', multi(en(['main'], undefined, { allspecifier: '*', ...desc('Which revision slots to return data for, when slot-related properties are asked for.') }))],
      ['limit', limit(null, desc('How many revisions to list. No default.'))],
      ['expandtemplates', dep(bool())],
      ['generatexml', dep(bool())],
      ['parse', dep(bool())],
      ['section', str(desc('Only retrieve the content of this section.'))],
      ['diffto', dep(str())],
      ['difftotext', dep(str())],
      ['difftotextpst', dep(bool())],
      ['contentformat', dep(en(CONTENTFORMATS))],
    ],
    templated: [['contentformat-{slot}', en(CONTENTFORMATS, undefined, { templatevars: { slot: 'slots' }, ...desc('Content serialization format of each slot named by a value of `slots`.') })]],
  };
}

function alldeletedrevisions(): Def {
  const c = revisionCommon();
  const useronly = { info: [note('useronly')] };
  const nonuseronly = { info: [note('nonuseronly')] };
  return {
    name: 'alldeletedrevisions', group: 'list', prefix: 'adr', flags: ['G', 'R'], templated: c.templated,
    description: 'Lists deleted revisions, by a user or in namespaces.',
    params: [
      ...c.params,
      ['user', user(desc('Only list revisions by this user.'))],
      ['namespace', nsMulti()],
      ['start', ts({ ...desc('The timestamp to start listing from. Only when `user` is used.'), ...useronly })],
      ['end', ts({ ...desc('The timestamp to stop listing at. Only when `user` is used.'), ...useronly })],
      ['dir', DIR_B()],
      ['from', str({ ...desc('Start listing at this title. Only when `user` is not used.'), ...nonuseronly })],
      ['to', str({ ...desc('Stop listing at this title. Only when `user` is not used.'), ...nonuseronly })],
      ['prefix', str({ ...desc('List titles that begin with this value. Only when `user` is not used.'), ...nonuseronly })],
      ['excludeuser', user({ ...desc('Do not list revisions by this user. Only when `user` is not used.'), ...nonuseronly })],
      ['tag', str(desc('Only list revisions tagged with this tag.'))],
      ['continue', CONTINUE()],
      ['generatetitles', bool(desc('When used as a generator, generate titles rather than revision IDs.'))],
    ],
  };
}

function allrevisions(): Def {
  const c = revisionCommon();
  return {
    name: 'allrevisions', group: 'list', prefix: 'arv', flags: ['G', 'R'], templated: c.templated,
    description: 'Lists all revisions.',
    params: [
      ...c.params,
      ['user', user(desc('Only list revisions by this user.'))],
      ['namespace', nsMulti()],
      ['start', ts(desc('The timestamp to start listing from.'))],
      ['end', ts(desc('The timestamp to stop listing at.'))],
      ['dir', DIR_B()],
      ['excludeuser', user(desc('Do not list revisions by this user.'))],
      ['tag', str(desc('Only list revisions tagged with this tag.'))],
      ['continue', CONTINUE()],
      ['generatetitles', bool(desc('When used as a generator, generate titles rather than revision IDs.'))],
    ],
  };
}

function deletedrevisions(): Def {
  const c = revisionCommon();
  return {
    name: 'deletedrevisions', group: 'prop', prefix: 'drv', flags: ['G', 'R'], templated: c.templated,
    description: 'Gets deleted revision information of the given pages.',
    params: [
      ...c.params,
      ['start', ts(desc('The timestamp to start listing from.'))],
      ['end', ts(desc('The timestamp to stop listing at.'))],
      ['dir', DIR_B()],
      ['tag', str(desc('Only list revisions tagged with this tag.'))],
      ['user', user(desc('Only list revisions by this user.'))],
      ['excludeuser', user(desc('Do not list revisions by this user.'))],
      ['continue', CONTINUE()],
    ],
  };
}

function allLinksLike(name: string, prefix: string, ns: number | undefined, props: string[], what: string): Def {
  const params: Array<[string, Raw]> = [
    ['continue', CONTINUE()], ['from', str(desc('The title to start listing from.'))], ['to', str(desc('The title to stop listing at.'))],
    ['prefix', str(desc('List titles that begin with this value.'))], ['unique', bool(desc('Only list distinct target titles.'))],
    ['prop', multi(en(props, 'title', desc('Which pieces of information to include.')))],
  ];
  if (ns !== undefined) params.push(['namespace', namespace({ default: ns, extranamespaces: EXTRA_NS, ...desc('The namespace to list.') })]);
  params.push(['limit', limit()], ['dir', DIR_A()]);
  return { name, group: 'list', prefix, flags: ['G', 'R'], params, description: what };
}

function backlinksLike(name: string, prefix: string, redirect: boolean, what: string): Def {
  const params: Array<[string, Raw]> = [
    ['title', str(desc('The title to search for.'))], ['pageid', int(desc('The page ID to search for.'))], ['continue', CONTINUE()],
    ['namespace', nsMulti()], ['dir', DIR_A()], ['filterredir', FILTERREDIR()], ['limit', limit()],
  ];
  if (redirect) params.push(['redirect', bool(desc('If a linking page is a redirect, also list the pages linking to that redirect.'))]);
  return { name, group: 'list', prefix, flags: ['G', 'R'], params, description: what };
}

const PROTOCOLS = ['', 'bitcoin', 'ftp', 'ftps', 'geo', 'git', 'gopher', 'http', 'https', 'irc', 'ircs', 'magnet', 'mailto', 'matrix', 'mms', 'news', 'nntp', 'redis', 'sftp', 'sip', 'sips', 'sms', 'ssh', 'svn', 'tel', 'telnet', 'urn', 'worldwind', 'xmpp'];
const IMAGE_PROPS = ['badfile', 'bitdepth', 'canonicaltitle', 'comment', 'commonmetadata', 'dimensions', 'extmetadata', 'mediatype', 'metadata', 'mime', 'parsedcomment', 'sha1', 'size', 'timestamp', 'url', 'user', 'userid'];
const IMAGEINFO_PROPS = ['archivename', 'badfile', 'bitdepth', 'canonicaltitle', 'comment', 'commonmetadata', 'dimensions', 'extmetadata', 'mediatype', 'metadata', 'mime', 'parsedcomment', 'sha1', 'size', 'thumbmime', 'timestamp', 'uploadwarning', 'url', 'user', 'userid'];
const FILEREPO_PROPS = ['canUpload', 'displayname', 'favicon', 'initialCapital', 'local', 'name', 'rootUrl', 'scriptDirUrl', 'thumbUrl', 'url'];
const PARSE_PROPS = ['categories', 'categorieshtml', 'displaytitle', 'encodedjsconfigvars', 'externallinks', 'headhtml', 'images', 'indicators', 'iwlinks', 'jsconfigvars', 'langlinks', 'limitreportdata', 'limitreporthtml', 'links', 'modules', 'parsetree', 'parsewarnings', 'parsewarningshtml', 'properties', 'revid', 'sections', 'subtitle', 'templates', 'text', 'tocdata', 'wikitext', 'headitems'];
const SITEINFO_PROPS = ['autocreatetempuser', 'autopromote', 'autopromoteonce', 'clientlibraries', 'dbrepllag', 'defaultoptions', 'extensions', 'extensiontags', 'fileextensions', 'functionhooks', 'general', 'interwikimap', 'languages', 'languagevariants', 'libraries', 'magicwords', 'namespacealiases', 'namespaces', 'protocols', 'restrictions', 'rightsinfo', 'showhooks', 'skins', 'specialpagealiases', 'statistics', 'uploaddialog', 'usergroups', 'variables'];

/** [spec] The contract's module index with its parameter tables, in its order. */
export const SPEC_MODULES: Def[] = [
  {
    name: 'allcategories', group: 'list', prefix: 'ac', flags: ['G', 'R'], description: 'Enumerates all categories.',
    params: [
      ['from', str(desc('The category to start listing from.'))], ['continue', CONTINUE()], ['to', str(desc('The category to stop listing at.'))],
      ['prefix', str(desc('List categories whose names begin with this value.'))], ['dir', DIR_A()],
      ['min', int(desc('Only categories with at least this many members.'))],
      ['max', int(desc('Only categories with at most this many members.'))],
      ['limit', limit()], ['prop', multi(en(['hidden', 'size'], '', desc('Which properties to get. Empty by default.')))],
    ],
  },
  alldeletedrevisions(),
  allLinksLike('allfileusages', 'af', undefined, ['ids', 'title'], 'Lists all file usages, including non-existing files.'),
  {
    name: 'allimages', group: 'list', prefix: 'ai', flags: ['G', 'R'],
    description: 'Lists files (name ascending by default, 10 per batch); `continue.aicontinue` names the first file of the next batch.',
    params: [
      ['sort', en(['name', 'timestamp'], 'name', desc('Property to sort by.'))],
      ['dir', en(['ascending', 'descending', 'newer', 'older'], 'ascending', desc('The direction in which to list.'))],
      ['from', str(desc('The file name to start listing from (inclusive: the first name greater than or equal to it). Only with `sort=name`.'))],
      ['to', str(desc('The file name to stop listing at. Only with `sort=name`.'))],
      ['continue', str(desc('The file name of the first record of the next batch, from `continue.aicontinue` of the previous answer.'))],
      ['start', ts(desc('The upload time to start listing from. Only with `sort=timestamp`.'))],
      ['end', ts(desc('The upload time to stop listing at. Only with `sort=timestamp`.'))],
      ['prop', multi(en(IMAGE_PROPS, 'timestamp|url', desc('Which file information to get.')))],
      ['prefix', str(desc('List files whose names begin with this value.'))],
      ['minsize', int(desc('Only files of at least this many bytes.'))], ['maxsize', int(desc('Only files of at most this many bytes.'))],
      ['sha1', str(desc('SHA-1 hash (base 16) of the file.'))], ['sha1base36', str(desc('SHA-1 hash (base 36) of the file.'))],
      ['user', user(desc('Only files uploaded by this user.'))], ['filterbots', en(['all', 'bots', 'nobots'], 'all', desc('How to filter files uploaded by bots.'))],
      ['mime', multi(str(desc('MIME types to search for, e.g. `image/jpeg`.')))], ['limit', limit(10, desc('How many files to return per batch.'))],
    ],
  },
  allLinksLike('alllinks', 'al', 0, ['ids', 'title'], 'Enumerates all links that point to a given namespace.'),
  {
    name: 'allmessages', group: 'meta', prefix: 'am', flags: ['R'], description: 'Returns messages from the wiki.',
    params: [
      ['messages', multi(str({ default: '*', ...desc('Which messages to output. `*` means all messages.') }))], ['prop', multi(en(['default'], undefined, desc('Which properties to get.')))],
      ['enableparser', bool(desc('Parse the messages (substitute magic words, handle templates…).'))], ['nocontent', bool(desc('Do not include the content of the messages.'))],
      ['includelocal', bool(desc('Also include local messages (pages in the MediaWiki namespace).'))],
      ['args', multi(str({ allowsduplicates: F, ...desc('Arguments to substitute into the messages; values may repeat.') }))],
      ['filter', str(desc('Only messages with names containing this string.'))], ['customised', en(['all', 'modified', 'unmodified'], 'all', desc('Only messages in this customisation state.'))],
      ['lang', str(desc('Return messages in this language.'))], ['from', str(desc('Return messages starting at this message.'))],
      ['to', str(desc('Return messages ending at this message.'))], ['title', str(desc('Page name to use as context when parsing.'))],
      ['prefix', str(desc('Return messages with this prefix.'))],
    ],
  },
  {
    name: 'allpages', group: 'list', prefix: 'ap', flags: ['G', 'R'], description: 'Enumerates all pages of a namespace.',
    params: [
      ['from', str(desc('The title to start listing from.'))], ['continue', CONTINUE()], ['to', str(desc('The title to stop listing at.'))],
      ['prefix', str(desc('List titles that begin with this value.'))], ['namespace', namespace({ default: 0, ...desc('The namespace to list.') })],
      ['filterredir', FILTERREDIR()], ['filterlanglinks', en(['all', 'withlanglinks', 'withoutlanglinks'], 'all', desc('Filter by whether a page has language links.'))],
      ['minsize', int(desc('Only pages of at least this many bytes.'))], ['maxsize', int(desc('Only pages of at most this many bytes.'))],
      ['prtype', multi(en(['edit', 'move', 'upload'], undefined, desc('Only protected pages, of these protection types.')))],
      ['prlevel', multi(en(['', 'autoconfirmed', 'sysop'], undefined, desc('Filter protections by level (with `prtype`).')))],
      ['prfiltercascade', en(['all', 'cascading', 'noncascading'], 'all', desc('Filter protections by cascading (with `prtype`).'))],
      ['prexpiry', en(['all', 'definite', 'indefinite'], 'all', desc('Filter protections by expiry.'))],
      ['limit', limit()], ['dir', DIR_A()],
    ],
  },
  allLinksLike('allredirects', 'ar', 0, ['fragment', 'ids', 'interwiki', 'title'], 'Lists all redirects to a namespace.'),
  allrevisions(),
  allLinksLike('alltransclusions', 'at', 10, ['ids', 'title'], 'Lists all transclusions (pages embedded using {{x}}), including non-existing ones.'),
  {
    name: 'allusers', group: 'list', prefix: 'au', flags: ['R'], description: 'Enumerates all registered users.',
    params: [
      ['from', str(desc('The user name to start listing from.'))], ['to', str(desc('The user name to stop listing at.'))],
      ['prefix', str(desc('List users whose names begin with this value.'))], ['dir', DIR_A()],
      ['group', multi(en(GROUPS, undefined, desc('Only users in these groups.')))], ['excludegroup', multi(en(GROUPS, undefined, desc('Exclude users in these groups.')))],
      ['rights', rights(RIGHTS, 'Only users with these rights.')],
      ['prop', multi(en(['blockinfo', 'centralids', 'editcount', 'groups', 'implicitgroups', 'registration', 'rights'], undefined, desc('Which pieces of information to include.')))],
      ['limit', limit()], ['witheditsonly', bool(desc('Only users who have made edits.'))], ['activeusers', bool(desc('Only users active recently.'))],
      ['attachedwiki', str(desc('With `prop=centralids`, also tell whether the user is attached to the wiki with this ID.'))], ['excludenamed', bool(desc('Exclude named (registered) users.'))], ['excludetemp', bool(desc('Exclude temporary accounts.'))],
    ],
  },
  {
    name: 'authmanagerinfo', group: 'meta', prefix: 'ami', description: 'Retrieves information about the current authentication status.',
    params: [
      ['securitysensitiveoperation', str(desc('Test whether the user is authenticated enough for this operation.'))],
      ['requestsfor', en(['change', 'create', 'create-continue', 'link', 'link-continue', 'login', 'login-continue', 'remove', 'unlink'], undefined, desc('Which authentication action to list the requests of.'))],
      ['mergerequestfields', bool(desc('Merge the field information of all requests into one array.'))],
      ['messageformat', en(['html', 'none', 'raw', 'wikitext'], 'wikitext', desc('Format to use for returning messages.'))],
    ],
  },
  backlinksLike('backlinks', 'bl', true, 'Finds all pages that link to the given page.'),
  {
    name: 'blocks', group: 'list', prefix: 'bk', flags: ['R'], description: 'Lists all blocked users and IP addresses.',
    params: [
      ['start', ts(desc('The timestamp to start listing from.'))], ['end', ts(desc('The timestamp to stop listing at.'))], ['dir', DIR_B()],
      ['ids', multi(int(desc('Block IDs to list.')))],
      ['users', multi({ type: 'user', subtypes: ['name', 'ip', 'temp', 'cidr'], ...desc('Users to search for.') })], ['ip', str(desc('All blocks applying to this IP address or range.'))],
      ['limit', limit()],
      ['prop', multi(en(['by', 'byid', 'expiry', 'flags', 'id', 'range', 'reason', 'restrictions', 'timestamp', 'user', 'userid'], 'id|user|by|timestamp|expiry|reason|flags', desc('Which properties to get.')))],
      ['show', multi(en(['!account', '!ip', '!range', '!temp', 'account', 'ip', 'range', 'temp'], undefined, desc('Only show items meeting these criteria.')))], ['continue', CONTINUE()],
    ],
  },
  {
    name: 'categories', group: 'prop', prefix: 'cl', flags: ['G', 'R'], description: 'Lists all categories the pages belong to.',
    params: [
      ['prop', multi(en(['hidden', 'sortkey', 'timestamp'], undefined, desc('Which additional properties to get for each category.')))],
      ['show', multi(en(['!hidden', 'hidden'], undefined, desc('Which kind of categories to show.')))],
      ['limit', limit()], ['continue', CONTINUE()], ['categories', multi(str(desc('Only list these categories.')))], ['dir', DIR_A()],
    ],
  },
  { name: 'categoryinfo', group: 'prop', prefix: 'ci', flags: ['R'], description: 'Returns information about the given categories.', params: [['continue', CONTINUE()]] },
  {
    name: 'categorymembers', group: 'list', prefix: 'cm', flags: ['G', 'R'], description: 'Lists all pages in a given category.',
    params: [
      ['title', str(desc('Which category to enumerate (with its namespace prefix).'))], ['pageid', int(desc('Page ID of the category to enumerate.'))],
      ['prop', multi(en(['ids', 'sortkey', 'sortkeyprefix', 'timestamp', 'title', 'type'], 'ids|title', desc('Which pieces of information to include.')))],
      ['namespace', nsMulti()], ['type', multi(en(['file', 'page', 'subcat'], 'page|subcat|file', desc('Which type of category members to include.')))],
      ['continue', CONTINUE()], ['limit', limit()], ['sort', en(['sortkey', 'timestamp'], 'sortkey', desc('Property to sort by.'))],
      ['dir', en(['asc', 'ascending', 'desc', 'descending', 'newer', 'older'], 'ascending', desc('In which direction to sort.'))],
      ['start', ts(desc('Timestamp to start listing from (with `sort=timestamp`).'))], ['end', ts(desc('Timestamp to end listing at (with `sort=timestamp`).'))],
      ['starthexsortkey', str(desc('Sortkey to start listing from, in hexadecimal.'))], ['endhexsortkey', str(desc('Sortkey to end listing at, in hexadecimal.'))],
      ['startsortkeyprefix', str(desc('Sortkey prefix to start listing from.'))], ['endsortkeyprefix', str(desc('Sortkey prefix to end listing before.'))],
      ['startsortkey', dep(str(desc('Use `starthexsortkey` instead.')))], ['endsortkey', dep(str(desc('Use `endhexsortkey` instead.')))],
    ],
  },
  {
    name: 'contributors', group: 'prop', prefix: 'pc', flags: ['R'], description: 'Gets the list of logged-in contributors and the count of anonymous contributors to a page.',
    params: [
      ['group', multi(en(GROUPS, undefined, desc('Only users in these groups.')))], ['excludegroup', multi(en(GROUPS, undefined, desc('Exclude users in these groups.')))],
      ['rights', rights(CONTRIBUTOR_RIGHTS, 'Only users with these rights.')], ['excluderights', rights(CONTRIBUTOR_RIGHTS, 'Exclude users with these rights.')],
      ['limit', limit()], ['continue', CONTINUE()],
    ],
  },
  deletedrevisions(),
  {
    name: 'deletedrevs', group: 'list', prefix: 'dr', flags: ['dep', 'R'],
    description: 'Lists deleted revisions. Deprecated: use `list=alldeletedrevisions` or `prop=deletedrevisions`. Modes: 1 = the deleted revisions of the given pages; 2 = the deleted contributions of a user; 3 = all deleted revisions in a namespace.',
    params: [
      ['start', ts({ info: [note('modes', [1, 2])], ...desc('The timestamp to start listing from. Modes 1 and 2.') })],
      ['end', ts({ info: [note('modes', [1, 2])], ...desc('The timestamp to stop listing at. Modes 1 and 2.') })],
      ['dir', DIR_B({ info: [note('modes', [1, 3])] })],
      ['from', str({ info: [note('modes', [3])], ...desc('Start listing at this title. Mode 3.') })],
      ['to', str({ info: [note('modes', [3])], ...desc('Stop listing at this title. Mode 3.') })],
      ['prefix', str({ info: [note('modes', [3])], ...desc('List titles that begin with this value. Mode 3.') })],
      ['unique', bool({ info: [note('modes', [3])], ...desc('List only one revision for each page. Mode 3.') })],
      ['namespace', namespace({ default: 0, info: [note('modes', [3])], ...desc('Only list pages in this namespace. Mode 3.') })],
      ['tag', str(desc('Only list revisions tagged with this tag.'))], ['user', user(desc('Only list revisions by this user.'))],
      ['excludeuser', user(desc('Do not list revisions by this user.'))],
      ['prop', multi(en(['comment', 'content', 'len', 'minor', 'parentid', 'parsedcomment', 'revid', 'sha1', 'tags', 'user', 'userid', 'token'], 'user|comment', { deprecatedvalues: ['token'], ...desc('Which properties to get.') }))],
      ['limit', limit()], ['continue', CONTINUE()],
    ],
  },
  {
    name: 'duplicatefiles', group: 'prop', prefix: 'df', flags: ['G', 'R'], description: 'Lists all files that are duplicates of the given files based on hash values.',
    params: [['limit', limit()], ['continue', CONTINUE()], ['dir', DIR_A()], ['localonly', bool(desc('Look only for files in the local repository.'))]],
  },
  backlinksLike('embeddedin', 'ei', false, 'Finds all pages that embed (transclude) the given title.'),
  {
    name: 'extlinks', group: 'prop', prefix: 'el', flags: ['R'], description: 'Returns all external URLs (not interwikis) from the given pages.',
    params: [
      ['limit', limit()], ['continue', CONTINUE()],
      ['protocol', en(PROTOCOLS, '', desc('Protocol of the URL. Empty (the default) with `query` empty: list all external links.'))],
      ['query', str(desc('Search string without protocol.'))], ['expandurl', dep(bool(desc('Expand protocol-relative URLs with the canonical protocol.')))],
    ],
  },
  {
    name: 'exturlusage', group: 'list', prefix: 'eu', flags: ['G', 'R'], description: 'Enumerates pages that contain a given URL.',
    params: [
      ['prop', multi(en(['ids', 'title', 'url'], 'ids|title|url', desc('Which pieces of information to include.')))], ['continue', CONTINUE()],
      ['protocol', en(PROTOCOLS, '', desc('Protocol of the URL. Empty (the default) with `query` empty: list all external links.'))],
      ['query', str(desc('Search string without protocol.'))], ['namespace', nsMulti()], ['limit', limit()],
      ['expandurl', dep(bool(desc('Expand protocol-relative URLs with the canonical protocol.')))],
    ],
  },
  {
    name: 'filearchive', group: 'list', prefix: 'fa', flags: ['R'], description: 'Enumerates all deleted files sequentially.',
    params: [
      ['from', str(desc('The image title to start listing from.'))], ['to', str(desc('The image title to stop listing at.'))],
      ['prefix', str(desc('List image titles that begin with this value.'))], ['dir', DIR_A()],
      ['sha1', str(desc('SHA-1 hash (base 16) of the file.'))], ['sha1base36', str(desc('SHA-1 hash (base 36) of the file.'))],
      ['prop', multi(en(['archivename', 'bitdepth', 'description', 'dimensions', 'mediatype', 'metadata', 'mime', 'parseddescription', 'sha1', 'size', 'timestamp', 'user'], 'timestamp', desc('Which file information to get.')))],
      ['limit', limit()], ['continue', CONTINUE()],
    ],
  },
  {
    name: 'filerepoinfo', group: 'meta', prefix: 'fri', flags: ['R'], description: 'Returns meta information about the file repositories of the wiki.',
    params: [['prop', multi(en(FILEREPO_PROPS, FILEREPO_PROPS.join('|'), desc('Which repository properties to get (all by default).')))]],
  },
  {
    name: 'fileusage', group: 'prop', prefix: 'fu', flags: ['G', 'R'], description: 'Finds all pages that use the given files.',
    params: [
      ['prop', multi(en(['pageid', 'redirect', 'title'], 'pageid|title|redirect', desc('Which properties to get.')))], ['namespace', nsMulti()],
      ['show', multi(en(['!redirect', 'redirect'], undefined, desc('Show only items that meet these criteria.')))], ['limit', limit()], ['continue', CONTINUE()],
    ],
  },
  {
    name: 'imageinfo', group: 'prop', prefix: 'ii', flags: ['R'], description: 'Returns file information and upload history.',
    params: [
      ['prop', multi(en(IMAGEINFO_PROPS, 'timestamp|user', desc('Which file information to get.')))],
      ['limit', limit(1, desc('How many file revisions to return per file (default 1: the current one).'))],
      ['start', ts(desc('Timestamp to start listing from.'))], ['end', ts(desc('Timestamp to stop listing at.'))],
      ['urlwidth', int({ default: -1, ...desc('With `prop=url`, a URL to an image scaled to this width is returned.') })],
      ['urlheight', int({ default: -1, ...desc('Similar to `urlwidth`.') })],
      ['metadataversion', str({ default: '1', ...desc('Version of metadata to use.') })],
      ['extmetadatalanguage', str({ default: 'en', ...desc('Language in which to fetch extmetadata.') })],
      ['extmetadatamultilang', bool(desc('Return extmetadata values in all languages.'))],
      ['extmetadatafilter', multi(str(desc('Only return these extmetadata keys.')))],
      ['urlparam', str({ default: '', ...desc('A handler-specific parameter string, instead of `urlwidth`. Empty by default.') })],
      ['badfilecontexttitle', str(desc('Title used when evaluating the bad image list, with `prop=badfile`.'))], ['continue', CONTINUE()],
      ['localonly', bool(desc('Look only for files in the local repository.'))],
    ],
  },
  {
    name: 'images', group: 'prop', prefix: 'im', flags: ['G', 'R'], description: 'Returns all files contained on the given pages.',
    params: [['limit', limit()], ['continue', CONTINUE()], ['images', multi(str(desc('Only list these files.')))], ['dir', DIR_A()]],
  },
  backlinksLike('imageusage', 'iu', true, 'Finds all pages that use the given image title.'),
  {
    // [spec] only `prop` and `linkcontext` are shown; the remaining parameters are unknown.
    name: 'info', group: 'prop', prefix: 'in', flags: ['R'], unknownParams: true, description: 'Gets basic page information.',
    params: [
      ['prop', multi(en(['associatedpage', 'displaytitle', 'editintro', 'linkclasses', 'notificationtimestamp', 'preloadcontent', 'protection', 'subjectid', 'talkid', 'url', 'varianttitles', 'visitingwatchers', 'watched', 'watchers', 'preload', 'readable'], undefined, { deprecatedvalues: ['preload', 'readable'], ...desc('Which additional properties to get.') }))],
      ['linkcontext', { type: 'title', ...desc('The context title to use when determining extra CSS classes of links (`prop=linkclasses`). Has a default title (the wiki\'s main page).') }],
    ],
  },
  {
    name: 'siteinfo', group: 'meta', prefix: 'si', flags: ['R'], description: 'Returns general information about the site.',
    params: [
      ['prop', multi(en(SITEINFO_PROPS, 'general', desc('Which information to get.')))], ['filteriw', en(['!local', 'local'], undefined, desc('Return only local or only nonlocal entries of the interwiki map.'))],
      ['showalldb', bool(desc('List all database servers, not just the one lagging the most.'))], ['numberingroup', bool(desc('List the number of users in user groups.'))],
      ['inlanguagecode', str(desc('Language code for localised language names and skin names.'))],
    ],
  },
  {
    name: 'parse', path: 'parse', group: 'action', prefix: '', flags: ['R'], description: 'Parses content and returns parser output.',
    params: [
      ['title', str(desc('Title of the page the text belongs to.'))], ['text', { type: 'text', ...desc('Text to parse.') }],
      ['revid', int(desc('Revision ID, for `{{REVISIONID}}` and similar variables.'))], ['summary', str(desc('Summary to parse.'))],
      ['page', str(desc('Parse the content of this page.'))], ['pageid', int(desc('Parse the content of this page (by ID).'))],
      ['redirects', bool(desc('If `page` or `pageid` is a redirect, resolve it.'))], ['oldid', int(desc('Parse the content of this revision.'))],
      ['prop', multi(en(PARSE_PROPS, 'text|langlinks|categories|links|templates|images|externallinks|sections|tocdata|revid|displaytitle|iwlinks|properties|parsewarnings', { deprecatedvalues: ['headitems'], ...desc('Which pieces of information to get.') }))],
      ['wrapoutputclass', str({ default: 'mw-parser-output', ...desc('CSS class used to wrap the parser output.') })],
      ['usearticle', bool(desc('Parse with the options used for article page views (with `page`).'))], ['parsoid', bool(desc('Generate HTML with Parsoid.'))], ['pst', bool(desc('Do a pre-save transform on the input before parsing it.'))],
      ['onlypst', bool(desc('Do a pre-save transform only, without parsing.'))],
      ['effectivelanglinks', dep(bool())], ['section', str(desc('Only parse the content of this section.'))],
      ['sectiontitle', str(desc('New section title when `section` is `new`.'))], ['disablepp', dep(bool())],
      ['disablelimitreport', bool(desc('Omit the limit report from the parser output.'))], ['disableeditsection', bool(desc('Omit edit section links.'))],
      ['disablestylededuplication', bool(desc('Do not deduplicate inline stylesheets.'))], ['showstrategykeys', bool(desc('Include internal merge strategy information in `jsconfigvars`.'))],
      ['generatexml', dep(bool())], ['preview', bool(desc('Parse in preview mode.'))], ['sectionpreview', bool(desc('Parse in section preview mode.'))],
      ['disabletoc', bool(desc('Omit the table of contents.'))],
      ['useskin', en(['apioutput', 'authentication-popup', 'fallback', 'json'], undefined, { wikiqincompletevalues: F, ...desc('Apply this skin to the parser output. Also the names of the skins installed on the wiki.') })],
      ['contentformat', en(CONTENTFORMATS, undefined, desc('Content serialization format used for the input text.'))],
      ['contentmodel', en(['css', 'javascript', 'json', 'text', 'unknown', 'wikitext'], undefined, { wikiqincompletevalues: F, ...desc('Content model of the input text. Also content models defined by extensions.') })],
    ],
  },
  {
    name: 'phpfm', path: 'phpfm', group: 'format', prefix: '', flags: ['R'], description: 'Output data in serialized PHP format, pretty-printed in HTML.',
    params: [
      ['wrappedhtml', bool(desc('Return the pretty-printed HTML and associated ResourceLoader modules as a JSON object.'))],
      ['formatversion', en(['1', '2', 'latest'], '1', desc('Output formatting: `1` backwards-compatible, `2` modern, `latest` the newest (may change).'))],
    ],
  },
  {
    // [spec] E2: list=logevents, prefix `le`, newest 10 first, continued by `lecontinue`. Its other parameters: not shown.
    // [mw] its readrights flag (the contract's module index does not list it).
    name: 'logevents', group: 'list', prefix: 'le', flags: ['R'], unknownParams: true,
    description: 'Lists log events, newest first (10 by default); `continue.lecontinue` identifies the first entry not yet returned.',
    params: [['continue', str(desc('`<YYYYMMDDhhmmss>|<logid>` of the first entry of the next batch, from `continue.lecontinue` of the previous answer.'))]],
  },
];

// ---- [mw] MediaWiki 1.39's core modules: names, groups, prefixes, flags, help pages -------------
// From `action=paraminfo&modules=*|query+*` of a MediaWiki 1.39 wiki (test/fixtures/paraminfo/).
// Flags: G generator, R readrights, dep deprecated, post mustbeposted, write writerights,
// internal, dyn dynamicparameters. Help: pages under https://www.mediawiki.org/wiki/Special:MyLanguage/.

type CoreRow = [name: string, group: string, prefix: string, flags: string, help: string];

const MW_CORE: CoreRow[] = [
  ['block', 'action', '', 'R post write', 'API:Block'],
  ['changeauthenticationdata', 'action', 'changeauth', 'R post write dyn', 'API:Manage_authentication_data'],
  ['changecontentmodel', 'action', '', 'R post write', 'Help:ChangeContentModel'],
  ['checktoken', 'action', '', 'R', ''],
  ['clearhasmsg', 'action', '', 'R post write', 'API:ClearHasMsg'],
  ['clientlogin', 'action', 'login', 'post write dyn', 'API:Login'],
  ['compare', 'action', '', 'R', 'API:Compare'],
  ['createaccount', 'action', 'create', 'post write dyn', 'API:Account_creation'],
  ['cspreport', 'action', '', 'post internal', ''],
  ['delete', 'action', '', 'R post write', 'API:Delete'],
  ['edit', 'action', '', 'R post write', 'API:Edit'],
  ['emailuser', 'action', '', 'R post write', 'API:Email'],
  ['expandtemplates', 'action', '', 'R', 'API:Parsing_wikitext#expandtemplates'],
  ['feedcontributions', 'action', '', 'R', ''],
  ['feedrecentchanges', 'action', '', 'R', ''],
  ['feedwatchlist', 'action', '', 'R', 'API:Watchlist_feed'],
  ['filerevert', 'action', '', 'R post write', ''],
  ['help', 'action', '', '', 'API:Main_page API:FAQ API:Quick_start_guide'],
  ['imagerotate', 'action', '', 'R post write', ''],
  ['import', 'action', '', 'R post write', 'API:Import'],
  ['linkaccount', 'action', 'link', 'post write dyn', 'API:Linkaccount'],
  ['login', 'action', 'lg', 'post write', 'API:Login'],
  ['logout', 'action', '', 'post', 'API:Logout'],
  ['managetags', 'action', '', 'R post write', 'API:Tag_management'],
  ['mergehistory', 'action', '', 'R post write', 'API:Mergehistory'],
  ['move', 'action', '', 'R post write', 'API:Move'],
  ['opensearch', 'action', '', 'R', 'API:Opensearch'],
  ['options', 'action', '', 'R post write', 'API:Options'],
  ['paraminfo', 'action', '', '', 'API:Parameter_information'],
  ['parse', 'action', '', 'R', 'API:Parsing_wikitext#parse'],
  ['patrol', 'action', '', 'R post write', 'API:Patrol'],
  ['protect', 'action', '', 'R post write', 'API:Protect'],
  ['purge', 'action', '', 'R post write', 'API:Purge'],
  ['query', 'action', '', 'R', 'API:Query API:Meta API:Properties API:Lists'],
  ['removeauthenticationdata', 'action', '', 'R post write', 'API:Manage_authentication_data'],
  ['resetpassword', 'action', '', 'R post write', 'API:Manage_authentication_data'],
  ['revisiondelete', 'action', '', 'R post write', 'API:Revisiondelete'],
  ['rollback', 'action', '', 'R post write', 'API:Rollback'],
  ['rsd', 'action', '', '', ''],
  ['setnotificationtimestamp', 'action', '', 'R post write', 'API:SetNotificationTimestamp'],
  ['setpagelanguage', 'action', '', 'R post write', 'API:SetPageLanguage'],
  ['stashedit', 'action', '', 'R post write internal', ''],
  ['tag', 'action', '', 'R post write', 'API:Tag'],
  ['unblock', 'action', '', 'R post write', 'API:Block'],
  ['undelete', 'action', '', 'R post write', 'API:Undelete'],
  ['unlinkaccount', 'action', '', 'R post write', 'API:Manage_authentication_data'],
  ['upload', 'action', '', 'R post write', 'API:Upload'],
  ['userrights', 'action', '', 'R post write', 'API:User_group_membership'],
  ['validatepassword', 'action', '', 'R post', 'API:Validatepassword'],
  ['watch', 'action', '', 'R post write', 'API:Watch'],
  ['json', 'format', '', 'R', 'API:Data_formats'],
  ['jsonfm', 'format', '', 'R', 'API:Data_formats'],
  ['none', 'format', '', 'R', 'API:Data_formats'],
  ['php', 'format', '', 'R', 'API:Data_formats'],
  ['phpfm', 'format', '', 'R', 'API:Data_formats'],
  ['rawfm', 'format', '', 'R', 'API:Data_formats'],
  ['xml', 'format', '', 'R', 'API:Data_formats'],
  ['xmlfm', 'format', '', 'R', 'API:Data_formats'],
  ['allcategories', 'list', 'ac', 'G R', 'API:Allcategories'],
  ['alldeletedrevisions', 'list', 'adr', 'G R', 'API:Alldeletedrevisions'],
  ['allfileusages', 'list', 'af', 'G R', 'API:Allfileusages'],
  ['allimages', 'list', 'ai', 'G R', 'API:Allimages'],
  ['alllinks', 'list', 'al', 'G R', 'API:Alllinks'],
  ['allmessages', 'meta', 'am', 'R', 'API:Allmessages'],
  ['allpages', 'list', 'ap', 'G R', 'API:Allpages'],
  ['allredirects', 'list', 'ar', 'G R', 'API:Allredirects'],
  ['allrevisions', 'list', 'arv', 'G R', 'API:Allrevisions'],
  ['alltransclusions', 'list', 'at', 'G R', 'API:Alltransclusions'],
  ['allusers', 'list', 'au', 'R', 'API:Allusers'],
  ['authmanagerinfo', 'meta', 'ami', '', 'API:Authmanagerinfo'],
  ['backlinks', 'list', 'bl', 'G R', 'API:Backlinks'],
  ['blocks', 'list', 'bk', 'R', 'API:Blocks'],
  ['categories', 'prop', 'cl', 'G R', 'API:Categories'],
  ['categoryinfo', 'prop', 'ci', 'R', 'API:Categoryinfo'],
  ['categorymembers', 'list', 'cm', 'G R', 'API:Categorymembers'],
  ['contributors', 'prop', 'pc', 'R', 'API:Contributors'],
  ['deletedrevisions', 'prop', 'drv', 'G R', 'API:Deletedrevisions'],
  ['deletedrevs', 'list', 'dr', 'R dep', 'API:Deletedrevs'],
  ['duplicatefiles', 'prop', 'df', 'G R', 'API:Duplicatefiles'],
  ['embeddedin', 'list', 'ei', 'G R', 'API:Embeddedin'],
  ['extlinks', 'prop', 'el', 'R', 'API:Extlinks'],
  ['exturlusage', 'list', 'eu', 'G R', 'API:Exturlusage'],
  ['filearchive', 'list', 'fa', 'R', 'API:Filearchive'],
  ['filerepoinfo', 'meta', 'fri', 'R', 'API:Filerepoinfo'],
  ['fileusage', 'prop', 'fu', 'G R', 'API:Fileusage'],
  ['imageinfo', 'prop', 'ii', 'R', 'API:Imageinfo'],
  ['images', 'prop', 'im', 'G R', 'API:Images'],
  ['imageusage', 'list', 'iu', 'G R', 'API:Imageusage'],
  ['info', 'prop', 'in', 'R', 'API:Info'],
  ['iwbacklinks', 'list', 'iwbl', 'G R', 'API:Iwbacklinks'],
  ['iwlinks', 'prop', 'iw', 'R', 'API:Iwlinks'],
  ['langbacklinks', 'list', 'lbl', 'G R', 'API:Langbacklinks'],
  ['langlinks', 'prop', 'll', 'R', 'API:Langlinks'],
  ['languageinfo', 'meta', 'li', 'R', ''],
  ['links', 'prop', 'pl', 'G R', 'API:Links'],
  ['linkshere', 'prop', 'lh', 'G R', 'API:Linkshere'],
  ['logevents', 'list', 'le', 'R', 'API:Logevents'],
  ['mystashedfiles', 'list', 'msf', 'R', 'API:mystashedfiles'],
  ['pagepropnames', 'list', 'ppn', 'R', 'API:Pagepropnames'],
  ['pageprops', 'prop', 'pp', 'R', 'API:Pageprops'],
  ['pageswithprop', 'list', 'pwp', 'G R', 'API:Pageswithprop'],
  ['prefixsearch', 'list', 'ps', 'G R', 'API:Prefixsearch'],
  ['protectedtitles', 'list', 'pt', 'G R', 'API:Protectedtitles'],
  ['querypage', 'list', 'qp', 'G R', 'API:Querypage'],
  ['random', 'list', 'rn', 'G R', 'API:Random'],
  ['recentchanges', 'list', 'rc', 'G R', 'API:Recentchanges'],
  ['redirects', 'prop', 'rd', 'G R', 'API:Redirects'],
  ['revisions', 'prop', 'rv', 'G R', 'API:Revisions'],
  ['search', 'list', 'sr', 'G R', 'API:Search'],
  ['siteinfo', 'meta', 'si', 'R', 'API:Siteinfo'],
  ['stashimageinfo', 'prop', 'sii', 'R', 'API:Stashimageinfo'],
  ['tags', 'list', 'tg', 'R', 'API:Tags'],
  ['templates', 'prop', 'tl', 'G R', 'API:Templates'],
  ['tokens', 'meta', '', '', 'API:Tokens'],
  ['transcludedin', 'prop', 'ti', 'G R', 'API:Transcludedin'],
  ['usercontribs', 'list', 'uc', 'R', 'API:Usercontribs'],
  ['userinfo', 'meta', 'ui', 'R', 'API:Userinfo'],
  ['users', 'list', 'us', 'R', 'API:Users'],
  ['watchlist', 'list', 'wl', 'G R', 'API:Watchlist'],
  ['watchlistraw', 'list', 'wr', 'G R', 'API:Watchlistraw'],
];

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
