/** A webview's side of its protocol: typed posting to the extension. */

interface VsCodeApi {
  postMessage(message: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface HostConnection<M> {
  post(message: M): void;
}

/** Call once per page (VS Code hands out its API object once). */
export function connectToHost<M>(): HostConnection<M> {
  const api = acquireVsCodeApi();
  return { post: (message) => api.postMessage(message) };
}
