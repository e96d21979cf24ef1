/**
 * CirrusSearch's search keywords (#31), kept as data: what `srsearch` and `gsrsearch` accept on a
 * wiki whose search is CirrusSearch (`runsCirrusSearch`), for completion and hover. The list is
 * the extension's own: the keywords of `includes/Parser/FullTextKeywordRegistry.php` (each feature
 * class of `includes/Query/` and its `getKeywords()`), and `articletopic`/`drafttopic`, which the
 * extension adds when the wiki has topic predictions (`includes/Search/WeightedTagsHooks.php`).
 * Wording from the feature classes' comments and Help:CirrusSearch. Left out: `withredirects`
 * (off unless the wiki builds redirect documents), `articlecountry` and `hasrecommendation` (newer,
 * for other extensions' tools), and GeoData's `neartitle`/`nearcoord` (another extension's).
 * To add a keyword: a row here (CONTRIBUTING.md, "A search keyword").
 */

export interface SearchKeyword {
  /** The keyword as typed, without its colon. */
  keyword: string;
  /** Other spellings of the same keyword (`deepcat` for `deepcategory`). */
  aliases?: readonly string[];
  /** One line: what it finds or does. */
  description: string;
  /** What follows the colon; '' for a keyword that takes no value. */
  syntax: string;
  example: string;
  /** Its section of Help:CirrusSearch (`#…`), '' for the page itself. */
  help: string;
  /** `-keyword:` excludes what it matches (false: the extension ignores or refuses the `-`). */
  negatable: boolean;
  /** Only at the start of the query. */
  header?: boolean;
  /** Takes the rest of the query as its value. */
  greedy?: boolean;
}

export const HELP_PAGE = 'https://www.mediawiki.org/wiki/Help:CirrusSearch';

const FILE_NUMBER = '`N` (equal), `>N` (at least), `<N` (at most) or `N,M` (between)';
const DATE = 'a year `YYYY`, a month `YYYY-MM`, a day `YYYY-MM-DD`, or `now`/`today` less an amount (`now-2d`; units y, M, d, h), after `>`, `>=`, `<` or `<=`';

export const SEARCH_KEYWORDS: readonly SearchKeyword[] = [
  { keyword: 'intitle', description: 'Pages whose title has the words, or matches a regular expression between slashes.', syntax: 'word, `"a phrase"`, `word*`, or `/regex/` (`/regex/i`: any case)', example: 'intitle:"gold rush"', help: '#Intitle_and_incategory', negatable: true },
  { keyword: 'insource', description: "Pages whose wikitext has the words, or matches a regular expression between slashes.", syntax: 'word, `"a phrase"`, `word*`, or `/regex/` (`/regex/i`: any case)', example: 'insource:/\\{\\{[Cc]ite web/', help: '#Insource', negatable: true },
  { keyword: 'incategory', description: 'Pages in the category itself (not its subcategories).', syntax: 'a category name without `Category:`; several joined by `|` (any of them); `id:N` for a category page id', example: 'incategory:"Living people"', help: '#Intitle_and_incategory', negatable: true },
  { keyword: 'deepcategory', aliases: ['deepcat'], description: 'Pages in the category or any of its subcategories (the depth and number of categories are bounded by the wiki).', syntax: 'a category name without `Category:`', example: 'deepcat:Vehicles', help: '#Deepcategory', negatable: true },
  { keyword: 'hastemplate', description: 'Pages that use the template, directly or through another template.', syntax: 'a template name without `Template:` (a main-namespace page: `:Title`); several joined by `|`', example: 'hastemplate:"Infobox person"', help: '#Hastemplate', negatable: true },
  { keyword: 'linksto', description: 'Pages that link to the page.', syntax: 'a page title', example: 'linksto:"Wake Island"', help: '#Linksto', negatable: true },
  { keyword: 'prefix', description: 'Pages whose title starts with the text (a namespace prefix allowed). It takes the rest of the query: put it last.', syntax: 'the start of a title, with its namespace (`Talk:`)', example: 'prefix:Talk:Calif', help: '#Prefix_and_namespace', negatable: true, greedy: true },
  { keyword: 'subpageof', description: 'Subpages of the page (titles under `Page/`).', syntax: 'a page title', example: 'subpageof:"Help:CirrusSearch"', help: '#Subpageof', negatable: true },
  { keyword: 'morelike', description: 'Pages like the given ones. It replaces the rest of the query: put it first and alone (`morelikethis` combines).', syntax: 'page titles joined by `|`', example: 'morelike:Wikipedia|Wikidata', help: '#Morelike', negatable: false, header: true, greedy: true },
  { keyword: 'morelikethis', description: 'Pages like the given ones, combined with the other words and keywords of the query.', syntax: 'page titles joined by `|`', example: 'morelikethis:"Solar System"', help: '#Morelike', negatable: true },
  { keyword: 'prefer-recent', description: 'Ranks recently edited pages higher (by default 60% of the score decays with a half-life of 160 days).', syntax: 'nothing, or the part of the score that decays (0–1) and, after a comma, the half-life in days', example: 'prefer-recent:0.6,160', help: '#Prefer-recent', negatable: false },
  { keyword: 'boost-templates', description: 'Ranks pages using the templates higher or lower by a percentage.', syntax: '`Template|N%`; several in quotes, separated by spaces', example: 'boost-templates:"Featured article|200%"', help: '#Boost-templates', negatable: false },
  { keyword: 'inlanguage', description: 'Pages in the language.', syntax: 'a language code; several joined by `|`', example: 'inlanguage:fr', help: '#Inlanguage', negatable: true },
  { keyword: 'contentmodel', description: 'Pages of the content model.', syntax: 'a content model (`wikitext`, `json`, `css`, `javascript`…)', example: 'contentmodel:json', help: '#Contentmodel', negatable: true },
  { keyword: 'filetype', description: 'Files of the media type.', syntax: '`bitmap`, `drawing`, `audio`, `video`, `multimedia`, `office`, `text`, `executable`, `archive`, `3d`; several joined by `|`', example: 'filetype:video', help: '#Filetype', negatable: true },
  { keyword: 'filemime', description: 'Files of the MIME type.', syntax: 'a MIME type (quoted: exactly)', example: 'filemime:"image/png"', help: '#File_properties_search', negatable: true },
  { keyword: 'filesize', description: 'Files of the size, in kilobytes (a bare `N` means at least N).', syntax: FILE_NUMBER, example: 'filesize:>300', help: '#File_properties_search', negatable: true },
  { keyword: 'filew', aliases: ['filewidth'], description: 'Files of the width, in pixels.', syntax: FILE_NUMBER, example: 'filew:>1000', help: '#File_properties_search', negatable: true },
  { keyword: 'fileh', aliases: ['fileheight'], description: 'Files of the height, in pixels.', syntax: FILE_NUMBER, example: 'fileh:100,500', help: '#File_properties_search', negatable: true },
  { keyword: 'fileres', description: 'Files of the resolution: the square root of width × height, in pixels.', syntax: FILE_NUMBER, example: 'fileres:>1000', help: '#File_properties_search', negatable: true },
  { keyword: 'filebits', description: 'Files of the bit depth.', syntax: FILE_NUMBER, example: 'filebits:16', help: '#File_properties_search', negatable: true },
  { keyword: 'textbytes', description: 'Pages whose wikitext has the size, in bytes.', syntax: FILE_NUMBER, example: 'textbytes:>100000', help: '', negatable: true },
  { keyword: 'lasteditdate', description: 'Pages last edited in or around the date.', syntax: DATE, example: 'lasteditdate:>=now-7d', help: '', negatable: true },
  { keyword: 'creationdate', description: 'Pages created in or around the date.', syntax: DATE, example: 'creationdate:2020', help: '', negatable: true },
  { keyword: 'pageid', description: 'Pages with the page ids.', syntax: 'page ids joined by `|`', example: 'pageid:1|2|3', help: '', negatable: true },
  { keyword: 'local', description: "Only this wiki's own pages (leaves out files of a shared repository such as Commons). No value; at the start of the query.", syntax: '', example: 'local: sunset', help: '', negatable: false, header: true },
  { keyword: 'articletopic', description: 'Articles the topic model puts in the topic (only on wikis with topic predictions).', syntax: 'a topic (`biography`, `music`, `physics`, `stem`, `africa`…); several joined by `|` (any of them)', example: 'articletopic:women', help: '#Articletopic', negatable: true },
  { keyword: 'drafttopic', description: 'Drafts the topic model puts in the topic (only on wikis with topic predictions).', syntax: 'a topic, as for `articletopic`', example: 'drafttopic:physics', help: '#Articletopic', negatable: true },
];

const BY_NAME: ReadonlyMap<string, SearchKeyword> = new Map(SEARCH_KEYWORDS.flatMap((k) => [k.keyword, ...(k.aliases ?? [])].map((n) => [n, k] as const)));

/** The keyword of a name or alias (lower case: CirrusSearch matches keywords as written, in lower case). */
export function searchKeyword(name: string): SearchKeyword | undefined {
  return BY_NAME.get(name);
}

/** Every name a keyword is typed as: itself, then its aliases. */
export function keywordNames(k: SearchKeyword): string[] {
  return [k.keyword, ...(k.aliases ?? [])];
}
