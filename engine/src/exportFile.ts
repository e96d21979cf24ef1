/**
 * Files written atomically (temp file + rename), whole (`writeAtomic`) or as their text arrives
 * (`StreamFileWriter`, `NdjsonFileWriter`): exports, the command line's output, the catalogue cache.
 * Node only: the web bundles take `exportFile.web.ts` instead (the browser writes through the editor).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';

function tempName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes a file atomically: a temp file beside it (flushed to disk), then a rename over the target. */
export function writeAtomic(file: string, content: string | Buffer): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = tempName(file);
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeFileSync(fd, content);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    try {
      fs.unlinkSync(tmp);
    } catch {
      // not written
    }
    throw e;
  }
}

/** Resolves once `stream` has handed its buffered writes on (at once unless it asked for a drain), or has failed or closed. */
export function streamDrained(stream: NodeJS.WritableStream & { writableNeedDrain?: boolean; destroyed?: boolean }): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}

/**
 * A file written as its text arrives (memory stays flat), atomically: the text goes to a temp file
 * beside the target; `commit` renames it into place, `abort` removes it.
 */
export class StreamFileWriter {
  private readonly tmp: string;
  private readonly stream: fs.WriteStream;
  private error?: Error;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.tmp = tempName(file);
    this.stream = fs.createWriteStream(this.tmp);
    this.stream.on('error', (e) => (this.error ??= e));
  }

  writeText(text: string): void {
    this.stream.write(text);
  }

  /** Resolves once the text written so far is handed to the file (the RunSession's `backpressure`). */
  drained(): Promise<void> {
    return this.error ? Promise.resolve() : streamDrained(this.stream);
  }

  /** Finishes the file and renames it into place; returns the path written. */
  async commit(): Promise<string> {
    await new Promise<void>((resolve, reject) => this.stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (this.error) throw this.error;
    fs.renameSync(this.tmp, this.file);
    return this.file;
  }

  async abort(): Promise<void> {
    await new Promise<void>((resolve) => this.stream.end(() => resolve()));
    try {
      fs.unlinkSync(this.tmp);
    } catch {
      // already gone
    }
  }
}

/** An NDJSON file written record by record (a StreamFileWriter). */
export class NdjsonFileWriter extends StreamFileWriter {
  count = 0;

  /** Writes one record (a RecordSink: `(list, record) => writer.write(record)`). */
  write(record: unknown): void {
    this.count++;
    this.writeText(JSON.stringify(record) + '\n');
  }
}
