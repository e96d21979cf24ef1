/**
 * The endpoint of a file changes as it is typed: `get(endpoint)` is called for `h`, `ht`, …,
 * `https://en.wikipedia.org/w/api.php`. A catalogue is fetched automatically only for an endpoint
 * that looks complete, and only once endpoints have stopped changing for a quiet while: one fetch
 * after the typing stops, not one per keystroke to half-typed hosts.
 */

/**
 * An http(s) URL with a host that is `localhost`, an IP address or a name with a dot and a
 * top-level label, no user name or password, no `{{variable}}`, and a path ending in `.php` (or
 * `/api`): what an `api.php` endpoint looks like once typed.
 */
export function isCompleteEndpoint(endpoint: string): boolean {
  if (endpoint.includes('{{')) return false;
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) return false;
  // The host as typed: `http://12` parses as 0.0.0.12, which nobody meant.
  if (!endpoint.toLowerCase().includes(u.hostname.toLowerCase())) return false;
  const host = u.hostname;
  const hostOk = host === 'localhost' || host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || /^([a-z0-9-]+\.)+[a-z][a-z0-9-]+$/i.test(host);
  return hostOk && /(\.php|\/api)$/.test(u.pathname);
}

/**
 * Calls `onQuiet(endpoint)` once no new endpoint has been asked for during `quietMs`, for the
 * newest endpoint asked for and any other asked for again since it appeared (another open file's);
 * the endpoints asked for before it (the keystrokes that led to it) are dropped.
 */
export class EndpointDebouncer {
  /** Endpoint → the number of the ask that last named it. */
  private readonly asked = new Map<string, number>();
  private asks = 0;
  private newest = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private quiet?: Promise<void>;
  private settle?: () => void;

  constructor(private readonly quietMs: number, private readonly onQuiet: (endpoint: string) => void) {}

  ask(endpoint: string): void {
    const n = ++this.asks;
    if (!this.asked.has(endpoint)) {
      this.newest = n;
      if (this.timer) clearTimeout(this.timer);
      this.quiet ??= new Promise<void>((resolve) => (this.settle = resolve));
      this.timer = setTimeout(() => this.fire(), this.quietMs);
      this.timer.unref?.();
    }
    this.asked.set(endpoint, n);
  }

  /** Resolves when the endpoints asked for so far have been handed on (or dropped); undefined when none wait. */
  whenQuiet(): Promise<void> | undefined {
    return this.quiet;
  }

  private fire(): void {
    const chosen = [...this.asked].filter(([, n]) => n >= this.newest).map(([endpoint]) => endpoint);
    this.asked.clear();
    this.timer = undefined;
    const settle = this.settle;
    this.quiet = undefined;
    this.settle = undefined;
    for (const endpoint of chosen) this.onQuiet(endpoint);
    settle?.();
  }
}
