/** Small shared vocabulary of the `.wikiq` language, written once. */

/** A variable's name (`@name = …`, `{{name}}`). */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Words that read as "false" (case-insensitive). MediaWiki's booleans are true whenever present,
 * whatever the value, so: written literally after a boolean (`redirects = false`) they get a
 * warning; a boolean whose *variable* expands to one of them, or to nothing, is left out of the
 * request by the engine (`isSwitchedOff`), so an environment can switch a flag off.
 * The empty value is not in the set: `redirects =` written literally is a plain "present".
 */
export const FALSE_WORDS: ReadonlySet<string> = new Set(['false', '0', 'no', 'off', 'n', 'f']);

export const isFalseWord = (value: string): boolean => FALSE_WORDS.has(value.toLowerCase());

/** A boolean's value, expanded from variables, that switches it off: a false word or nothing. */
export const isSwitchedOff = (expanded: string): boolean => expanded.trim() === '' || isFalseWord(expanded.trim());
