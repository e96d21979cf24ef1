/** The product's identity on the wire. */
export const VERSION = '0.1.0';
export const REPOSITORY_URL = 'https://github.com/wikiq/wikiq';

/** The descriptive User-Agent wikis ask for (see the Wikimedia User-Agent policy). */
export function defaultUserAgent(component = 'wikiq'): string {
  return `wikiq/${VERSION} (${REPOSITORY_URL}) ${component} node/${process.versions.node}`;
}
