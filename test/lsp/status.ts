/** Waiting for the server's catalogue status notifications (an event, never a sleep). */
import type { LspClient } from './lspClient';

export interface Status { endpoint?: string; source: string; loading?: boolean; error?: string; mwVersion?: string; fetchedAt?: string }

/** Resolves with the first settled (not loading) catalogue status for `endpoint`. */
export function settled(client: LspClient, endpoint: string): Promise<Status> {
  return new Promise((resolve) => {
    const find = () => client.notifications.filter((n) => n.method === 'wikiq/catalogueStatus').map((n) => n.params as Status).find((p) => p.endpoint === endpoint && !p.loading);
    const hit = find();
    if (hit) return resolve(hit);
    const d = client.onNotification(() => {
      const s = find();
      if (s) {
        d.dispose();
        resolve(s);
      }
    });
  });
}
