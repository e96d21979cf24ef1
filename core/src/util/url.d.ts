/**
 * The WHATWG URL class, a global of every runtime wikiq's core runs in (Node, browsers, web
 * workers). Declared here, to the extent the core uses it, because the core's tsconfig has no Node
 * or DOM types: that is what keeps I/O out of it.
 */
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly protocol: string;
  readonly hostname: string;
  readonly host: string;
  readonly origin: string;
  readonly pathname: string;
  search: string;
  hash: string;
  readonly username: string;
  readonly password: string;
  readonly href: string;
  readonly searchParams: Iterable<[string, string]> & { forEach(callback: (value: string, key: string) => void): void };
  toString(): string;
}
