// Watches the chat webview from inside: a trap function hostile content would call, the CSP
// violations its page reports, and every message the extension posts to it.
import type { FrameLocator } from 'playwright-core';

export interface WebviewWatch {
  /** Arguments the trap was called with: each one is a payload that ran. */
  trapped: string[];
  /** `directive blocked-uri` of each CSP violation: something tried to load or run. */
  violations: string[];
  /** Every message the extension posted, as JSON. */
  messages: string[];
}

interface WatchedPage {
  __webviewWatch?: WebviewWatch;
  addEventListener(type: string, listener: (event: { violatedDirective?: string; blockedURI?: string; data?: unknown }) => void): void;
}

/** Installs the watch in the webview's page (again after the page reloads). */
export async function installWebviewWatch(webview: FrameLocator, trapName: string): Promise<void> {
  await webview.locator('body').evaluate((_body, name) => {
    const page = globalThis as unknown as WatchedPage & Record<string, unknown>;
    const watch: WebviewWatch = { trapped: [], violations: [], messages: [] };
    page.__webviewWatch = watch;
    page[name] = (id: unknown) => watch.trapped.push(String(id));
    page.addEventListener('securitypolicyviolation', (event) => watch.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    page.addEventListener('message', (event) => watch.messages.push(JSON.stringify(event.data)));
  }, trapName);
}

export async function readWebviewWatch(webview: FrameLocator): Promise<WebviewWatch> {
  const watch = await webview.locator('body').evaluate(() => (globalThis as unknown as WatchedPage).__webviewWatch);
  if (!watch) throw new Error('the webview watch is not installed (did the page reload?)');
  return watch;
}

/**
 * Proves the watch sees what it must: the page itself calls the trap, adds an image from
 * `forbiddenHost` (which the CSP blocks, and the watch must record) and submits a form to it
 * (which must leave the page where it is: reading the watch afterwards proves it).
 */
export async function provokeWebviewWatch(webview: FrameLocator, trapName: string, forbiddenHost: string): Promise<WebviewWatch> {
  await webview.locator('body').evaluate(
    (body, [name, host]) => {
      (globalThis as unknown as Record<string, (id: string) => void>)[name]?.('control');
      body.insertAdjacentHTML('beforeend', `<img class="watch-control" src="https://${host}/control.png" alt="">`);
      const form = body.ownerDocument.createElement('form');
      Object.assign(form, { className: 'watch-control', action: `https://${host}/control`, method: 'post' });
      body.append(form);
      form.requestSubmit();
    },
    [trapName, forbiddenHost] as const,
  );
  await webview.locator('img.watch-control').evaluate((img) => img.remove());
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Still this page: a submission the CSP did not refuse would have navigated the frame away.
  await webview.locator('body').evaluate((body) => body.querySelector('form.watch-control')?.remove());
  // The violation event is dispatched after the image is refused.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return readWebviewWatch(webview);
}
