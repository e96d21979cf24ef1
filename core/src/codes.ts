/**
 * The table of diagnostics the language core reports. Each has a stable string code (shown to
 * users, used by code actions and tests: never rename one), a default severity and a message
 * builder. Syntax errors keep the parser's own codes (`syntax-…`, see parser/errors.ts).
 *
 * Severities follow what the MediaWiki API itself does with such a request: a fatal API error is
 * an Error, a request the API runs while warning (or silently dropping something) is a Warning,
 * and what the catalogue cannot tell for sure is Information.
 */
import { DiagnosticSeverity } from 'vscode-languageserver-types';

export const SOURCE = 'wikiq';

export enum Code {
  /** No `action`: the API answers with its help page (action defaults to help). */
  MissingAction = 'missing-action',
  /** `action` names no module the catalogue knows. */
  UnknownAction = 'unknown-action',
  /** `list`/`prop`/`meta`/`generator`/`format`… (or a paraminfo `modules` path) names no known module: dropped with a warning, except a generator, which fails the request. */
  UnknownModule = 'unknown-module',
  /** `generator` names a module that cannot be used as a generator. */
  NotAGenerator = 'not-a-generator',
  /** A parameter no selected module has: the API ignores it ("Unrecognized parameter"). */
  UnknownParameter = 'unknown-parameter',
  /** A `g`-prefixed generator parameter without `generator` in the request. */
  MissingGenerator = 'missing-generator',
  /** A parameter the module marks `required` is absent. */
  MissingRequired = 'missing-required',
  /** A value outside the parameter's enumeration (or an unknown namespace). */
  UnknownValue = 'unknown-value',
  DeprecatedModule = 'deprecated-module',
  DeprecatedParameter = 'deprecated-parameter',
  DeprecatedValue = 'deprecated-value',
  /** More values than the parameter's `limit` (lowlimit, 50 normally). */
  TooManyValues = 'too-many-values',
  /** A repeated value of a multi parameter without `allowsduplicates`: the API drops the repeat. */
  DuplicateValue = 'duplicate-value',
  /** The allspecifier (`*`) only means "all" alone. */
  AllSpecifierMixed = 'allspecifier-mixed',
  /** An empty value in a `|`-separated list where an empty value means nothing. */
  EmptyValue = 'empty-value',
  /** Several `|`-separated values for a parameter that takes one. */
  NotMulti = 'not-multi',
  NotAnInteger = 'not-an-integer',
  /** An integer outside a parameter's min/max: the API clamps it with a warning. */
  IntegerOutOfRange = 'integer-out-of-range',
  LimitBelowMin = 'limit-below-min',
  /** A limit above `max`: the API clamps it (to `highmax` with elevated rights). */
  LimitAboveMax = 'limit-above-max',
  /** A timestamp in no format the API's timestamp parser accepts. */
  InvalidTimestamp = 'invalid-timestamp',
  /** An empty or `0` timestamp: accepted as "now", with a warning. */
  UnclearNowTimestamp = 'unclear-now-timestamp',
  /** A well-formed timestamp naming an impossible date or time (month 13, 25:00): PHP rolls it over. */
  TimestampRollsOver = 'timestamp-rolls-over',
  /** `name = false`: booleans are true whenever present. */
  BooleanFalse = 'boolean-false',
  /** The same parameter written twice: only the last one reaches the API. */
  DuplicateParameter = 'duplicate-parameter',
  UndefinedVariable = 'undefined-variable',
  CyclicVariable = 'cyclic-variable',
  /** A variable whose value, expanded, is past a bound (1 MB, or variables nested 64 deep): not expanded. */
  VariableTooLarge = 'variable-too-large',
  /** A parameter the catalogue notes `useronly`, without the module's `user`. */
  RequiresUser = 'requires-user',
  /** A parameter the catalogue notes `nonuseronly`, together with the module's `user`. */
  ExcludesUser = 'excludes-user',
  /** Parameters whose `modes` notes share no mode, used together. */
  ModeConflict = 'mode-conflict',
  /** `action=upload`: it sends a file body, which wikiq does not send (other writes are previewed, then saved: #39). */
  WriteAction = 'write-action',
  /** A write (its module writes or must be POSTed) to a wiki with no credentials set: never sent. */
  WriteWithoutCredentials = 'write-without-credentials',
  /** A token (`token`, a parameter with a `tokentype`, a name ending in `token`) written in the file: wikiq fetches it. */
  TokenInFile = 'token-in-file',
  /** `action=edit` without `summary`. */
  MissingSummary = 'missing-summary',
  /** An edit's `bot` flag where the signed-in account lacks the `bot` right: the wiki ignores it. */
  BotWithoutRight = 'bot-without-right',
  /** More diagnostics than a document shows (1,000): the last one says how many were left out. */
  TooManyDiagnostics = 'too-many-diagnostics',
  /** A parameter whose absence makes the API answer in a deprecated (legacy) format, with a warning (`rvslots`, expandtemplates' `prop`). */
  LegacyFormat = 'legacy-format',
  /** A password or a Bearer token written in the file: credentials live in SecretStorage or the CLI's environment. */
  CredentialsInFile = 'credentials-in-file',
  /** A `??` assertion line that cannot be read (an unknown subject or operator, a missing value, a pattern the linear-time engine cannot run). */
  InvalidAssertion = 'invalid-assertion',
  /** A value read from a file (`name = < ./page.wiki`) whose file does not exist (checked where the host can look: `wikiq check`, the editor). */
  MissingFile = 'missing-file',
  // Content diagnostics (contentDiagnostics.ts): what the wiki says of a value, never an error or a warning.
  /** A title (`titles`) naming a page that does not exist. */
  MissingPage = 'missing-page',
  /** A category (`cmtitle`, `clcategories`) with no members (pages, files, subcategories), its page there or not. */
  EmptyCategory = 'empty-category',
  /** A user name that is not registered on the wiki. */
  UnregisteredUser = 'unregistered-user',
  /** A name the wiki reads as another (`main_page` → `Main page`). */
  NormalisedName = 'normalised-name',
  /** A redirect where the parameter does not follow it (`titles` without `redirects`, a category redirect for `cmtitle`). */
  UnfollowedRedirect = 'unfollowed-redirect',
}

/** The codes of content diagnostics: from what the wiki says (contentDiagnostics.ts), not from validation. */
export const CONTENT_CODES: readonly Code[] = [Code.MissingPage, Code.EmptyCategory, Code.UnregisteredUser, Code.NormalisedName, Code.UnfollowedRedirect];

export interface CodeInfo {
  severity: DiagnosticSeverity;
  /** One line for documentation (README, hover on the code). */
  summary: string;
  /**
   * Its message names a line of the document (so it changes when the request moves):
   * validationCache.ts reuses such a diagnostic on the same line only.
   */
  namesLine?: true;
}

export const codeTable: Record<Code, CodeInfo> = {
  [Code.MissingAction]: { severity: DiagnosticSeverity.Warning, summary: 'No action: the API shows its help page.' },
  [Code.UnknownAction]: { severity: DiagnosticSeverity.Error, summary: 'Unknown action (a Warning when the catalogue is not the wiki\'s full list, like the bundled one).' },
  [Code.UnknownModule]: { severity: DiagnosticSeverity.Warning, summary: 'Unknown list/prop/meta/format module: the API drops it and runs the rest. An unknown generator fails the request: an Error against the wiki\'s full list.' },
  [Code.NotAGenerator]: { severity: DiagnosticSeverity.Error, summary: 'Module that cannot be used as a generator.' },
  [Code.UnknownParameter]: { severity: DiagnosticSeverity.Warning, summary: 'Parameter of no selected module: the API ignores it with "Unrecognized parameter".' },
  [Code.MissingGenerator]: { severity: DiagnosticSeverity.Warning, summary: 'Generator parameter without generator.' },
  [Code.MissingRequired]: { severity: DiagnosticSeverity.Error, summary: 'A required parameter is missing.' },
  [Code.UnknownValue]: { severity: DiagnosticSeverity.Error, summary: 'Value not allowed (Warning for multi-value parameters: the API drops it).' },
  [Code.DeprecatedModule]: { severity: DiagnosticSeverity.Warning, summary: 'Deprecated module.' },
  [Code.DeprecatedParameter]: { severity: DiagnosticSeverity.Warning, summary: 'Deprecated parameter.' },
  [Code.DeprecatedValue]: { severity: DiagnosticSeverity.Warning, summary: 'Deprecated value.' },
  [Code.TooManyValues]: { severity: DiagnosticSeverity.Warning, summary: 'More values than the API takes in one request: the runner sends a list in batches (an error for module names and enumerations, which it cannot split).' },
  [Code.DuplicateValue]: { severity: DiagnosticSeverity.Hint, summary: 'Repeated value: the API drops repeats (shown as unnecessary).' },
  [Code.AllSpecifierMixed]: { severity: DiagnosticSeverity.Warning, summary: 'The all-values specifier mixed with other values.' },
  [Code.EmptyValue]: { severity: DiagnosticSeverity.Warning, summary: 'Empty value in a list.' },
  [Code.NotMulti]: { severity: DiagnosticSeverity.Error, summary: 'Several values for a single-value parameter (Warning for text: the pipe is sent as part of it).' },
  [Code.NotAnInteger]: { severity: DiagnosticSeverity.Error, summary: 'Not an integer.' },
  [Code.IntegerOutOfRange]: { severity: DiagnosticSeverity.Warning, summary: 'Integer outside min/max: the API clamps it.' },
  [Code.LimitBelowMin]: { severity: DiagnosticSeverity.Error, summary: 'Limit below its minimum.' },
  [Code.LimitAboveMax]: { severity: DiagnosticSeverity.Warning, summary: 'Limit above its maximum: the API clamps it.' },
  [Code.InvalidTimestamp]: { severity: DiagnosticSeverity.Error, summary: 'Timestamp the API cannot read.' },
  [Code.UnclearNowTimestamp]: { severity: DiagnosticSeverity.Warning, summary: 'Empty or 0 timestamp: read as now.' },
  [Code.TimestampRollsOver]: { severity: DiagnosticSeverity.Warning, summary: 'Impossible date or time: rolled over.' },
  [Code.BooleanFalse]: { severity: DiagnosticSeverity.Warning, summary: 'A boolean written false is still true.' },
  [Code.DuplicateParameter]: { severity: DiagnosticSeverity.Warning, summary: 'Parameter given twice: only the last counts.', namesLine: true },
  [Code.UndefinedVariable]: { severity: DiagnosticSeverity.Error, summary: 'Undefined variable.' },
  [Code.CyclicVariable]: { severity: DiagnosticSeverity.Error, summary: 'Variable that refers to itself.' },
  [Code.VariableTooLarge]: { severity: DiagnosticSeverity.Error, summary: 'Variable too large to expand (over 1 MB, or nested over 64 deep): not checked, not sent.' },
  [Code.RequiresUser]: { severity: DiagnosticSeverity.Error, summary: 'Parameter only valid together with the module\'s user parameter.' },
  [Code.ExcludesUser]: { severity: DiagnosticSeverity.Error, summary: 'Parameter not valid together with the module\'s user parameter.' },
  [Code.ModeConflict]: { severity: DiagnosticSeverity.Error, summary: 'Parameters of different modes used together.' },
  [Code.WriteAction]: { severity: DiagnosticSeverity.Error, summary: '`action=upload`: not runnable (it sends a file, which wikiq does not; other writes are previewed, then saved on confirmation).' },
  [Code.WriteWithoutCredentials]: { severity: DiagnosticSeverity.Error, summary: 'A write (its module writes or must be POSTed) to a wiki with no credentials set: wikiq refuses it before sending anything.' },
  [Code.TokenInFile]: { severity: DiagnosticSeverity.Warning, summary: 'A token written in the file (`token`, any parameter the catalogue gives a token type, a name ending in `token`): wikiq fetches it itself; a quick fix removes the line.' },
  [Code.MissingSummary]: { severity: DiagnosticSeverity.Warning, summary: 'An edit without `summary` (not for an undo, or a new section with its title, which MediaWiki sums up).' },
  [Code.BotWithoutRight]: { severity: DiagnosticSeverity.Information, summary: '`bot` where the signed-in account (its bot password\'s grants included) lacks the `bot` right: the wiki ignores the flag.' },
  [Code.TooManyDiagnostics]: { severity: DiagnosticSeverity.Information, summary: 'More than 1,000 diagnostics: the rest are counted, not shown.' },
  [Code.LegacyFormat]: { severity: DiagnosticSeverity.Warning, summary: 'A parameter left out (rvslots, expandtemplates\' prop): the API answers in a deprecated legacy format, with a warning.' },
  [Code.CredentialsInFile]: { severity: DiagnosticSeverity.Error, summary: 'A password or Bearer token in the file: credentials go in VS Code\'s SecretStorage or the CLI\'s environment.' },
  [Code.InvalidAssertion]: { severity: DiagnosticSeverity.Error, summary: 'A `??` assertion that cannot be read (subject, operator, value, or a pattern the linear-time engine cannot run): `wikiq test` refuses the file.' },
  [Code.MissingFile]: { severity: DiagnosticSeverity.Error, summary: 'A value read from a file (`text = < ./page.wiki`, relative to the `.wikiq` file) whose file does not exist: the request cannot be sent.' },
  [Code.MissingPage]: { severity: DiagnosticSeverity.Hint, summary: 'Content: a page named in `titles` does not exist on the wiki (asking whether it does is a legitimate query).' },
  [Code.EmptyCategory]: { severity: DiagnosticSeverity.Information, summary: 'Content: a category with no members (pages, files, subcategories), whether or not its page exists: the request finds nothing in it.' },
  [Code.UnregisteredUser]: { severity: DiagnosticSeverity.Information, summary: 'Content: a user name not registered on the wiki: the request finds nothing by it.' },
  [Code.NormalisedName]: { severity: DiagnosticSeverity.Hint, summary: 'Content: a name the wiki reads as another (main_page as Main page); a quick fix writes the wiki\'s form.' },
  [Code.UnfollowedRedirect]: { severity: DiagnosticSeverity.Information, summary: 'Content: a redirect where the parameter does not follow it (`titles` without `redirects`, a category redirect for `cmtitle`); a quick fix writes its target.' },
};

const q = (s: string) => `'${s}'`;
const list = (xs: string[]) => (xs.length <= 1 ? xs.map(q).join('') : `${xs.slice(0, -1).map(q).join(', ')} or ${q(xs[xs.length - 1])}`);
const didYouMean = (xs: string[] | undefined) => (xs && xs.length ? ` Did you mean ${list(xs)}?` : '');

/** Message builders, one per code. Arguments are plain strings and numbers (no markup). */
export const messages = {
  [Code.MissingAction]: () =>
    `This request has no 'action': the API then uses action=help and answers with its help page. Add 'action = query' (or another action).`,
  [Code.UnknownAction]: (value: string, exhaustive: boolean, source: string, suggestions?: string[]) =>
    exhaustive
      ? `Unknown action ${q(value)}: the request fails ("Unrecognized value for parameter 'action'").${didYouMean(suggestions)}`
      : `The ${source} does not know the action ${q(value)}; the wiki may have it (it is not checked).${didYouMean(suggestions)}`,
  [Code.UnknownModule]: (value: string, via: string, exhaustive: boolean, source: string, suggestions?: string[], fatal = false) =>
    exhaustive
      ? fatal
        ? `Unknown module ${q(value)} for ${q(via)}: the request fails ("Unknown "${via}=${value}"").${didYouMean(suggestions)}`
        : `Unknown module ${q(value)} for ${q(via)}: the API drops it with the warning "Unrecognized value for parameter '${via}'" and runs the rest of the request.${didYouMean(suggestions)}`
      : `The ${source} does not know the module ${q(value)} for ${q(via)}; the wiki may have it (its parameters are not checked)${fatal ? '; if it does not, the request fails' : ''}.${didYouMean(suggestions)}`,
  [Code.NotAGenerator]: (module: string, via: string) =>
    `The module ${q(module)} cannot be used as a generator: the API rejects ${q(via + '=' + module)}.`,
  [Code.UnknownParameter]: (name: string, suggestions?: string[], belongsTo?: string) =>
    `${q(name)} belongs to no module this request selects: the API ignores it with the warning "Unrecognized parameter: ${name}".` +
    (belongsTo ? ` It is a parameter of ${belongsTo}, which the request does not select.` : '') + didYouMean(suggestions),
  [Code.MissingGenerator]: (name: string, module: string, current?: string) =>
    current
      ? `${q(name)} is a parameter of ${q(module)} used as a generator, but the generator is ${q(current)}: the API ignores it.`
      : `${q(name)} is a parameter of ${q(module)} used as a generator, but the request has no 'generator': add 'generator = ${module}'.`,
  [Code.MissingRequired]: (name: string, module: string) => `${module} requires the parameter ${q(name)}.`,
  [Code.UnknownValue]: (value: string, name: string, multi: boolean, suggestions?: string[]) =>
    (multi
      ? `${q(value)} is not a value of ${q(name)}: the API drops it with the warning "Unrecognized value for parameter '${name}'".`
      : `${q(value)} is not a value of ${q(name)}: the API rejects the request ("Unrecognized value for parameter '${name}'").`) + didYouMean(suggestions),
  [Code.DeprecatedModule]: (module: string) => `The module ${q(module)} is deprecated.`,
  [Code.DeprecatedParameter]: (name: string) => `The parameter ${q(name)} is deprecated.`,
  [Code.DeprecatedValue]: (value: string, name: string) => `The value ${q(value)} of ${q(name)} is deprecated.`,
  [Code.TooManyValues]: (name: string, count: number, limit: number, highlimit?: number, batched = false) => {
    const most = `${q(name)} has ${count} values; the API takes at most ${limit} in one request${highlimit && highlimit > limit ? ` (${highlimit} with apihighlimits)` : ''}`;
    const api = `rejects more ("toomanyvalues"; MediaWiki before 1.35 keeps the first ${limit} and warns)`;
    return batched
      ? `${most}. wikiq's runner sends them in ${Math.ceil(count / limit)} requests of at most ${limit} and merges the results; sent at once (a copied URL, another tool), the API ${api}.`
      : `${most} and ${api}.`;
  },
  [Code.DuplicateValue]: (value: string, name: string, repeats = 1) => repeats > 1
    ? `${q(value)} is given ${repeats + 1} times for ${q(name)}: the API drops the ${repeats} repeats.`
    : `${q(value)} is already given for ${q(name)}: the API drops the repeat.`,
  [Code.AllSpecifierMixed]: (all: string, name: string) =>
    `${q(all)} means all values of ${q(name)} only when it is the only value; next to other values the API drops it as an unrecognized value.`,
  [Code.EmptyValue]: (name: string) => `Empty value in the list of ${q(name)} (a stray '|'?); it means nothing here.`,
  [Code.NotMulti]: (name: string, typed: boolean) =>
    typed
      ? `${q(name)} takes a single value: with '|' the whole text is read as one value, which is not valid.`
      : `${q(name)} takes a single value: the '|' is sent as part of it (write '\\|' if that is meant).`,
  [Code.NotAnInteger]: (value: string, name: string) => `${q(value)} is not an integer: the API rejects the request ("Invalid value for parameter '${name}'").`,
  [Code.IntegerOutOfRange]: (value: string, name: string, min: number | undefined, max: number | undefined, clampTo: number) =>
    `${q(value)} is outside the range of ${q(name)} (${min ?? '−∞'} … ${max ?? '∞'}): the API uses ${clampTo} instead, with a warning.`,
  [Code.LimitBelowMin]: (value: string, name: string, min: number) =>
    `${q(name)} must be at least ${min}; ${q(value)} is too small (the API replaces it with ${min}, with a warning).`,
  [Code.LimitAboveMax]: (value: string, name: string, max: number, highmax?: number) =>
    `${q(value)} is more than the maximum ${max} of ${q(name)}: the API clamps it to ${max}, with a warning` +
    (highmax && highmax > max ? ` (accounts with the apihighlimits right may ask for up to ${highmax})` : '') +
    `. Write 'max' to ask for the most allowed.`,
  [Code.InvalidTimestamp]: (value: string, name: string) =>
    `${q(value)} is not a timestamp the API accepts for ${q(name)} ("Invalid value for timestamp parameter"). Use ISO 8601 (2024-01-31T12:00:00Z), 14 digits (20240131120000), Unix seconds, or 'now'.`,
  [Code.UnclearNowTimestamp]: (value: string, name: string) =>
    `${value === '' ? 'An empty value' : q(value)} for ${q(name)} is read as the current time, with a warning; write 'now' if that is meant.`,
  [Code.TimestampRollsOver]: (value: string, name: string) =>
    `${q(value)} for ${q(name)} names an impossible date or time; PHP rolls it over to a different moment without an error.`,
  [Code.BooleanFalse]: (name: string, value: string) =>
    `${q(name)} is a boolean: any presence means true in this API, so '${name} = ${value}' is true. Remove it to mean false.`,
  [Code.DuplicateParameter]: (name: string, line: number) => `${q(name)} is given again on line ${line}: only the last one reaches the API.`,
  [Code.UndefinedVariable]: (name: string) => `The variable ${q(name)} is not defined (define it with '@${name} = value', or in the environment).`,
  [Code.CyclicVariable]: (name: string) => `The variable ${q(name)} refers to itself (directly or through other variables) and cannot be expanded.`,
  [Code.VariableTooLarge]: (name: string, reason: 'size' | 'depth', limit: number) =>
    `${name ? `The variable ${q(name)}` : 'This value'} ${reason === 'size' ? `expands to more than ${limit.toLocaleString('en')} characters (1 MB)` : `uses variables nested more than ${limit} deep`}: it is not expanded, and what uses it is neither checked nor sent.`,
  [Code.RequiresUser]: (name: string, user: string) => `${q(name)} can only be used together with ${q(user)}: the API rejects it otherwise.`,
  [Code.ExcludesUser]: (name: string, user: string) => `${q(name)} cannot be used together with ${q(user)}: the API rejects the combination.`,
  [Code.ModeConflict]: (name: string, modes: readonly string[], other: string, otherModes: readonly string[]) =>
    `${q(name)} (mode${modes.length > 1 ? 's' : ''} ${modes.join(', ')}) cannot be used together with ${q(other)} (mode${otherModes.length > 1 ? 's' : ''} ${otherModes.join(', ')}).`,
  [Code.WriteAction]: (action: string) =>
    `action=${action} sends a file as the request's body, which wikiq does not send (uploads are another feature): this request cannot be run.`,
  [Code.WriteWithoutCredentials]: (action: string, endpoint: string) =>
    `action=${action} writes to the wiki, and no credentials are set for ${endpoint}: wikiq never sends a write anonymously, so it refuses this one before sending anything. Sign in with "wikiq: Sign in to wiki…", or for the CLI set WIKIQ_USER and WIKIQ_PASSWORD (a bot password) or WIKIQ_TOKEN.`,
  [Code.TokenInFile]: (name: string) =>
    `${q(name)} is a token: wikiq fetches the token a write needs itself (once per session and wiki) and never sends one written in the file. Remove this line.`,
  [Code.MissingSummary]: () =>
    `This edit has no 'summary': it is saved with an empty one (or MediaWiki's automatic summary), and the page's history will not say why. Add 'summary = …'.`,
  [Code.BotWithoutRight]: () =>
    `The signed-in account does not have the 'bot' right (as its session says it: a bot password's grants included): the wiki ignores 'bot', and the edit is not marked as a bot edit.`,
  [Code.TooManyDiagnostics]: (more: number, shown: number) => `${more.toLocaleString('en')} more diagnostics are not shown (at most ${shown.toLocaleString('en')} per document): fix these first.`,
  [Code.LegacyFormat]: (name: string, module: string, fix: string) =>
    `Without ${q(name)}, ${module} answers in a legacy format that MediaWiki has deprecated, and says so in a warning ("Because ${name} was not specified, a legacy format has been used"). Add '${name} = ${fix}'.`,
  [Code.InvalidAssertion]: (why: string) => `Malformed assertion: ${why}`,
  [Code.MissingFile]: (written: string, name: string) => `The file ${q(written)} does not exist (relative to this .wikiq file): ${q(name)} is read from it, so the request cannot be sent.`,
  [Code.MissingPage]: (title: string, param: string) => `The page ${q(title)} does not exist on this wiki: ${q(param)} gets it back marked missing, with nothing of it.`,
  [Code.EmptyCategory]: (category: string, param: string) =>
    `${q(category)} has no members on this wiki (no pages, files or subcategories): ${q(param)} finds nothing in it.`,
  [Code.UnregisteredUser]: (user: string, param: string) => `No user ${q(user)} is registered on this wiki: ${q(param)} finds nothing by that name.`,
  [Code.NormalisedName]: (name: string, normal: string) => `The wiki reads ${q(name)} as ${q(normal)}, and answers with that name.`,
  [Code.UnfollowedRedirect]: (name: string, target: string, param: string, redirectsParam?: string) =>
    redirectsParam
      ? `${q(name)} is a redirect to ${q(target)}: without ${q(redirectsParam)} the API answers about the redirect page itself, not ${q(target)}.`
      : `${q(name)} is a redirect to ${q(target)}: ${q(param)} does not follow redirects, so the request reads the redirect page (which holds nothing), not ${q(target)}.`,
  [Code.CredentialsInFile]: (what: string) =>
    `${what}: credentials do not belong in a .wikiq file (it is shared and committed). Sign in with "wikiq: Sign in to wiki…" (kept in VS Code's SecretStorage), or for the CLI set WIKIQ_USER and WIKIQ_PASSWORD (a bot password) or WIKIQ_TOKEN (an OAuth access token), or use a credentials file.`,
};

/** Whether a diagnostic's message names a line of the document (`namesLine` in the table; syntax errors never do). */
export function namesLine(code: string | number | undefined): boolean {
  return typeof code === 'string' && (codeTable as Partial<Record<string, CodeInfo>>)[code]?.namesLine === true;
}

/** What a quick fix needs, carried in `Diagnostic.data`. */
export interface DiagnosticData {
  /** Replacements for the diagnostic's range ("did you mean"), best first. */
  suggestions?: string[];
  /** Add a selection: `param` (e.g. `list`) gets the module `value`. */
  select?: { param: string; value: string };
  /** A parameter to add (a line `param = value`). */
  add?: { param: string; value: string };
  /** For limits: the bounds to clamp to. */
  limit?: { min?: number; max?: number };
  /** For integers out of range: the value the API would use. */
  clampTo?: number;
}
