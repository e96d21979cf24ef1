/** The product's identity on the wire. The version is package.json's, the one place it is written. */
import { version } from '../package.json';

export const VERSION: string = version;
export const REPOSITORY_URL = 'https://github.com/wikiq/wikiq';
