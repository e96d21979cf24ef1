/**
 * What the server does differently per client, read once from `initialize`: only what the client
 * says it supports (capabilities) or asks for (initializationOptions), never a guess from its name.
 */
import type { InitializeParams } from 'vscode-languageserver/node';
import type { InitializationOptions } from '../../common/protocol';

export interface ClientSupport {
  /** The completion item defaults it takes (`completionList.itemDefaults`). */
  itemDefaults: readonly string[];
  /** The command completion items may carry to reopen completion; undefined: none. */
  triggerCommand?: string;
  /** It resolves items' documentation (`completionItem.resolveSupport`); else documentation goes inline. */
  resolve: boolean;
  /** It answers `workspace/configuration`. */
  configuration: boolean;
  /** It accepts `client/registerCapability` for `workspace/didChangeConfiguration`. */
  dynamicConfiguration: boolean;
}

export function clientSupport(params: InitializeParams): ClientSupport {
  const caps = params.capabilities;
  const opts = (params.initializationOptions ?? {}) as InitializationOptions;
  return {
    itemDefaults: caps.textDocument?.completion?.completionList?.itemDefaults ?? [],
    triggerCommand: opts.triggerSuggest === true ? 'editor.action.triggerSuggest' : undefined,
    resolve: !!caps.textDocument?.completion?.completionItem?.resolveSupport?.properties?.includes('documentation'),
    configuration: caps.workspace?.configuration === true,
    dynamicConfiguration: caps.workspace?.didChangeConfiguration?.dynamicRegistration === true,
  };
}
