/** [spec] Every module the API contract describes, with its parameters (see ../catalogue-source.ts). */
import { CONTENTFORMATS, CONTINUE, CONTRIBUTOR_RIGHTS, DIR_A, DIR_B, EXTRA_NS, F, FILTERREDIR, GROUPS, REVISION_PROPS, RIGHTS, bool, dep, desc, en, int, limit, multi, namespace, note, nsMulti, rights, str, ts, user, type Def, type Raw } from './conventions';

export function revisionCommon(): { params: Array<[string, Raw]>; templated: Array<[string, Raw]> } {
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

export function alldeletedrevisions(): Def {
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

export function allrevisions(): Def {
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

export function deletedrevisions(): Def {
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

export function allLinksLike(name: string, prefix: string, ns: number | undefined, props: string[], what: string): Def {
  const params: Array<[string, Raw]> = [
    ['continue', CONTINUE()], ['from', str(desc('The title to start listing from.'))], ['to', str(desc('The title to stop listing at.'))],
    ['prefix', str(desc('List titles that begin with this value.'))], ['unique', bool(desc('Only list distinct target titles.'))],
    ['prop', multi(en(props, 'title', desc('Which pieces of information to include.')))],
  ];
  if (ns !== undefined) params.push(['namespace', namespace({ default: ns, extranamespaces: EXTRA_NS, ...desc('The namespace to list.') })]);
  params.push(['limit', limit()], ['dir', DIR_A()]);
  return { name, group: 'list', prefix, flags: ['G', 'R'], params, description: what };
}

export function backlinksLike(name: string, prefix: string, redirect: boolean, what: string): Def {
  const params: Array<[string, Raw]> = [
    ['title', str(desc('The title to search for.'))], ['pageid', int(desc('The page ID to search for.'))], ['continue', CONTINUE()],
    ['namespace', nsMulti()], ['dir', DIR_A()], ['filterredir', FILTERREDIR()], ['limit', limit()],
  ];
  if (redirect) params.push(['redirect', bool(desc('If a linking page is a redirect, also list the pages linking to that redirect.'))]);
  return { name, group: 'list', prefix, flags: ['G', 'R'], params, description: what };
}

export const PROTOCOLS = ['', 'bitcoin', 'ftp', 'ftps', 'geo', 'git', 'gopher', 'http', 'https', 'irc', 'ircs', 'magnet', 'mailto', 'matrix', 'mms', 'news', 'nntp', 'redis', 'sftp', 'sip', 'sips', 'sms', 'ssh', 'svn', 'tel', 'telnet', 'urn', 'worldwind', 'xmpp'];
export const IMAGE_PROPS = ['badfile', 'bitdepth', 'canonicaltitle', 'comment', 'commonmetadata', 'dimensions', 'extmetadata', 'mediatype', 'metadata', 'mime', 'parsedcomment', 'sha1', 'size', 'timestamp', 'url', 'user', 'userid'];
export const IMAGEINFO_PROPS = ['archivename', 'badfile', 'bitdepth', 'canonicaltitle', 'comment', 'commonmetadata', 'dimensions', 'extmetadata', 'mediatype', 'metadata', 'mime', 'parsedcomment', 'sha1', 'size', 'thumbmime', 'timestamp', 'uploadwarning', 'url', 'user', 'userid'];
export const FILEREPO_PROPS = ['canUpload', 'displayname', 'favicon', 'initialCapital', 'local', 'name', 'rootUrl', 'scriptDirUrl', 'thumbUrl', 'url'];
export const PARSE_PROPS = ['categories', 'categorieshtml', 'displaytitle', 'encodedjsconfigvars', 'externallinks', 'headhtml', 'images', 'indicators', 'iwlinks', 'jsconfigvars', 'langlinks', 'limitreportdata', 'limitreporthtml', 'links', 'modules', 'parsetree', 'parsewarnings', 'parsewarningshtml', 'properties', 'revid', 'sections', 'subtitle', 'templates', 'text', 'tocdata', 'wikitext', 'headitems'];
export const SITEINFO_PROPS = ['autocreatetempuser', 'autopromote', 'autopromoteonce', 'clientlibraries', 'dbrepllag', 'defaultoptions', 'extensions', 'extensiontags', 'fileextensions', 'functionhooks', 'general', 'interwikimap', 'languages', 'languagevariants', 'libraries', 'magicwords', 'namespacealiases', 'namespaces', 'protocols', 'restrictions', 'rightsinfo', 'showhooks', 'skins', 'specialpagealiases', 'statistics', 'uploaddialog', 'usergroups', 'variables'];

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
