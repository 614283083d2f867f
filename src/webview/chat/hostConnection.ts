/** The chat webview's side of the protocol: typed posting to the extension. */
import type { WebviewMessage } from '../../protocol/chatProtocol';
import * as shared from '../shared/hostConnection';

export type HostConnection = shared.HostConnection<WebviewMessage>;

export function connectToHost(): HostConnection {
  return shared.connectToHost<WebviewMessage>();
}
