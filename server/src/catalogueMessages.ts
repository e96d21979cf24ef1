/**
 * A catalogue that cannot be loaded is shown to the user with `window/showMessage` (every LSP
 * client shows it), naming the endpoint and the reason: once per endpoint and reason, so a refresh
 * that fails the same way says nothing new. When a later load of that endpoint succeeds (after
 * signing in, say), a second message says so: LSP has no way to take a message back, and a warning
 * left standing would say the wiki still cannot be read.
 */
import { MessageType, ShowMessageNotification, type ShowMessageParams } from 'vscode-languageserver/node';
import type { CatalogueStatus } from '../../common/protocol';

/** The part of the server's connection this needs. */
export interface MessageSink {
  sendNotification(type: typeof ShowMessageNotification.type, params: ShowMessageParams): Promise<void>;
}

export function catalogueFailureMessages(connection: MessageSink): (status: CatalogueStatus) => void {
  /** The failure last shown for each endpoint, until a load of it succeeds. */
  const shown = new Map<string, string>();
  const show = (type: MessageType, message: string) => void connection.sendNotification(ShowMessageNotification.type, { type, message });
  return (status) => {
    const endpoint = status.endpoint;
    if (!endpoint || status.loading) return;
    if (status.error) {
      if (shown.get(endpoint) === status.error) return;
      shown.set(endpoint, status.error);
      show(MessageType.Warning, `wikiq: ${status.error}`);
      return;
    }
    if (!shown.delete(endpoint)) return;
    show(MessageType.Info, `wikiq: the catalogue of ${endpoint} is loaded now${status.user ? ` (signed in as ${status.user})` : ''}; the earlier failure no longer applies.`);
  };
}
