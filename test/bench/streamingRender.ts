/**
 * #2 Streaming render: the chat webview's own page (the real
 * media/dist/chat.js) in headless Chromium receives a long markdown answer
 * in many chunks, one `textAppended` message each, a fixed number per
 * animation frame. Measured: main-thread script time (CDP
 * Performance.getMetrics ScriptDuration), the same for every contestant.
 * Peers, with the same markdown engine and sanitiser: re-rendering the
 * whole message on every chunk (estimated from every k-th chunk, see
 * notes), and rendering the final text once.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chunksOf, realisticAnswer } from '../unit/markdown/realisticAnswer';
import { loadAverage, median, medianOf, runInterleaved, summarize, type BenchmarkReport, type Contestant } from './harness';

export interface StreamingRenderSizes {
  chars: number;
  chunks: number;
  chunksPerFrame: number;
  /** The whole-message peer renders the message as it stands after every this many chunks; its total is scaled up by it. */
  naiveEvery: number;
  rounds: number;
}

export const STREAMING_RENDER_FULL: StreamingRenderSizes = { chars: 100_000, chunks: 10_000, chunksPerFrame: 8, naiveEvery: 100, rounds: 3 };
export const STREAMING_RENDER_TINY: StreamingRenderSizes = { chars: 3_000, chunks: 60, chunksPerFrame: 8, naiveEvery: 10, rounds: 1 };

export const CHROMIUM = process.env.GENAI_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const ROOT = path.resolve(__dirname, '../../..');
const MAX_RATIO_TO_ONCE = 3;

const OURS = 'ours: chat.js (StreamingMessageView)';
const NAIVE = 'whole message re-rendered per chunk (estimate)';
const ONCE = 'final text rendered once';
const DELIVERY = 'messages delivered, nothing rendered';

/** The functions renderBench.ts puts on the page's window. */
interface RenderBenchApi {
  setChunks(chunks: string[]): void;
  startChatAnswer(): void;
  streamToChatPage(perFrame: number): Promise<void>;
  deliverOnly(perFrame: number): Promise<void>;
  renderPrefixes(every: number): Promise<number>;
  renderOnce(): Promise<void>;
  shownText(): string;
}
type BenchCall = { name: string; args: unknown[] };

/** Calls renderBench[name](...args) in the page (page.evaluate runs a function's source there: it can close over nothing). */
function call<K extends keyof RenderBenchApi>(tab: Page, name: K, ...args: Parameters<RenderBenchApi[K]>): Promise<Awaited<ReturnType<RenderBenchApi[K]>>> {
  const run = ({ name: method, args: values }: BenchCall): unknown => {
    const api = (globalThis as unknown as { renderBench: Record<string, (...a: unknown[]) => unknown> }).renderBench;
    return api[method]!(...values);
  };
  return tab.evaluate(run, { name, args }) as Promise<Awaited<ReturnType<RenderBenchApi[K]>>>;
}

export async function streamingRender(sizes: StreamingRenderSizes): Promise<BenchmarkReport> {
  const before = loadAverage();
  const text = realisticAnswer(sizes.chars);
  const chunks = chunksOf(text, sizes.chunks);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-render-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const pages = await writePages(dir);
    type Steps = { prepare?: (p: Page) => Promise<void>; check?: (p: Page) => Promise<void> };
    const measure = async (page: string, work: (p: Page) => Promise<unknown>, { prepare, check }: Steps = {}): Promise<number> => {
      const tab = await browser.newPage({ viewport: { width: 480, height: 900 } });
      try {
        await tab.goto(page);
        await call(tab, 'setChunks', chunks);
        await prepare?.(tab);
        const ms = await scriptMs(tab, () => work(tab));
        await check?.(tab);
        return ms;
      } finally {
        await tab.close();
      }
    };
    const onceText = await shownOnce(browser, pages.peers, chunks);
    const deliveries: number[] = [];
    const contestants: Contestant[] = [
      {
        name: OURS,
        run: async () => ({
          ms: await measure(pages.chat, (tab) => call(tab, 'streamToChatPage', sizes.chunksPerFrame), {
            prepare: async (tab) => {
              await call(tab, 'startChatAnswer');
              await tab.waitForSelector('.assistant-text', { state: 'attached' });
            },
            check: async (tab) => {
              if (normalized(await call(tab, 'shownText')) !== onceText) throw new Error('the chat page does not show what a one-shot render shows');
            },
          }),
        }),
      },
      {
        name: ONCE,
        run: async () => ({
          ms: await measure(pages.peers, (tab) => call(tab, 'renderOnce')),
        }),
      },
      {
        name: DELIVERY,
        run: async () => {
          const ms = await measure(pages.peers, (tab) => call(tab, 'deliverOnly', sizes.chunksPerFrame));
          deliveries.push(ms);
          return { ms };
        },
      },
      {
        name: NAIVE,
        run: async () => {
          const sampled = await measure(pages.peers, (tab) => call(tab, 'renderPrefixes', sizes.naiveEvery));
          return { ms: sampled * sizes.naiveEvery + (deliveries.length ? median(deliveries) : 0) };
        },
      },
    ];
    const rows = summarize(await runInterleaved(contestants, sizes.rounds), { ms: { label: 'main-thread script time', unit: 'ms' } });
    const ms = (name: string): number => medianOf(rows, name, 'main-thread script time');
    const ratio = ms(OURS) / ms(ONCE);
    return {
      id: 'streaming-render',
      title: '2. Streaming render',
      setup: `${text.length.toLocaleString('en')}-character markdown answer (code blocks, lists, tables, quotes) in ${sizes.chunks.toLocaleString('en')} chunks, ${sizes.chunksPerFrame} per animation frame, headless Chromium; ${sizes.rounds} interleaved rounds`,
      rows,
      ratios: [
        { label: 'ours / rendered once', value: ratio },
        { label: 'whole message per chunk / ours (x less script time)', value: ms(NAIVE) / ms(OURS) },
      ],
      targets: [{ label: `ours at most ${MAX_RATIO_TO_ONCE}x the one-shot render`, met: ratio <= MAX_RATIO_TO_ONCE }],
      notes: [
        'Script time: the difference of CDP Performance.getMetrics ScriptDuration around the work, on a fresh page each run; layout and style are not included. Ours and delivery include posting the messages (the same feeder).',
        `The whole-message peer renders the message after every ${sizes.naiveEvery}th chunk (markdown-it + the view's DOMPurify sanitiser, into the DOM); that script time x ${sizes.naiveEvery} plus the delivery median estimates rendering after every chunk (10,000 full renders would take tens of minutes).`,
        'Ours is checked to end showing the same text as the one-shot render.',
      ],
      loadAverage: { before, after: loadAverage() },
    };
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text a one-shot render shows, which ours must show at the end. */
async function shownOnce(browser: Browser, page: string, chunks: string[]): Promise<string> {
  const tab = await browser.newPage();
  try {
    await tab.goto(page);
    await call(tab, 'setChunks', chunks);
    await call(tab, 'renderOnce');
    return normalized(await call(tab, 'shownText'));
  } finally {
    await tab.close();
  }
}

/** ScriptDuration (ms) spent by the page while `work` runs. */
async function scriptMs(page: Page, work: () => Promise<unknown>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async (): Promise<number> => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  };
  const start = await read();
  await work();
  const end = await read();
  await cdp.detach();
  return end - start;
}

/** The chat page (the real bundle, under a stand-in for VS Code's webview API) and a page for the peers, with the same styles. */
async function writePages(dir: string): Promise<{ chat: string; peers: string }> {
  const dist = path.join(ROOT, 'media', 'dist');
  const chatScript = path.join(dist, 'chat.js');
  if (!fs.existsSync(chatScript)) throw new Error('media/dist/chat.js is missing: run npm run build');
  const benchScript = path.join(dir, 'renderBench.js');
  await build({ entryPoints: [path.join(ROOT, 'test', 'bench', 'webview', 'renderBench.ts')], bundle: true, format: 'iife', minify: true, target: 'es2022', outfile: benchScript, logLevel: 'error' });
  const page = (scripts: string[]): string => `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<link rel="stylesheet" href="${fileUrl(path.join(dist, 'codicon.css'))}"><link rel="stylesheet" href="${fileUrl(path.join(dist, 'chat.css'))}">
<script>window.acquireVsCodeApi = () => ({ postMessage() {}, getState() {}, setState() {} });</script>
</head><body><div id="app"></div>
${scripts.map((s) => `<script src="${fileUrl(s)}"></script>`).join('\n')}
</body></html>`;
  fs.writeFileSync(path.join(dir, 'chat.html'), page([chatScript, benchScript]));
  fs.writeFileSync(path.join(dir, 'peers.html'), page([benchScript]));
  return { chat: fileUrl(path.join(dir, 'chat.html')), peers: fileUrl(path.join(dir, 'peers.html')) };
}

function fileUrl(file: string): string {
  return `file://${file}`;
}

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
