/**
 * The `wikiq` command line against a local server whose routes a test sets: `cli` runs `main` in
 * this process (stdout and stderr as strings), `spawnCli` runs `dist/cli.js` as a real process
 * (the bytes it writes). Routes are the first path segment (`/paged/api.php` → `paged`).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { main, type Io } from '../../cli/src/cli';
import { json, serve, type FaultServer } from './faultServer';

export type Route = (req: http.IncomingMessage, res: http.ServerResponse, q: URLSearchParams) => void;

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

export interface Spawned {
  child: ReturnType<typeof spawn>;
  /** Everything written so far, as bytes. */
  out: Buffer[];
  err: Buffer[];
  exited: Promise<number | string | null>;
}

export interface CliHarness {
  base: string;
  dir: string;
  routes: Map<string, Route>;
  /** Every URL the server was asked for, in order. */
  hits: string[];
  cli(args: string[], io?: Partial<Io>): Promise<CliResult>;
  spawnCli(args: string[]): Spawned;
  /** Writes `body` to `name` in the test folder; returns `name`. */
  write(name: string, body: string | Buffer): string;
  /** A `.wikiq` file's text: `@endpoint` on `route`, one request `R`. */
  req(route: string, body?: string): string;
  close(): Promise<void>;
}

export async function cliHarness(): Promise<CliHarness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-cli-'));
  const routes = new Map<string, Route>();
  const hits: string[] = [];
  const srv: FaultServer = await serve((req, res) => {
    hits.push(req.url!);
    const u = new URL(req.url!, 'http://x');
    const h = routes.get(u.pathname.split('/')[1]);
    if (h) h(req, res, u.searchParams);
    else json(res, { error: { code: 'nope', info: 'no route' } }, 404);
  });
  return {
    base: srv.url, dir, routes, hits,
    async cli(args, io = {}) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s), tty: false, cwd: dir, ...io });
      return { code, out: out.join('\n'), err: err.join('\n') };
    },
    spawnCli(args) {
      const child = spawn(process.execPath, [path.join(__dirname, '..', '..', '..', 'dist', 'cli.js'), ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      const p: Spawned = { child, out: [], err: [], exited: new Promise((r) => child.on('exit', (code, sig) => r(code ?? sig))) };
      child.stdout.on('data', (c: Buffer) => p.out.push(c));
      child.stderr.on('data', (c: Buffer) => p.err.push(c));
      return p;
    },
    write(name, body) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), body);
      return name;
    },
    req: (route, body = 'action = query\nlist = allimages') => `@endpoint = ${srv.url}/${route}/api.php\n### R\n${body}\n`,
    close: () => srv.close(),
  };
}
