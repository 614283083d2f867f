// A small UI-test framework over playwright for the code-server workbench.
//
// A UI test file is test/vscode/ui/<name>.ui.ts exporting `tests`:
//
//   import { uiTest } from '../lib/ui';
//   export const tests = [
//     uiTest('opens the GenAI Gateway view', async ({ wb, screenshot }) => {
//       await wb.openContainer('GenAI Gateway');
//       await screenshot('view');
//     }),
//   ];
//
// All files run against one code-server; each file gets a fresh browser page
// (workbench loaded with the extension in development mode); the tests of a file
// share that page, in order.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { Emulator } from './emulator';
import { EXTENSION_ID, SCREENSHOT_DIR } from './paths';
import { sleep } from './proc';

export interface UiContext {
  /** The workbench page (playwright). */
  page: Page;
  /** Helpers for the workbench: command palette, views, webviews, notifications. */
  wb: Workbench;
  /** The running gateway emulator (url, apiKey, accessToken). */
  emulator: Emulator;
  /** Absolute path of the workspace folder opened in the workbench (fresh copy of the fixture). */
  workspace: string;
  /** Saves test-output/screenshots/<file>-<name>.png; returns its path. */
  screenshot(name: string): Promise<string>;
  /** Prints a line tagged with the test. */
  log(...args: unknown[]): void;
  /** Environment the extension host got (GENAI_EMULATOR_URL, ...). */
  extensionEnv: Record<string, string>;
  /** Reloads the workbench (same URL, same extension host environment); updates page and wb. */
  reload(): Promise<void>;
  /**
   * Opens another window on the same code-server and workspace: its own browser context and its own extension
   * host (with `env` added to its environment), sharing the server's global storage. Closed after the file's tests.
   */
  openWindow(env?: Record<string, string>): Promise<{ page: Page; wb: Workbench; close(): Promise<void> }>;
}

export interface UiTest {
  title: string;
  run(ctx: UiContext): Promise<void>;
  /** Default 60 s. */
  timeoutMs?: number;
  skip?: boolean;
}

export function uiTest(title: string, run: (ctx: UiContext) => Promise<void>, opts: { timeoutMs?: number; skip?: boolean } = {}): UiTest {
  return { title, run, ...opts };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class Workbench {
  constructor(
    public readonly page: Page,
    private readonly screenshotPrefix = 'ui',
  ) {}

  /** The quick input (command palette / quick pick) widget. */
  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** Waits until the workbench is visible. */
  async ready(timeoutMs = 60000): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
  }

  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${this.screenshotPrefix}-${name.replace(/[^\w.-]+/g, '_')}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /**
   * Opens the command palette with `text` typed after ">". Some focused widgets (lists of
   * some editors, webviews) swallow F1, and a webview taking the focus as it loads (a video
   * preview, say) closes the palette between its opening and the typing; so it retries
   * with the focus moved to the document.
   */
  async openCommandPalette(text = ''): Promise<Locator> {
    const input = this.quickInput.locator('input');
    const attempts: (() => Promise<void>)[] = [
      () => this.page.keyboard.press('F1'),
      async () => {
        await this.blur();
        await this.page.keyboard.press('F1');
      },
      async () => {
        await this.page.keyboard.press('Escape');
        await this.blur();
        await this.page.keyboard.press('Control+Shift+P');
      },
      async () => {
        await this.page.keyboard.press('Escape');
        await this.blur();
        await this.page.keyboard.press('F1');
      },
    ];
    let failure: unknown;
    for (const attempt of attempts) {
      await attempt();
      try {
        await input.waitFor({ state: 'visible', timeout: 3000 });
        await input.fill('>' + text, { timeout: 3000 });
        return input;
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  /** Moves the keyboard focus off the focused element (back to the workbench document). */
  async blur(): Promise<void> {
    await this.page.evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement?: { blur?: () => void } } }).document.activeElement;
      el?.blur?.();
    });
  }

  /** Labels of the rows currently shown by the quick input (only the rendered ones). */
  async quickInputRows(): Promise<string[]> {
    const labels: string[] = [];
    for (const row of await this.quickInput.locator('.monaco-list-row').all()) {
      const name = row.locator('.label-name').first();
      const label = (await name.count()) ? await name.innerText() : await row.innerText();
      labels.push(label.replace(/\s+/g, ' ').trim());
    }
    return labels;
  }

  /** Commands listed by the palette for a query (e.g. "GenAI Gateway:"); closes the palette. */
  async listCommands(query: string, settleMs = 1000): Promise<string[]> {
    await this.openCommandPalette(query);
    await sleep(settleMs);
    const labels = await this.quickInputRows();
    await this.closeQuickInput();
    return labels.filter((l) => !/^No matching commands/.test(l));
  }

  /**
   * Opens the palette with `query` and waits for a row whose label matches `label`
   * (default: exactly the query). Commands registered after the palette opened do not
   * show up in it, so the palette is reopened until the row appears. Leaves the palette
   * open and returns the row.
   */
  async findCommand(query: string, label: string | RegExp = new RegExp(`^${escapeRegExp(query)}$`), timeoutMs = 20000): Promise<Locator> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      await this.openCommandPalette(query);
      const row = this.quickInput
        .locator('.monaco-list-row', {
          has: this.page.locator('.label-name', { hasText: label }),
        })
        .first();
      try {
        await row.waitFor({ state: 'visible', timeout: Math.min(3000, Math.max(500, end - Date.now())) });
        return row;
      } catch {
        const seen = await this.quickInputRows();
        await this.closeQuickInput();
        if (Date.now() >= end) {
          throw new Error(`command palette: no row matching ${label} for "${query}" within ${timeoutMs} ms; rows: ${JSON.stringify(seen)}`);
        }
        await sleep(500);
      }
    }
  }

  /** Runs a command from the palette by its title as displayed, e.g. "GenAI Gateway: Open Chat". */
  async runCommand(title: string, timeoutMs = 20000): Promise<void> {
    const row = await this.findCommand(title, undefined, timeoutMs);
    await row.click();
    await this.quickInput.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
  }

  /** Closes the quick input if it is open. */
  async closeQuickInput(): Promise<void> {
    if (await this.quickInput.isVisible()) {
      await this.page.keyboard.press('Escape');
      await this.quickInput.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
    }
  }

  /** Types into an open quick input (input box / quick pick) and accepts with Enter. */
  async answerQuickInput(text: string): Promise<void> {
    const input = this.quickInput.locator('input');
    await input.waitFor({ state: 'visible', timeout: 15000 });
    await input.fill(text);
    await input.press('Enter');
  }

  /** Picks an item of an open quick pick by its label. */
  async pickQuickItem(label: string | RegExp, timeoutMs = 15000): Promise<void> {
    const row = this.quickInput.locator('.monaco-list-row').filter({ hasText: label });
    await row.first().waitFor({ state: 'visible', timeout: timeoutMs });
    await row.first().click();
  }

  /** The activity-bar entry of a view container (e.g. "GenAI Gateway"). */
  activityBarItem(title: string): Locator {
    return this.page
      .locator('.part.activitybar, .part.sidebar .composite-bar')
      .getByRole('tab', { name: new RegExp(escapeRegExp(title)) })
      .first();
  }

  /**
   * Shows a view container by its title: clicks its activity-bar entry unless it is already
   * the visible one (clicking the active entry would hide the side bar); falls back to the
   * "View: Show <title>" command. Returns the side bar.
   */
  async openContainer(title: string, timeoutMs = 20000): Promise<Locator> {
    const item = this.activityBarItem(title);
    const sidebar = this.page.locator('.part.sidebar');
    try {
      await item.waitFor({ state: 'visible', timeout: timeoutMs });
      const selected = (await item.getAttribute('aria-selected')) === 'true' || (await item.getAttribute('aria-checked')) === 'true';
      if (!(selected && (await sidebar.isVisible()))) await item.click();
      // A click on the selected container while the side bar is still being laid out hides it again.
      await sidebar.waitFor({ state: 'visible', timeout: 5000 });
    } catch {
      await this.runCommand(`View: Show ${title}`);
    }
    await sidebar.waitFor({ state: 'visible', timeout: timeoutMs });
    return sidebar;
  }

  /** Outer <iframe> elements of our extension's webviews. */
  webviewFrames(extensionId = EXTENSION_ID): Locator {
    return this.page.locator(`iframe.webview[src*="extensionId=${extensionId}"]`);
  }

  /**
   * Content of one of our extension's webviews (views and panels sit at the workbench level,
   * not inside the view's DOM). index: which one when several are open (default: the first;
   * use -1 for the most recently created).
   */
  webview(opts: { index?: number; extensionId?: string } = {}): FrameLocator {
    const outer = `iframe.webview[src*="extensionId=${opts.extensionId ?? EXTENSION_ID}"]`;
    const index = opts.index ?? 0;
    const frame =
      index === -1 ? this.page.frameLocator(outer).last() : index === 0 ? this.page.frameLocator(outer).first() : this.page.frameLocator(outer).nth(index);
    return frame.frameLocator('iframe#active-frame');
  }

  /** Waits until a webview of ours shows a visible `selector` (default: body) and returns its frame. */
  async waitForWebview(selector = 'body', opts: { index?: number; timeoutMs?: number } = {}): Promise<FrameLocator> {
    const frame = this.webview(opts);
    await frame
      .locator(selector)
      .filter({ visible: true })
      .first()
      .waitFor({ state: 'visible', timeout: opts.timeoutMs ?? 30000 });
    return frame;
  }

  /** The notifications bell in the status bar. */
  get notificationsBell(): Locator {
    return this.page.locator('.statusbar-item[id*="notifications"]').first();
  }

  /**
   * Texts of the notifications (toasts are not shown headless: this opens the notification
   * center through the bell, reads it, and closes it again unless keepOpen).
   */
  async notifications(opts: { keepOpen?: boolean } = {}): Promise<string[]> {
    const center = this.page.locator('.notifications-center');
    const wasOpen = await center.isVisible();
    // A busy workbench may drop a click on the bell: it is clicked again while the center stays closed.
    for (let attempt = 0; !wasOpen && attempt < 3 && !(await center.isVisible()); attempt++) {
      await this.notificationsBell.click();
      await center.waitFor({ state: 'visible', timeout: 3000 }).catch(() => undefined);
    }
    if (!wasOpen) await center.waitFor({ state: 'visible', timeout: 2000 });
    await sleep(200);
    const texts = (await center.locator('.notification-list-item').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    if (!opts.keepOpen && !wasOpen) {
      await this.notificationsBell.click();
      await center.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
    }
    return texts;
  }

  /** Waits for a notification containing text (string or regexp); returns its text. */
  async waitForNotification(text: string | RegExp, timeoutMs = 15000): Promise<string> {
    const re = typeof text === 'string' ? new RegExp(escapeRegExp(text)) : text;
    const end = Date.now() + timeoutMs;
    let last: string[] = [];
    while (Date.now() < end) {
      last = await this.notifications();
      const hit = last.find((t) => re.test(t));
      if (hit) return hit;
      await sleep(500);
    }
    throw new Error(`no notification matching ${re} within ${timeoutMs} ms; have: ${JSON.stringify(last)}`);
  }

  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
  }

  /** Right-clicks `target` and returns the labels of the context menu that opens (left open). */
  async openContextMenu(target: Locator): Promise<string[]> {
    await target.click({ button: 'right' });
    const menu = this.page.locator('.context-view .monaco-menu');
    await menu.waitFor({ state: 'visible', timeout: 10000 });
    return (await menu.locator('.action-label').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  /** Opens the submenu `label` of the open context menu (by hovering it); returns the submenu's labels. */
  async openSubmenu(label: string): Promise<string[]> {
    const menus = this.page.locator('.context-view .monaco-menu');
    await menus.first().locator('.action-label', { hasText: label }).first().hover();
    for (const end = Date.now() + 10000; (await menus.count()) < 2 && Date.now() < end;) await sleep(100);
    const submenu = menus.last();
    await submenu.waitFor({ state: 'visible', timeout: 5000 });
    return (await submenu.locator('.action-label').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  /** Clicks an item of the open context menu or its open submenu; hovered first, as a menu opened right after a dialog may ignore the first click. */
  async pickMenuItem(label: string | RegExp): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu').first();
    const item = this.page.locator('.context-view .monaco-menu .action-label', { hasText: label }).last();
    // A busy workbench draws the menu a moment after the click that opens it.
    await item.waitFor({ state: 'visible', timeout: 10000 });
    for (let attempt = 0; attempt < 3 && (await menu.isVisible()); attempt++) {
      await item.hover();
      await sleep(200);
      await item.click().catch(() => undefined);
      await menu.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => undefined);
    }
    if (await menu.isVisible()) throw new Error(`the context menu item ${label} did not run`);
  }

  /** Opens a workspace file through Quick Open (Ctrl+P). */
  async openFile(relativePath: string): Promise<void> {
    await this.page.keyboard.press('Control+P');
    const input = this.quickInput.locator('input');
    await input.waitFor({ state: 'visible', timeout: 10000 });
    await input.fill(relativePath);
    const base = path.basename(relativePath);
    await this.quickInput.locator('.monaco-list-row', { hasText: base }).first().waitFor({ timeout: 15000 });
    await input.press('Enter');
    await this.page.locator('.tabs-container .tab', { hasText: base }).first().waitFor({ timeout: 15000 });
  }

  /** Titles of the open editor tabs. */
  async editorTabs(): Promise<string[]> {
    return (await this.page.locator('.tabs-container .tab').allTextContents()).map((t) => t.trim());
  }

  /** Status bar entries, as text. */
  async statusBarTexts(): Promise<string[]> {
    return (await this.page.locator('.statusbar-item').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
  }

  /**
   * Activated extensions of the extension host, from "Developer: Show Running Extensions"
   * (proves the extension host is up): one "Name version host Activation: N ms" line each.
   * With `waitFor`, waits until a line contains that text (or matches that regexp). An
   * extension in development mode shows as its id (publisher.name) rather than its name. Scrolls through the whole
   * (virtualized) list; closes the view again unless keepOpen.
   */
  async runningExtensions(opts: { waitFor?: string | RegExp; timeoutMs?: number; keepOpen?: boolean } = {}): Promise<string[]> {
    const wanted = opts.waitFor;
    const matches = (r: string): boolean => (typeof wanted === 'string' ? r.includes(wanted) : !!wanted?.test(r));
    const timeoutMs = opts.timeoutMs ?? 30000;
    const editor = this.page.locator('.runtime-extensions-editor');
    if (!(await editor.isVisible())) {
      await this.runCommand('Developer: Show Running Extensions');
      await editor.waitFor({ state: 'visible', timeout: timeoutMs });
    }
    const rows = editor.locator('.monaco-list-row');
    await rows.first().waitFor({ state: 'visible', timeout: timeoutMs });
    const end = Date.now() + timeoutMs;
    let all: string[] = [];
    for (;;) {
      all = await this.collectListRows(editor.locator('.monaco-list').first());
      if (!wanted || all.some(matches) || Date.now() > end) break;
      await sleep(1000);
    }
    if (!opts.keepOpen) {
      await this.page.keyboard.press('Escape');
      if (
        !(await editor.waitFor({ state: 'hidden', timeout: 3000 }).then(
          () => true,
          () => false,
        ))
      ) {
        await this.runCommand('View: Close Editor');
      }
    }
    if (wanted && !all.some(matches)) {
      throw new Error(`${wanted} not among running extensions: ${JSON.stringify(all)}`);
    }
    return all;
  }

  /** Texts of all rows of a virtualized .monaco-list, scrolling it from top to bottom. */
  async collectListRows(list: Locator): Promise<string[]> {
    const seen = new Map<string, string>();
    const read = async (): Promise<number> => {
      // one round trip for all rendered rows
      const rows: [string | null, string][] = await list
        .locator('.monaco-list-row')
        .evaluateAll((els: any[]) => els.map((e) => [e.getAttribute('data-index'), String(e.innerText)]));
      let added = 0;
      for (const [index, text] of rows) {
        const key = index ?? String(seen.size);
        if (!seen.has(key)) {
          seen.set(key, text.replace(/\s+/g, ' ').trim());
          added++;
        }
      }
      return added;
    };
    await read();
    const box = await list.boundingBox();
    if (box) {
      await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let i = 0; i < 50; i++) {
        await this.page.mouse.wheel(0, Math.max(200, box.height - 50));
        await sleep(150);
        if ((await read()) === 0) break;
      }
    }
    return [...seen.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map((e) => e[1]);
  }
}

export { assert };

/** Waits for the workbench's modal dialog, clicks `button` and returns the dialog's text. */
export async function confirmDialog({ page }: Pick<UiContext, 'page'>, button: string): Promise<string> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 10000 });
  const text = (await dialog.innerText()).replace(/\s+/g, ' ');
  await dialog.locator('.monaco-button', { hasText: button }).first().click();
  await dialog.waitFor({ state: 'hidden', timeout: 10000 });
  return text;
}
