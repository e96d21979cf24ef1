/**
 * The source of the bundled catalogue: the API contract's module catalogue, written compactly and
 * expanded into `action=paraminfo` descriptors (formatversion 1 style, flags as `""`, as the
 * contract shows them) by `npm run gen:catalogue` → `bundled-paraminfo.json`.
 *
 * Where the data comes from:
 * - [spec] every list/prop/meta module, `parse`, `phpfm`, `siteinfo`, their parameters, types,
 *   enumerations, defaults, limits, multi flags, deprecations and notes; `logevents` (E2) and the
 *   shape of `paraminfo` (E3);
 * - [mw]   what the contract leaves "not shown" but nothing works without, taken from MediaWiki
 *   1.39's includes/api (ApiMain, ApiQuery, ApiParamInfo, ApiFormatJson): the `main` and `query`
 *   modules (`action`, `format`, `list`/`prop`/`meta`/`generator`…), `paraminfo`'s parameters, the
 *   `json`/`jsonfm` formats, and the *names* of other core actions (parameters unknown).
 * Unknown is not invented: modules whose parameters are not shown carry
 * `wikiqparametersunknown`, and enumerations the contract says are partial carry
 * `wikiqincompletevalues` (values outside them are not errors).
 */

type Raw = Record<string, unknown>;

const F = ''; // a flag, present (formatversion 1)

// ---- conventions ------------------------------------------------------------------------------

function limit(def: number | null = 10): Raw {
  const p: Raw = { type: 'limit', min: 1, max: 500, highmax: 5000 };
  if (def !== null) p.default = def;
  return p;
}

const MULTI: Raw = { multi: F, lowlimit: 50, highlimit: 500, limit: 50 };
const multi = (p: Raw): Raw => ({ ...p, ...MULTI });
const str = (extra: Raw = {}): Raw => ({ type: 'string', ...extra });
const int = (extra: Raw = {}): Raw => ({ type: 'integer', ...extra });
const bool = (extra: Raw = {}): Raw => ({ type: 'boolean', ...extra });
const ts = (extra: Raw = {}): Raw => ({ type: 'timestamp', ...extra });
const dep = (p: Raw): Raw => ({ ...p, deprecated: F });
const en = (values: string[], def?: string, extra: Raw = {}): Raw => ({ type: values, ...(def !== undefined ? { default: def } : {}), ...extra });
const note = (name: string, values?: number[]) => (values ? { name, values } : { name });

// ---- shared definitions [spec] ------------------------------------------------------------------

const DIR_A = (): Raw => en(['ascending', 'descending'], 'ascending');
const DIR_B = (): Raw => en(['newer', 'older'], 'older');
const FILTERREDIR = (): Raw => en(['all', 'nonredirects', 'redirects'], 'all');
const USER_SUBTYPES = ['name', 'ip', 'temp', 'interwiki', 'id'];
const user = (extra: Raw = {}): Raw => ({ type: 'user', subtypes: USER_SUBTYPES, ...extra });
const CONTENTFORMATS = ['application/json', 'application/octet-stream', 'application/unknown', 'application/x-binary', 'text/css', 'text/javascript', 'text/plain', 'text/unknown', 'text/x-wiki', 'unknown/unknown'];
const GROUPS = ['bot', 'bureaucrat', 'interface-admin', 'patroller', 'suppress', 'sysop'];
const REVISION_PROPS = ['comment', 'content', 'contentmodel', 'flags', 'ids', 'parsedcomment', 'roles', 'sha1', 'size', 'slotsha1', 'slotsize', 'tags', 'timestamp', 'user', 'userid', 'parsetree'];
const RIGHTS = ['apihighlimits', 'applychangetags', 'autoconfirmed', 'autocreateaccount', 'autopatrol', 'badcaptcha', 'bigdelete', 'block', 'blockemail', 'bot', 'browsearchive', 'bypasstoscheck', 'changeemail', 'changetags', 'confirmemail', 'createaccount', 'createpage', 'createtalk', 'delete', 'delete-redirect', 'deletechangetags', 'deletedhistory', 'deletedtext', 'deletelogentry', 'deleterevision', 'edit', 'editcontentmodel', 'editinterface', 'editmyoptions', 'editmyprivateinfo', 'editmyusercss', 'editmyuserjs', 'editmyuserjson', 'editmyuserjsredirect', 'editmywatchlist', 'editprotected', 'editsemiprotected', 'editsitecss', 'editsitejs', 'editsitejson', 'editusercss', 'edituserjs', 'edituserjson', 'hideuser', 'import', 'importupload', 'ipblock-exempt', 'linkpurge', 'mailpassword', 'maintenance', 'managechangetags', 'markbotedits', 'mergehistory', 'minoredit', 'move', 'move-categorypages', 'move-rootuserpages', 'move-subpages', 'movefile', 'nominornewtalk', 'noratelimit', 'override-export-depth', 'pagelang', 'patrol', 'patroller', 'patrolmarks', 'protect', 'purge', 'read', 'renameuser', 'renderfile', 'renderfile-nonstandard', 'reupload', 'reupload-own', 'reupload-shared', 'rollback', 'sendemail', 'siteadmin', 'skipcaptcha', 'stashbasehtml', 'stashedit', 'suppressionlog', 'suppressredirect', 'suppressrevision', 'unblockself', 'undelete', 'unwatchedpages', 'upload', 'upload_by_url', 'userrights', 'userrights-interwiki', 'viewmyprivateinfo', 'viewmywatchlist', 'viewsuppressed'];
const CONTRIBUTOR_RIGHTS_OMIT = new Set(['badcaptcha', 'changeemail', 'confirmemail', 'linkpurge', 'mailpassword', 'purge', 'renderfile', 'renderfile-nonstandard', 'stashbasehtml', 'stashedit']);
const CONTRIBUTOR_RIGHTS = RIGHTS.filter((r) => !CONTRIBUTOR_RIGHTS_OMIT.has(r));
/** "Three further extension-specific right names are also accepted and are omitted here." */
const rights = (values: string[]): Raw => multi({ type: values, wikiqincompletevalues: F });
const namespace = (extra: Raw = {}): Raw => ({ type: 'namespace', ...extra });
const nsMulti = (): Raw => multi({ type: 'namespace', allspecifier: '*' });
const EXTRA_NS = [-2, -1];

// ---- module table ---------------------------------------------------------------------------------

interface Def {
  name: string;
  path?: string;
  group: string;
  prefix: string;
  flags?: Array<'G' | 'R' | 'dep' | 'post' | 'write' | 'internal'>;
  /** Parameters in order: [name, descriptor]. */
  params?: Array<[string, Raw]>;
  templated?: Array<[string, Raw]>;
  unknownParams?: boolean;
  description?: string;
  helpurl?: string;
}

function revisionCommon(prefix: string): { params: Array<[string, Raw]>; templated: Array<[string, Raw]> } {
  void prefix;
  return {
    params: [
      ['prop', multi(en(REVISION_PROPS, 'ids|timestamp|flags|comment|user', { deprecatedvalues: ['parsetree'] }))],
      ['slots', multi(en(['main'], undefined, { allspecifier: '*' }))],
      ['limit', { ...limit(null), description: 'No default: without it, as many as allowed.' }],
      ['expandtemplates', dep(bool())],
      ['generatexml', dep(bool())],
      ['parse', dep(bool())],
      ['section', str()],
      ['diffto', dep(str())],
      ['difftotext', dep(str())],
      ['difftotextpst', dep(bool())],
      ['contentformat', dep(en(CONTENTFORMATS))],
    ],
    templated: [['contentformat-{slot}', { ...en(CONTENTFORMATS), templatevars: { slot: 'slots' }, description: 'Content serialization format of the slot named by each value of `slots`.' }]],
  };
}

function alldeletedrevisions(): Def {
  const c = revisionCommon('adr');
  const useronly = [note('useronly')];
  const nonuseronly = [note('nonuseronly')];
  return {
    name: 'alldeletedrevisions', group: 'list', prefix: 'adr', flags: ['G', 'R'], templated: c.templated,
    params: [
      ...c.params,
      ['user', user()],
      ['namespace', nsMulti()],
      ['start', ts({ info: useronly })],
      ['end', ts({ info: useronly })],
      ['dir', DIR_B()],
      ['from', str({ info: nonuseronly })],
      ['to', str({ info: nonuseronly })],
      ['prefix', str({ info: nonuseronly })],
      ['excludeuser', user({ info: nonuseronly })],
      ['tag', str()],
      ['continue', str()],
      ['generatetitles', bool()],
    ],
  };
}

function allrevisions(): Def {
  const c = revisionCommon('arv');
  return {
    name: 'allrevisions', group: 'list', prefix: 'arv', flags: ['G', 'R'], templated: c.templated,
    params: [
      ...c.params,
      ['user', user()],
      ['namespace', nsMulti()],
      ['start', ts()],
      ['end', ts()],
      ['dir', DIR_B()],
      ['excludeuser', user()],
      ['tag', str()],
      ['continue', str()],
      ['generatetitles', bool()],
    ],
  };
}

function deletedrevisions(): Def {
  const c = revisionCommon('drv');
  return {
    name: 'deletedrevisions', group: 'prop', prefix: 'drv', flags: ['G', 'R'], templated: c.templated,
    params: [
      ...c.params,
      ['start', ts()],
      ['end', ts()],
      ['dir', DIR_B()],
      ['tag', str()],
      ['user', user()],
      ['excludeuser', user()],
      ['continue', str()],
    ],
  };
}

function allLinksLike(name: string, prefix: string, ns: number | undefined, props: string[]): Def {
  const params: Array<[string, Raw]> = [
    ['continue', str()], ['from', str()], ['to', str()], ['prefix', str()], ['unique', bool()],
    ['prop', multi(en(props, 'title'))],
  ];
  if (ns !== undefined) params.push(['namespace', namespace({ default: ns, extranamespaces: EXTRA_NS })]);
  params.push(['limit', limit()], ['dir', DIR_A()]);
  return { name, group: 'list', prefix, flags: ['G', 'R'], params };
}

function backlinksLike(name: string, prefix: string, redirect: boolean): Def {
  const params: Array<[string, Raw]> = [
    ['title', str()], ['pageid', int()], ['continue', str()], ['namespace', nsMulti()], ['dir', DIR_A()],
    ['filterredir', FILTERREDIR()], ['limit', limit()],
  ];
  if (redirect) params.push(['redirect', bool()]);
  return { name, group: 'list', prefix, flags: ['G', 'R'], params };
}

const PROTOCOLS = ['', 'bitcoin', 'ftp', 'ftps', 'geo', 'git', 'gopher', 'http', 'https', 'irc', 'ircs', 'magnet', 'mailto', 'matrix', 'mms', 'news', 'nntp', 'redis', 'sftp', 'sip', 'sips', 'sms', 'ssh', 'svn', 'tel', 'telnet', 'urn', 'worldwind', 'xmpp'];
const IMAGE_PROPS = ['badfile', 'bitdepth', 'canonicaltitle', 'comment', 'commonmetadata', 'dimensions', 'extmetadata', 'mediatype', 'metadata', 'mime', 'parsedcomment', 'sha1', 'size', 'timestamp', 'url', 'user', 'userid'];
const FILEREPO_PROPS = ['canUpload', 'displayname', 'favicon', 'initialCapital', 'local', 'name', 'rootUrl', 'scriptDirUrl', 'thumbUrl', 'url'];
const PARSE_PROPS = ['categories', 'categorieshtml', 'displaytitle', 'encodedjsconfigvars', 'externallinks', 'headhtml', 'images', 'indicators', 'iwlinks', 'jsconfigvars', 'langlinks', 'limitreportdata', 'limitreporthtml', 'links', 'modules', 'parsetree', 'parsewarnings', 'parsewarningshtml', 'properties', 'revid', 'sections', 'subtitle', 'templates', 'text', 'tocdata', 'wikitext', 'headitems'];
const SITEINFO_PROPS = ['autocreatetempuser', 'autopromote', 'autopromoteonce', 'clientlibraries', 'dbrepllag', 'defaultoptions', 'extensions', 'extensiontags', 'fileextensions', 'functionhooks', 'general', 'interwikimap', 'languages', 'languagevariants', 'libraries', 'magicwords', 'namespacealiases', 'namespaces', 'protocols', 'restrictions', 'rightsinfo', 'showhooks', 'skins', 'specialpagealiases', 'statistics', 'uploaddialog', 'usergroups', 'variables'];

export const SPEC_MODULES: Def[] = [
  {
    name: 'allcategories', group: 'list', prefix: 'ac', flags: ['G', 'R'],
    params: [
      ['from', str()], ['continue', str()], ['to', str()], ['prefix', str()], ['dir', DIR_A()],
      ['min', int({ description: 'Only categories with at least this many members.' })],
      ['max', int({ description: 'Only categories with at most this many members.' })],
      ['limit', limit()], ['prop', multi(en(['hidden', 'size'], ''))],
    ],
  },
  alldeletedrevisions(),
  allLinksLike('allfileusages', 'af', undefined, ['ids', 'title']),
  {
    name: 'allimages', group: 'list', prefix: 'ai', flags: ['G', 'R'], description: 'Lists files, by name (default, ascending) or by upload time.',
    params: [
      ['sort', en(['name', 'timestamp'], 'name')],
      ['dir', en(['ascending', 'descending', 'newer', 'older'], 'ascending')],
      ['from', str({ description: 'Start at this file name (inclusive).' })], ['to', str()], ['continue', str()],
      ['start', ts()], ['end', ts()],
      ['prop', multi(en(IMAGE_PROPS, 'timestamp|url'))],
      ['prefix', str()], ['minsize', int()], ['maxsize', int()], ['sha1', str()], ['sha1base36', str()],
      ['user', user()], ['filterbots', en(['all', 'bots', 'nobots'], 'all')], ['mime', multi(str())], ['limit', limit()],
    ],
  },
  allLinksLike('alllinks', 'al', 0, ['ids', 'title']),
  {
    name: 'allmessages', group: 'meta', prefix: 'am', flags: ['R'],
    params: [
      ['messages', multi(str({ default: '*' }))], ['prop', multi(en(['default']))],
      ['enableparser', bool()], ['nocontent', bool()], ['includelocal', bool()],
      ['args', multi(str({ allowsduplicates: F }))],
      ['filter', str()], ['customised', en(['all', 'modified', 'unmodified'], 'all')],
      ['lang', str()], ['from', str()], ['to', str()], ['title', str()], ['prefix', str()],
    ],
  },
  {
    name: 'allpages', group: 'list', prefix: 'ap', flags: ['G', 'R'],
    params: [
      ['from', str()], ['continue', str()], ['to', str()], ['prefix', str()], ['namespace', namespace({ default: 0 })],
      ['filterredir', FILTERREDIR()], ['filterlanglinks', en(['all', 'withlanglinks', 'withoutlanglinks'], 'all')],
      ['minsize', int()], ['maxsize', int()],
      ['prtype', multi(en(['edit', 'move', 'upload']))], ['prlevel', multi(en(['', 'autoconfirmed', 'sysop']))],
      ['prfiltercascade', en(['all', 'cascading', 'noncascading'], 'all')], ['prexpiry', en(['all', 'definite', 'indefinite'], 'all')],
      ['limit', limit()], ['dir', DIR_A()],
    ],
  },
  allLinksLike('allredirects', 'ar', 0, ['fragment', 'ids', 'interwiki', 'title']),
  allrevisions(),
  allLinksLike('alltransclusions', 'at', 10, ['ids', 'title']),
  {
    name: 'allusers', group: 'list', prefix: 'au', flags: ['R'],
    params: [
      ['from', str()], ['to', str()], ['prefix', str()], ['dir', DIR_A()],
      ['group', multi(en(GROUPS))], ['excludegroup', multi(en(GROUPS))], ['rights', rights(RIGHTS)],
      ['prop', multi(en(['blockinfo', 'centralids', 'editcount', 'groups', 'implicitgroups', 'registration', 'rights']))],
      ['limit', limit()], ['witheditsonly', bool()], ['activeusers', bool()], ['attachedwiki', str()],
      ['excludenamed', bool()], ['excludetemp', bool()],
    ],
  },
  {
    name: 'authmanagerinfo', group: 'meta', prefix: 'ami',
    params: [
      ['securitysensitiveoperation', str()],
      ['requestsfor', en(['change', 'create', 'create-continue', 'link', 'link-continue', 'login', 'login-continue', 'remove', 'unlink'])],
      ['mergerequestfields', bool()], ['messageformat', en(['html', 'none', 'raw', 'wikitext'], 'wikitext')],
    ],
  },
  backlinksLike('backlinks', 'bl', true),
  {
    name: 'blocks', group: 'list', prefix: 'bk', flags: ['R'],
    params: [
      ['start', ts()], ['end', ts()], ['dir', DIR_B()], ['ids', multi(int())],
      ['users', multi({ type: 'user', subtypes: ['name', 'ip', 'temp', 'cidr'] })], ['ip', str()], ['limit', limit()],
      ['prop', multi(en(['by', 'byid', 'expiry', 'flags', 'id', 'range', 'reason', 'restrictions', 'timestamp', 'user', 'userid'], 'id|user|by|timestamp|expiry|reason|flags'))],
      ['show', multi(en(['!account', '!ip', '!range', '!temp', 'account', 'ip', 'range', 'temp']))], ['continue', str()],
    ],
  },
  {
    name: 'categories', group: 'prop', prefix: 'cl', flags: ['G', 'R'],
    params: [
      ['prop', multi(en(['hidden', 'sortkey', 'timestamp']))], ['show', multi(en(['!hidden', 'hidden']))],
      ['limit', limit()], ['continue', str()], ['categories', multi(str())], ['dir', DIR_A()],
    ],
  },
  { name: 'categoryinfo', group: 'prop', prefix: 'ci', flags: ['R'], params: [['continue', str()]] },
  {
    name: 'categorymembers', group: 'list', prefix: 'cm', flags: ['G', 'R'],
    params: [
      ['title', str()], ['pageid', int()],
      ['prop', multi(en(['ids', 'sortkey', 'sortkeyprefix', 'timestamp', 'title', 'type'], 'ids|title'))],
      ['namespace', nsMulti()], ['type', multi(en(['file', 'page', 'subcat'], 'page|subcat|file'))],
      ['continue', str()], ['limit', limit()], ['sort', en(['sortkey', 'timestamp'], 'sortkey')],
      ['dir', en(['asc', 'ascending', 'desc', 'descending', 'newer', 'older'], 'ascending')],
      ['start', ts()], ['end', ts()],
      ['starthexsortkey', str()], ['endhexsortkey', str()], ['startsortkeyprefix', str()], ['endsortkeyprefix', str()],
      ['startsortkey', dep(str())], ['endsortkey', dep(str())],
    ],
  },
  {
    name: 'contributors', group: 'prop', prefix: 'pc', flags: ['R'],
    params: [
      ['group', multi(en(GROUPS))], ['excludegroup', multi(en(GROUPS))],
      ['rights', rights(CONTRIBUTOR_RIGHTS)], ['excluderights', rights(CONTRIBUTOR_RIGHTS)],
      ['limit', limit()], ['continue', str()],
    ],
  },
  deletedrevisions(),
  {
    name: 'deletedrevs', group: 'list', prefix: 'dr', flags: ['dep', 'R'],
    params: [
      ['start', ts({ info: [note('modes', [1, 2])] })], ['end', ts({ info: [note('modes', [1, 2])] })],
      ['dir', { ...DIR_B(), info: [note('modes', [1, 3])] }],
      ['from', str({ info: [note('modes', [3])] })], ['to', str({ info: [note('modes', [3])] })], ['prefix', str({ info: [note('modes', [3])] })],
      ['unique', bool({ info: [note('modes', [3])] })], ['namespace', namespace({ default: 0, info: [note('modes', [3])] })],
      ['tag', str()], ['user', user()], ['excludeuser', user()],
      ['prop', multi(en(['comment', 'content', 'len', 'minor', 'parentid', 'parsedcomment', 'revid', 'sha1', 'tags', 'user', 'userid', 'token'], 'user|comment', { deprecatedvalues: ['token'] }))],
      ['limit', limit()], ['continue', str()],
    ],
  },
  { name: 'duplicatefiles', group: 'prop', prefix: 'df', flags: ['G', 'R'], params: [['limit', limit()], ['continue', str()], ['dir', DIR_A()], ['localonly', bool()]] },
  backlinksLike('embeddedin', 'ei', false),
  {
    name: 'extlinks', group: 'prop', prefix: 'el', flags: ['R'],
    params: [['limit', limit()], ['continue', str()], ['protocol', en(PROTOCOLS, '')], ['query', str()], ['expandurl', dep(bool())]],
  },
  {
    name: 'exturlusage', group: 'list', prefix: 'eu', flags: ['G', 'R'],
    params: [
      ['prop', multi(en(['ids', 'title', 'url'], 'ids|title|url'))], ['continue', str()], ['protocol', en(PROTOCOLS, '')],
      ['query', str()], ['namespace', nsMulti()], ['limit', limit()], ['expandurl', dep(bool())],
    ],
  },
  {
    name: 'filearchive', group: 'list', prefix: 'fa', flags: ['R'],
    params: [
      ['from', str()], ['to', str()], ['prefix', str()], ['dir', DIR_A()], ['sha1', str()], ['sha1base36', str()],
      ['prop', multi(en(['archivename', 'bitdepth', 'description', 'dimensions', 'mediatype', 'metadata', 'mime', 'parseddescription', 'sha1', 'size', 'timestamp', 'user'], 'timestamp'))],
      ['limit', limit()], ['continue', str()],
    ],
  },
  { name: 'filerepoinfo', group: 'meta', prefix: 'fri', flags: ['R'], params: [['prop', multi(en(FILEREPO_PROPS, FILEREPO_PROPS.join('|')))]] },
  {
    name: 'fileusage', group: 'prop', prefix: 'fu', flags: ['G', 'R'],
    params: [
      ['prop', multi(en(['pageid', 'redirect', 'title'], 'pageid|title|redirect'))], ['namespace', nsMulti()],
      ['show', multi(en(['!redirect', 'redirect']))], ['limit', limit()], ['continue', str()],
    ],
  },
  {
    name: 'imageinfo', group: 'prop', prefix: 'ii', flags: ['R'],
    params: [
      ['prop', multi(en(['archivename', 'badfile', 'bitdepth', 'canonicaltitle', 'comment', 'commonmetadata', 'dimensions', 'extmetadata', 'mediatype', 'metadata', 'mime', 'parsedcomment', 'sha1', 'size', 'thumbmime', 'timestamp', 'uploadwarning', 'url', 'user', 'userid'], 'timestamp|user'))],
      ['limit', limit(1)], ['start', ts()], ['end', ts()],
      ['urlwidth', int({ default: -1 })], ['urlheight', int({ default: -1 })],
      ['metadataversion', str({ default: '1' })], ['extmetadatalanguage', str({ default: 'en' })],
      ['extmetadatamultilang', bool()], ['extmetadatafilter', multi(str())], ['urlparam', str({ default: '' })],
      ['badfilecontexttitle', str()], ['continue', str()], ['localonly', bool()],
    ],
  },
  { name: 'images', group: 'prop', prefix: 'im', flags: ['G', 'R'], params: [['limit', limit()], ['continue', str()], ['images', multi(str())], ['dir', DIR_A()]] },
  backlinksLike('imageusage', 'iu', true),
  {
    name: 'info', group: 'prop', prefix: 'in', flags: ['R'], unknownParams: true,
    params: [
      ['prop', multi(en(['associatedpage', 'displaytitle', 'editintro', 'linkclasses', 'notificationtimestamp', 'preloadcontent', 'protection', 'subjectid', 'talkid', 'url', 'varianttitles', 'visitingwatchers', 'watched', 'watchers', 'preload', 'readable'], undefined, { deprecatedvalues: ['preload', 'readable'] }))],
      ['linkcontext', { type: 'title', description: 'Has a default title.' }],
    ],
  },
  { name: 'logevents', group: 'list', prefix: 'le', unknownParams: true, description: 'Lists log events, newest first (10 by default).' },
  {
    name: 'siteinfo', group: 'meta', prefix: 'si', flags: ['R'],
    params: [
      ['prop', multi(en(SITEINFO_PROPS, 'general'))], ['filteriw', en(['!local', 'local'])],
      ['showalldb', bool()], ['numberingroup', bool()], ['inlanguagecode', str()],
    ],
  },
  {
    name: 'parse', path: 'parse', group: 'action', prefix: '', flags: ['R'],
    params: [
      ['title', str()], ['text', { type: 'text' }], ['revid', int()], ['summary', str()], ['page', str()], ['pageid', int()],
      ['redirects', bool()], ['oldid', int()],
      ['prop', multi(en(PARSE_PROPS, 'text|langlinks|categories|links|templates|images|externallinks|sections|tocdata|revid|displaytitle|iwlinks|properties|parsewarnings', { deprecatedvalues: ['headitems'] }))],
      ['wrapoutputclass', str({ default: 'mw-parser-output' })],
      ['usearticle', bool()], ['parsoid', bool()], ['pst', bool()], ['onlypst', bool()],
      ['effectivelanglinks', dep(bool())], ['section', str()], ['sectiontitle', str()], ['disablepp', dep(bool())],
      ['disablelimitreport', bool()], ['disableeditsection', bool()], ['disablestylededuplication', bool()], ['showstrategykeys', bool()],
      ['generatexml', dep(bool())], ['preview', bool()], ['sectionpreview', bool()], ['disabletoc', bool()],
      ['useskin', en(['apioutput', 'authentication-popup', 'fallback', 'json'], undefined, { wikiqincompletevalues: F, description: 'Also the names of the skins installed on the wiki.' })],
      ['contentformat', en(CONTENTFORMATS)],
      ['contentmodel', en(['css', 'javascript', 'json', 'text', 'unknown', 'wikitext'], undefined, { wikiqincompletevalues: F, description: 'Also content models defined by extensions.' })],
    ],
  },
  { name: 'phpfm', path: 'phpfm', group: 'format', prefix: '', flags: ['R'], params: [['wrappedhtml', bool()], ['formatversion', en(['1', '2', 'latest'], '1')]] },
];

// ---- [mw] the machinery the contract does not show (MediaWiki 1.39 includes/api) ---------------

/** Core actions beyond the contract's, by name only; writes must be POSTed. */
const OTHER_READ_ACTIONS = ['compare', 'expandtemplates', 'feedcontributions', 'feedrecentchanges', 'feedwatchlist', 'help', 'opensearch', 'rsd'];
const WRITE_ACTIONS = ['block', 'changeauthenticationdata', 'changecontentmodel', 'checktoken', 'clearhasmsg', 'clientlogin', 'createaccount', 'delete', 'edit', 'emailuser', 'filerevert', 'import', 'linkaccount', 'login', 'logout', 'managetags', 'mergehistory', 'move', 'options', 'patrol', 'protect', 'purge', 'removeauthenticationdata', 'resetpassword', 'revisiondelete', 'rollback', 'setnotificationtimestamp', 'setpagelanguage', 'stashedit', 'tag', 'unblock', 'undelete', 'unlinkaccount', 'upload', 'userrights', 'validatepassword', 'watch'];
const FORMATS = ['json', 'jsonfm', 'none', 'php', 'phpfm', 'rawfm', 'xml', 'xmlfm'];

function helpUrl(name: string): string {
  return `https://www.mediawiki.org/wiki/Special:MyLanguage/API:${name.charAt(0).toUpperCase()}${name.slice(1)}`;
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
  }
  return f;
}

function descriptor(d: Def): Raw {
  const path = d.path ?? (['list', 'prop', 'meta'].includes(d.group) ? `query+${d.name}` : d.name);
  const out: Raw = {
    name: d.name,
    path,
    group: d.group,
    prefix: d.prefix,
    ...flagsOf(d),
    helpurls: [d.helpurl ?? helpUrl(d.name === 'main' ? 'Main page' : d.name)],
  };
  if (d.description) out.description = d.description;
  if (d.unknownParams) out.wikiqparametersunknown = F;
  out.parameters = (d.params ?? []).map(([name, p], index) => ({ index: index + 1, name, ...p }));
  if (d.templated) out.templatedparameters = d.templated.map(([name, p], index) => ({ index: (d.params?.length ?? 0) + index + 1, name, ...p }));
  return out;
}

function submoduleMap(defs: Def[], pred: (d: Def) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of [...defs].filter(pred).sort((a, b) => a.name.localeCompare(b.name))) out[d.name] = d.path ?? `query+${d.name}`;
  return out;
}

export function buildBundledParaminfo(): { paraminfo: { helpformat: string; modules: Raw[] } } {
  const spec = SPEC_MODULES;
  const queryDefs = spec.filter((d) => ['list', 'prop', 'meta'].includes(d.group));
  const actions: Def[] = [
    {
      name: 'query', group: 'action', prefix: '', flags: ['R'], description: 'Fetch data from and about the wiki: list, prop and meta modules, and a generator.',
      params: [
        ['prop', multi({ type: 'submodule', submodules: submoduleMap(queryDefs, (d) => d.group === 'prop'), description: 'Which properties to get for the queried pages.' })],
        ['list', multi({ type: 'submodule', submodules: submoduleMap(queryDefs, (d) => d.group === 'list'), description: 'Which lists to get.' })],
        ['meta', multi({ type: 'submodule', submodules: submoduleMap(queryDefs, (d) => d.group === 'meta'), description: 'Which metadata to get.' })],
        ['indexpageids', bool()], ['export', bool()], ['exportnowrap', bool()],
        ['exportschema', en(['0.10', '0.11'], '0.11')], ['iwurl', bool()],
        ['continue', str({ description: 'Continue a query: repeat the request with every member of the previous `continue` object.' })],
        ['rawcontinue', bool()],
        ['titles', multi(str({ description: 'A list of titles to work on.' }))],
        ['pageids', multi(int())], ['revids', multi(int())],
        ['generator', { type: 'submodule', submodules: submoduleMap(queryDefs, (d) => (d.flags ?? []).includes('G')), submoduleparamprefix: 'g', description: 'Get the list of pages to work on from this query module; its parameters take the prefix `g`.' }],
        ['redirects', bool({ description: 'Resolve redirects in titles, pageids and revids, and in the pages from a generator.' })],
        ['converttitles', bool()],
      ],
    },
    {
      name: 'paraminfo', group: 'action', prefix: '', description: 'Describe API modules and their parameters.',
      params: [
        ['modules', multi(str({ description: 'Module paths: values of `action` and `format`, or `main`; submodules with `+` (`query+allimages`), all submodules with `+*`, recursively with `+**`.' }))],
        ['helpformat', en(['html', 'none', 'raw', 'wikitext'], 'none')],
        ['querymodules', dep(multi(str()))], ['mainmodule', dep(bool())], ['pagesetmodule', dep(bool())], ['formatmodules', dep(multi(str()))],
      ],
    },
    spec.find((d) => d.name === 'parse')!,
    ...OTHER_READ_ACTIONS.map((name): Def => ({ name, group: 'action', prefix: '', unknownParams: true })),
    ...WRITE_ACTIONS.map((name): Def => ({ name, group: 'action', prefix: '', flags: name === 'login' || name === 'clientlogin' || name === 'createaccount' ? ['post'] : ['post', 'write'], unknownParams: true })),
  ];
  const formats: Def[] = [
    {
      name: 'json', group: 'format', prefix: '', description: 'Output data in JSON format.',
      params: [['callback', str()], ['utf8', bool()], ['ascii', bool()], ['formatversion', en(['1', '2', 'latest'], '1')]],
    },
    {
      name: 'jsonfm', group: 'format', prefix: '', description: 'Output data in JSON format, pretty-printed in HTML.',
      params: [['wrappedhtml', bool()], ['callback', str()], ['utf8', bool()], ['ascii', bool()], ['formatversion', en(['1', '2', 'latest'], '1')]],
    },
    spec.find((d) => d.name === 'phpfm')!,
    ...FORMATS.filter((f) => !['json', 'jsonfm', 'phpfm'].includes(f)).map((name): Def => ({ name, group: 'format', prefix: '', unknownParams: true })),
  ];
  const main: Def = {
    name: 'main', path: 'main', group: 'main', prefix: '', helpurl: helpUrl('Main page'),
    params: [
      ['action', { type: 'submodule', submodules: Object.fromEntries([...actions].sort((a, b) => a.name.localeCompare(b.name)).map((a) => [a.name, a.path ?? a.name])), default: 'help', description: 'Which action to perform.' }],
      ['format', { type: 'submodule', submodules: Object.fromEntries(formats.map((f) => [f.name, f.path ?? f.name])), default: 'jsonfm', description: 'The format of the output.' }],
      ['maxlag', int({ description: 'Wait when the database replication lag is higher than this many seconds (for bots).' })],
      ['smaxage', int({ default: 0 })], ['maxage', int({ default: 0 })],
      ['assert', en(['anon', 'bot', 'user'])], ['assertuser', user()],
      ['requestid', str()], ['servedby', bool()], ['curtimestamp', bool()], ['responselanginfo', bool()],
      ['origin', str()], ['uselang', str({ default: 'user' })], ['variant', str()],
      ['errorformat', en(['bc', 'html', 'none', 'plaintext', 'raw', 'wikitext'], 'bc')],
      ['errorlang', str({ default: 'uselang' })], ['errorsuselocal', bool()],
    ],
  };
  const all = [main, ...actions, ...formats, ...queryDefs];
  const seen = new Set<string>();
  const modules = all.map(descriptor).filter((m) => {
    const key = m.path as string;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { paraminfo: { helpformat: 'none', modules } };
}
