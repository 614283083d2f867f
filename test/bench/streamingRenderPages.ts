/**
 * The pages of the streaming render benchmark, laid out as VS Code lays out
 * a webview: the feeder (standing in for VS Code's window) is served from
 * http://127.0.0.1:PORT and holds the contestant's page in an iframe from
 * http://localhost:PORT, another site, so that Chromium's site isolation
 * gives the iframe a renderer process (and a DevTools target) of its own.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { build } from 'esbuild';
import type { Browser, CDPSession, Frame, Page } from 'playwright-core';
import { renderPng } from '../emulator/media/png';

const ROOT = path.resolve(__dirname, '../../..');
const DIST = path.join(ROOT, 'media', 'dist');
const TYPES: Readonly<Record<string, string>> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.png': 'image/png' };
/** Distinct pictures behind the transcript's image URLs (/img-N.png shows picture N mod this). */
const PICTURES = 8;

export type ContestantPage = 'chat' | 'peers';

export interface OpenContestant {
  feeder: Frame;
  frame: Frame;
  /** A DevTools session on the iframe's own target. */
  cdp: CDPSession;
  close(): Promise<void>;
}

export interface RenderPages {
  open(browser: Browser, contestant: ContestantPage): Promise<OpenContestant>;
  close(): Promise<void>;
}

/** Bundles the feeder and the contestants' script into `dir`, writes the pages there and serves them. */
export async function servePages(dir: string): Promise<RenderPages> {
  const chatScript = path.join(DIST, 'chat.js');
  if (!fs.existsSync(chatScript)) throw new Error('media/dist/chat.js is missing: run npm run build');
  for (const name of ['renderBench', 'renderFeeder']) {
    await build({
      entryPoints: [path.join(ROOT, 'test', 'bench', 'webview', `${name}.ts`)],
      bundle: true,
      format: 'iife',
      minify: true,
      target: 'es2022',
      outfile: path.join(dir, `${name}.js`),
      logLevel: 'error',
    });
  }
  const contestant = (scripts: string[]): string => `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<link rel="stylesheet" href="/dist/codicon.css"><link rel="stylesheet" href="/dist/chat.css">
<script>window.acquireVsCodeApi = () => ({ postMessage() {}, getState() {}, setState() {} });</script>
</head><body><div id="app"></div>
${scripts.map((s) => `<script src="${s}"></script>`).join('\n')}
</body></html>`;
  fs.writeFileSync(path.join(dir, 'chat.html'), contestant(['/dist/chat.js', '/renderBench.js']));
  const pictures = Array.from({ length: PICTURES }, (_, i) => renderPng({ width: 2048, height: 2048, prompt: `a kite ${i}` }));
  fs.writeFileSync(path.join(dir, 'peers.html'), contestant(['/renderBench.js']));

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = url.pathname.startsWith('/dist/') ? path.join(DIST, path.basename(url.pathname)) : path.join(dir, path.basename(url.pathname));
    if (url.pathname === '/feeder.html') return send(response, '.html', feederPage(`http://localhost:${port()}/${url.searchParams.get('page')}.html`));
    const picture = /^\/img-(\d+)\.png$/.exec(url.pathname);
    if (picture) return send(response, '.png', pictures[Number(picture[1]) % PICTURES]!);
    if (!fs.existsSync(file)) return void response.writeHead(404).end();
    send(response, path.extname(file), fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (): number => (server.address() as AddressInfo).port;

  return {
    open: async (browser, page) => {
      const tab = await browser.newPage({ viewport: { width: 480, height: 900 } });
      try {
        return await openIn(tab, `http://127.0.0.1:${port()}/feeder.html?page=${page}`);
      } catch (error) {
        await tab.close();
        throw error;
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function openIn(tab: Page, url: string): Promise<OpenContestant> {
  await tab.goto(url);
  const frame = await (await tab.waitForSelector('iframe')).contentFrame();
  if (!frame) throw new Error('the contestant frame did not load');
  await frame.waitForLoadState('load');
  // Playwright refuses a session for a frame that shares its parent's process.
  const cdp = await tab.context().newCDPSession(frame);
  if (await frame.evaluate(() => (globalThis as unknown as { renderBench: { seesParent(): boolean } }).renderBench.seesParent())) {
    throw new Error('the contestant frame is not cross-origin');
  }
  return { feeder: tab.mainFrame(), frame, cdp, close: () => tab.close() };
}

function feederPage(contestantUrl: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><style>html, body { margin: 0; height: 100%; } iframe { border: 0; width: 100%; height: 100%; display: block; }</style></head>
<body><iframe src="${contestantUrl}"></iframe><script src="/renderFeeder.js"></script></body></html>`;
}

function send(response: http.ServerResponse, extension: string, body: string | Buffer): void {
  response.writeHead(200, { 'content-type': TYPES[extension] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  response.end(body);
}
