/**
 * `exportFile.ts` in the web bundles (scripts/webBuild.mjs): the browser has no file system of its
 * own. The web extension writes exports through the editor (`vscode.workspace.fs`,
 * client/src/platform.web.ts) and keeps catalogues in memory; nothing there calls these.
 */
import { WikiqError } from './errors';

const refuse = (): never => {
  throw new WikiqError('refused', 'Files are not written directly in the browser: the editor writes them.');
};

export function writeAtomic(_file: string, _content: string | Uint8Array): void {
  refuse();
}

export function streamDrained(_stream: unknown): Promise<void> {
  return Promise.resolve();
}

export class StreamFileWriter {
  constructor(readonly file: string) {
    refuse();
  }

  writeText(_text: string): void {
    refuse();
  }

  drained(): Promise<void> {
    return Promise.resolve();
  }

  commit(): Promise<string> {
    return Promise.reject(new WikiqError('refused', 'Files are not written directly in the browser.'));
  }

  abort(): Promise<void> {
    return Promise.resolve();
  }
}

export class NdjsonFileWriter extends StreamFileWriter {
  count = 0;

  write(_record: unknown): void {
    refuse();
  }
}
