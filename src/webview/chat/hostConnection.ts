/** The webview's side of the protocol: typed posting to the extension. */
import type { WebviewMessage } from '../../protocol/chatProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface HostConnection {
  post(message: WebviewMessage): void;
}

export function connectToHost(): HostConnection {
  const api = acquireVsCodeApi();
  return { post: (message) => api.postMessage(message) };
}
