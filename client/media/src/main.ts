/**
 * The results view's script (runs in the webview; bundled by esbuild to dist/media/results.js).
 * See ./app for what it shows and how it keeps wiki content inert.
 */
import { start } from './app';

start();
