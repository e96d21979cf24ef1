/** [spec] The contract's conventions as data: descriptor shorthands, shared parameter definitions, the module definition type. */

export type Raw = Record<string, unknown>;
export type Flag = 'G' | 'R' | 'dep' | 'post' | 'write' | 'internal' | 'dyn';

export const F = ''; // a flag, present (formatversion 1)

// ---- conventions [spec] -----------------------------------------------------------------------

/** `limit` type: min 1, max 500, highmax 5000, default 10 unless stated (null: no default). */
export function limit(def: number | null = 10, extra: Raw = {}): Raw {
  const p: Raw = { type: 'limit', min: 1, max: 500, highmax: 5000, ...desc('How many results to return per batch.') };
  if (def !== null) p.default = def;
  return { ...p, ...extra };
}

/** `multi`: values separated by `|`, up to 50 (500 with elevated rights). */
export const MULTI: Raw = { multi: F, lowlimit: 50, highlimit: 500, limit: 50 };
export const multi = (p: Raw): Raw => ({ ...p, ...MULTI });
export const str = (extra: Raw = {}): Raw => ({ type: 'string', ...extra });
export const int = (extra: Raw = {}): Raw => ({ type: 'integer', ...extra });
export const bool = (extra: Raw = {}): Raw => ({ type: 'boolean', ...extra });
export const ts = (extra: Raw = {}): Raw => ({ type: 'timestamp', ...extra });
export const dep = (p: Raw): Raw => ({ ...p, deprecated: F });
export const desc = (description: string) => ({ description });
export const en = (values: string[], def?: string, extra: Raw = {}): Raw => ({ type: values, ...(def !== undefined ? { default: def } : {}), ...extra });
export const note = (name: string, values?: number[]) => (values ? { name, values } : { name });

// ---- shared definitions [spec] ------------------------------------------------------------------

export const DIR_A = (extra: Raw = {}): Raw => en(['ascending', 'descending'], 'ascending', { ...desc('In which direction to list.'), ...extra });
export const DIR_B = (extra: Raw = {}): Raw => en(['newer', 'older'], 'older', { ...desc('In which direction to list: `older` lists newest first, `newer` oldest first.'), ...extra });
export const FILTERREDIR = (): Raw => en(['all', 'nonredirects', 'redirects'], 'all', desc('Which pages to list: all, only redirects, or only non-redirects.'));
export const USER_SUBTYPES = ['name', 'ip', 'temp', 'interwiki', 'id'];
export const user = (extra: Raw = {}): Raw => ({ type: 'user', subtypes: USER_SUBTYPES, ...extra });
export const CONTENTFORMATS = ['application/json', 'application/octet-stream', 'application/unknown', 'application/x-binary', 'text/css', 'text/javascript', 'text/plain', 'text/unknown', 'text/x-wiki', 'unknown/unknown'];
export const GROUPS = ['bot', 'bureaucrat', 'interface-admin', 'patroller', 'suppress', 'sysop'];
export const REVISION_PROPS = ['comment', 'content', 'contentmodel', 'flags', 'ids', 'parsedcomment', 'roles', 'sha1', 'size', 'slotsha1', 'slotsize', 'tags', 'timestamp', 'user', 'userid', 'parsetree'];
export const RIGHTS = ['apihighlimits', 'applychangetags', 'autoconfirmed', 'autocreateaccount', 'autopatrol', 'badcaptcha', 'bigdelete', 'block', 'blockemail', 'bot', 'browsearchive', 'bypasstoscheck', 'changeemail', 'changetags', 'confirmemail', 'createaccount', 'createpage', 'createtalk', 'delete', 'delete-redirect', 'deletechangetags', 'deletedhistory', 'deletedtext', 'deletelogentry', 'deleterevision', 'edit', 'editcontentmodel', 'editinterface', 'editmyoptions', 'editmyprivateinfo', 'editmyusercss', 'editmyuserjs', 'editmyuserjson', 'editmyuserjsredirect', 'editmywatchlist', 'editprotected', 'editsemiprotected', 'editsitecss', 'editsitejs', 'editsitejson', 'editusercss', 'edituserjs', 'edituserjson', 'hideuser', 'import', 'importupload', 'ipblock-exempt', 'linkpurge', 'mailpassword', 'maintenance', 'managechangetags', 'markbotedits', 'mergehistory', 'minoredit', 'move', 'move-categorypages', 'move-rootuserpages', 'move-subpages', 'movefile', 'nominornewtalk', 'noratelimit', 'override-export-depth', 'pagelang', 'patrol', 'patroller', 'patrolmarks', 'protect', 'purge', 'read', 'renameuser', 'renderfile', 'renderfile-nonstandard', 'reupload', 'reupload-own', 'reupload-shared', 'rollback', 'sendemail', 'siteadmin', 'skipcaptcha', 'stashbasehtml', 'stashedit', 'suppressionlog', 'suppressredirect', 'suppressrevision', 'unblockself', 'undelete', 'unwatchedpages', 'upload', 'upload_by_url', 'userrights', 'userrights-interwiki', 'viewmyprivateinfo', 'viewmywatchlist', 'viewsuppressed'];
export const CONTRIBUTOR_RIGHTS_OMIT = new Set(['badcaptcha', 'changeemail', 'confirmemail', 'linkpurge', 'mailpassword', 'purge', 'renderfile', 'renderfile-nonstandard', 'stashbasehtml', 'stashedit']);
export const CONTRIBUTOR_RIGHTS = RIGHTS.filter((r) => !CONTRIBUTOR_RIGHTS_OMIT.has(r));
/** "Three further extension-specific right names are also accepted and are omitted here": the list is partial. */
export const rights = (values: string[], what: string): Raw => multi({ type: values, wikiqincompletevalues: F, ...desc(`${what} The wiki may accept a few further, extension-defined right names.`) });
export const namespace = (extra: Raw = {}): Raw => ({ type: 'namespace', ...extra });
export const nsMulti = (extra: Raw = {}): Raw => multi({ type: 'namespace', allspecifier: '*', ...desc('Only list pages in these namespaces.'), ...extra });
export const EXTRA_NS = [-2, -1];
export const CONTINUE = (): Raw => str(desc('When more results are available, use this to continue: repeat the request with every member of the `continue` object of the previous answer.'));


export interface Def {
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
