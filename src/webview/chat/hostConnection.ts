/** The chat page's connection to the extension: posts only the chat protocol's messages. */
import type { WebviewMessage } from '../../protocol/chatProtocol';
import type { HostConnection as Connection } from '../shared/hostConnection';

export type HostConnection = Connection<WebviewMessage>;
