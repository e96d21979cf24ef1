/** A local HTTP server for faults a real wiki will not produce on demand: listens on 127.0.0.1, any free port. */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FaultServer {
  /** `http://127.0.0.1:<port>`: an origin of its own. */
  url: string;
  server: http.Server;
  close: () => Promise<void>;
}

export function serve(handler: Handler): Promise<FaultServer> {
  const server = http.createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resolve({
      url, server,
      close: () => {
        server.closeAllConnections();
        return new Promise((r) => server.close(() => r()));
      },
    });
  }));
}

export const json = (res: http.ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
