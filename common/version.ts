/** The product's identity on the wire. The version is package.json's, the one place it is written. */
import { version } from '../package.json';

export const VERSION: string = version;
export const REPOSITORY_URL = 'https://github.com/wikiq/wikiq';

/**
 * `wikiq/<version> (<repository URL>) [component ]undici/<v> node/<v>`: the descriptive User-Agent
 * wikis ask for. engine/src/http.ts fills in the running versions; `wikiq --help` shows it with `…`.
 */
export function userAgentOf(component: string | undefined, undiciVersion: string, nodeVersion: string): string {
  return `wikiq/${VERSION} (${REPOSITORY_URL})${component ? ` ${component}` : ''} undici/${undiciVersion} node/${nodeVersion}`;
}

/**
 * `wikiq/<version> (<repository URL>) [component ]fetch`: the same identity from the fetch client
 * (engine/src/httpFetch.ts, the browser), sent as `Api-User-Agent` since a page cannot set User-Agent.
 */
export function fetchUserAgentOf(component: string | undefined): string {
  return `wikiq/${VERSION} (${REPOSITORY_URL})${component ? ` ${component}` : ''} fetch`;
}
