/** Waiting for the server's catalogue status notifications (an event, never a sleep). */
import type { LspClient } from './lspClient';

export interface Status { endpoint?: string; source: string; loading?: boolean; error?: string; mwVersion?: string; fetchedAt?: string }

/** Resolves with the first settled (not loading) catalogue status for `endpoint`. */
export async function settled(client: LspClient, endpoint: string): Promise<Status> {
  const m = await client.messageMatching((n) => n.method === 'wikiq/catalogueStatus' && (n.params as Status).endpoint === endpoint && !(n.params as Status).loading);
  return m.params as Status;
}
