/** Small shared vocabulary of the `.wikiq` language, written once. */
/** A variable's name (`@name = …`, `{{name}}`). */
export declare const VARIABLE_NAME: RegExp;
/**
 * Words that read as "false" (case-insensitive). MediaWiki's booleans are true whenever present,
 * whatever the value, so: written literally after a boolean (`redirects = false`) they get a
 * warning; a boolean whose *variable* expands to one of them, or to nothing, is left out of the
 * request by the engine (`isSwitchedOff`), so an environment can switch a flag off.
 * The empty value is not in the set: `redirects =` written literally is a plain "present".
 */
export declare const FALSE_WORDS: ReadonlySet<string>;
export declare const isFalseWord: (value: string) => boolean;
/** A boolean's value, expanded from variables, that switches it off: a false word or nothing. */
export declare const isSwitchedOff: (expanded: string) => boolean;
