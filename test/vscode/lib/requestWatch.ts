// Requests that leave for another host: from our webviews, or to a named host from anywhere in the
// browser. Requests to that host are aborted, so nothing actually leaves the machine.
import type { BrowserContext, Frame, Request } from 'playwright-core';
import { EXTENSION_ID } from './paths';

export interface RequestWatch {
  /** URLs of the requests that tried to leave. */
  readonly leaks: string[];
  stop(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** The webview's own files: VS Code's service worker serves them from the extension, nothing goes out. */
const WEBVIEW_RESOURCES = /\.vscode-resource\.vscode-cdn\.net$/;

function leavesTheMachine(url: URL): boolean {
  return /^(https?|wss?):$/.test(url.protocol) && !LOOPBACK.has(url.hostname) && !WEBVIEW_RESOURCES.test(url.hostname);
}

function fromOurWebview(frame: Frame): boolean {
  for (let f: Frame | null = frame; f; f = f.parentFrame()) if (f.url().includes(`extensionId=${EXTENSION_ID}`)) return true;
  return false;
}

export async function watchOutgoingRequests(context: BrowserContext, forbiddenHost: string): Promise<RequestWatch> {
  const leaks: string[] = [];
  const onRequest = (request: Request): void => {
    const url = new URL(request.url());
    let webview = false;
    try {
      webview = fromOurWebview(request.frame());
    } catch {
      // A service worker's request has no frame.
    }
    if (url.hostname === forbiddenHost || (webview && leavesTheMachine(url))) leaks.push(request.url());
  };
  const pattern = new RegExp(`^[a-z]+://${forbiddenHost.replace(/\./g, '\\.')}[:/]`);
  context.on('request', onRequest);
  await context.route(pattern, (route) => route.abort());
  return {
    leaks,
    stop: async () => {
      context.off('request', onRequest);
      await context.unroute(pattern);
    },
  };
}
