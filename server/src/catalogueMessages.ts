/**
 * A catalogue that cannot be loaded is shown to the user once per endpoint with
 * `window/showMessage` (every LSP client shows it), naming the endpoint and the reason; a later
 * success lets a new failure be shown again.
 */
import { Connection, MessageType, ShowMessageNotification } from 'vscode-languageserver/node';
import type { CatalogueStatus } from '../../common/protocol';

export function catalogueFailureMessages(connection: Connection): (status: CatalogueStatus) => void {
  const shown = new Set<string>();
  return (status) => {
    if (!status.endpoint || status.loading) return;
    if (!status.error) {
      shown.delete(status.endpoint);
      return;
    }
    if (shown.has(status.endpoint)) return;
    shown.add(status.endpoint);
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `wikiq: ${status.error}` });
  };
}
