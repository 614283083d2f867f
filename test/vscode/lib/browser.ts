// Debian's Chromium driven by playwright-core.
import * as fs from 'fs';
import * as path from 'path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM } from './paths';
import { log, onCleanup, withTimeout } from './proc';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORT = { width: 1400, height: 900 };

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: process.env.GENAI_HEADED !== '1',
    args: CHROMIUM_ARGS,
    // the harness handles signals itself (and closes the browser in its cleanup)
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  onCleanup('chromium', () => browser.close());
  log(`chromium ${browser.version()}`);
  return browser;
}

export interface WorkbenchPage {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface OpenWorkbenchOptions {
  /** Appends the page's console and errors to this file. */
  consoleLog?: string;
  /** Called when the workbench reports the end of an extension test run (0 = passed). */
  onAutomationExit?: (code: number) => void;
  /** Milliseconds to wait for .monaco-workbench (default 120 s). */
  timeoutMs?: number;
}

/** Opens url in a fresh browser context and waits until the workbench is visible. */
export async function openWorkbench(browser: Browser, url: string, opts: OpenWorkbenchOptions = {}): Promise<WorkbenchPage> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  if (opts.consoleLog) {
    fs.mkdirSync(path.dirname(opts.consoleLog), { recursive: true });
    const stream = fs.createWriteStream(opts.consoleLog, { flags: 'a' });
    page.on('console', (m) => stream.write(`[${m.type()}] ${m.text()}\n`));
    page.on('pageerror', (e) => stream.write(`[pageerror] ${e.stack || e}\n`));
    page.on('close', () => stream.end());
  }
  if (opts.onAutomationExit) {
    const cb = opts.onAutomationExit;
    // the workbench calls window.codeAutomationExit(code) when extensionTestsPath's run() settles
    await page.exposeFunction('codeAutomationExit', (code: number) => cb(Number(code)));
  }
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: opts.timeoutMs ?? 120000 });
  await whenWorkbenchRestored(page, opts.timeoutMs ?? 120000);
  return { context, page, close: () => context.close().catch(() => undefined) };
}

/**
 * Waits for the workbench's "restored" lifecycle phase (views, editors and workbench
 * contributions created) through the smoke-test driver (window.driver, present because
 * code-server runs with enable-smoke-test-driver). A visible .monaco-workbench alone is
 * an empty shell.
 */
export async function whenWorkbenchRestored(page: Page, timeoutMs = 120000): Promise<void> {
  type DriverWindow = { driver?: { whenWorkbenchRestored?: () => Promise<void> } };
  const hasDriver = await page
    .waitForFunction(() => typeof (globalThis as unknown as DriverWindow).driver?.whenWorkbenchRestored === 'function', undefined, { timeout: 10000 })
    .then(
      () => true,
      () => false,
    );
  if (!hasDriver) return;
  await withTimeout(
    page.evaluate(() => (globalThis as unknown as DriverWindow).driver!.whenWorkbenchRestored!()),
    timeoutMs,
    `workbench not restored within ${timeoutMs} ms`,
  );
}
