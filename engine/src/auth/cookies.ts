/** The session cookies of one endpoint, in memory only: names and values, nothing else kept. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the `Set-Cookie` headers of an answer; an expired or emptied cookie is removed. */
  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v = ''] = a.split('=');
        const key = k.trim().toLowerCase();
        if (key === 'max-age') return Number(v) <= 0;
        if (key === 'expires') return Date.parse(v.trim()) <= Date.now();
        return false;
      });
      if (expired || value === '' || value === 'deleted') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The `Cookie` header value, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The cookies' values (to keep them out of what is shown: a wiki's debug log names its session ids). */
  values(): string[] {
    return [...this.cookies.values()];
  }

  clear(): void {
    this.cookies.clear();
  }
}
