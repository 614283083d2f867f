// Packaged-extension check: the .vsix holds only what runs, installs into a fresh
// code-server and works in production mode (no development payload).
//   node out/test/vscode/vsix.js [file.vsix]   (default: the newest .vsix in the project root)
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { launchBrowser, openWorkbench } from './lib/browser';
import { CODE_SERVER_ENTRY, EXTENSION_ID, NODE24_BIN, NODE24_DIR, PROJECT_ROOT } from './lib/paths';
import { cleanupAll, installSignalHandlers, log } from './lib/proc';
import { startSession } from './lib/session';
import { leaveUnfinishedTask, requestsSince } from './lib/startupRequests';
import { Workbench } from './lib/ui';
import { until } from '../support/until';

/** How long a new window is watched for requests it should not make. */
const STARTUP_QUIET_MS = 8000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Everything the VSIX may contain (paths inside extension/). */
const ALLOWED = [
  /^package\.json$/,
  /^package\.nls(\.[a-z-]+)?\.json$/,
  /^l10n\/bundle\.l10n\.[a-z-]+\.json$/,
  /^readme\.md$/i,
  /^changelog\.md$/i,
  /^LICENSE(\.txt)?$/,
  /^media\/readme\/[\w-]+\.png$/,
  /^dist\/(startup|storedTasks|extension|searchWorker)\.js$/,
  /^media\/(icon\.png|activity\.svg)$/,
  /^media\/walkthrough\/[\w-]+\.md$/,
  /^media\/dist\/[\w.-]+\.(js|css|ttf)$/,
];

interface Check {
  title: string;
  run: () => Promise<void>;
}

let failureShot: (() => Promise<unknown>) | undefined;

async function main(): Promise<void> {
  installSignalHandlers();
  const vsix = process.argv[2] ? path.resolve(process.argv[2]) : newestVsix();
  if (!vsix || !fs.existsSync(vsix)) throw new Error('no .vsix found; run npm run package first');
  const results: Array<{ title: string; error?: string }> = [];
  const files = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.startsWith('extension/') && !f.endsWith('/'))
    .map((f) => f.slice('extension/'.length));
  const session = await startSession({ name: 'vsix' });
  const browser = await launchBrowser();
  const checks: Check[] = [
    {
      title: 'the .vsix holds only what runs, and is small',
      run: async () => {
        const extra = files.filter((f) => !ALLOWED.some((re) => re.test(f)));
        if (extra.length) throw new Error(`unexpected files: ${extra.join(', ')}`);
        const lower = files.map((f) => f.toLowerCase());
        for (const required of [
          'package.json',
          'package.nls.json',
          'package.nls.de.json',
          'l10n/bundle.l10n.de.json',
          'readme.md',
          'changelog.md',
          'dist/startup.js',
          'dist/storedTasks.js',
          'dist/extension.js',
          'dist/searchWorker.js',
          'media/icon.png',
        ]) {
          if (!lower.includes(required.toLowerCase())) throw new Error(`missing ${required}`);
        }
        if (!lower.some((f) => f.startsWith('license'))) throw new Error('missing LICENSE');
        const kb = fs.statSync(vsix).size / 1024;
        log(`vsix: ${files.length} files, ${kb.toFixed(0)} KB`);
        if (kb > 2048) throw new Error(`the .vsix is ${kb.toFixed(0)} KB`);
      },
    },
    {
      title: 'the bundles are minified for production, and the startup bundle is small',
      run: async () => {
        for (const file of ['dist/startup.js', 'dist/extension.js']) {
          const bundle = execFileSync('unzip', ['-p', vsix, `extension/${file}`], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
          const lines = bundle.split('\n');
          // Minified code is a few very long lines (template literals keep their own line breaks).
          if (bundle.length / lines.length < 1000) throw new Error(`${file} does not look minified (${lines.length} lines)`);
        }
        const startupKb = Number(execFileSync('unzip', ['-p', vsix, 'extension/dist/startup.js']).length) / 1024;
        log(`dist/startup.js: ${startupKb.toFixed(1)} KB`);
        // What every window start loads: the status bar and the stand-ins, not the features nor the task check (16 KB now).
        if (startupKb > 24) throw new Error(`dist/startup.js is ${startupKb.toFixed(0)} KB`);
      },
    },
    {
      title: 'it installs into code-server and works in production mode',
      run: async () => {
        const extensionsDir = path.join(session.runDir, 'cs', 'extensions');
        execFileSync(
          NODE24_BIN,
          [
            CODE_SERVER_ENTRY,
            '--install-extension',
            vsix,
            '--user-data-dir',
            session.codeServer.userDataDir,
            '--extensions-dir',
            extensionsDir,
            '--config',
            path.join(session.runDir, 'cs', 'config.yaml'),
          ],
          {
            env: { ...process.env, PATH: `${path.join(NODE24_DIR, 'bin')}:${process.env.PATH ?? ''}` },
            stdio: 'pipe',
          },
        );
        if (!fs.readdirSync(extensionsDir).some((d) => d.startsWith(`${EXTENSION_ID}-`))) throw new Error('not installed');
        const page = await openWorkbench(browser, session.workbenchUrl({ dev: false, env: false }), {
          consoleLog: path.join(session.logDir, 'browser-console-vsix.log'),
        });
        const wb = new Workbench(page.page, 'vsix');
        failureShot = () => wb.screenshot('FAILED-production');
        await wb.runCommand('GenAI Gateway: Set API Key');
        // The command activates the extension first: answer our input box, not the closing palette.
        await page.page.locator('.quick-input-widget .quick-input-title', { hasText: 'Set API Key' }).waitFor({ timeout: 30000 });
        await wb.answerQuickInput(session.emulator.apiKey);
        await wb.waitForNotification(/API key saved in secret storage/);
        await wb.runCommand('GenAI Gateway: Test Connection');
        await wb.waitForNotification(/connected in \d+ ms/);
        await wb.screenshot('production-connected');
        const running = await wb.runningExtensions({ waitFor: /GenAI Gateway 0\.1\.0/ });
        if (!running.some((r) => r.startsWith('GenAI Gateway 0.1.0'))) throw new Error('not among the running extensions');
        await page.close();
      },
    },
    {
      title: 'a new window asks the gateway nothing while no video task is unfinished',
      run: async () => {
        const from = session.emulator.requests.length;
        const page = await openWorkbench(browser, session.workbenchUrl({ dev: false }));
        const wb = new Workbench(page.page, 'vsix');
        failureShot = () => wb.screenshot('FAILED-startup-quiet');
        await until(
          'the status bar item',
          async () => (await wb.statusBarTexts()).some((t) => t.includes('gpt-4o-mini') || t.includes('GenAI Gateway')),
          30000,
        );
        await wb.runningExtensions({ waitFor: /GenAI Gateway 0\.1\.0/ });
        await sleep(STARTUP_QUIET_MS);
        await wb.screenshot('startup-quiet');
        const made = requestsSince(session.emulator, from);
        await page.close();
        if (made.length) throw new Error(`requests at startup: ${made.join(', ')}`);
      },
    },
    {
      title: 'a new window polls, by itself, the video task a closed window left unfinished',
      run: async () => {
        const id = await leaveUnfinishedTask(session.emulator, session.codeServer.userDataDir, 'seedance-1-0-pro-250528');
        const from = session.emulator.requests.length;
        const page = await openWorkbench(browser, session.workbenchUrl({ dev: false }));
        failureShot = () => new Workbench(page.page, 'vsix').screenshot('FAILED-startup-polls');
        const polled = (): boolean => requestsSince(session.emulator, from).some((r) => r.startsWith('GET /v1/contents/generations/tasks') && r.includes(id));
        await until(`a poll of task ${id}`, polled, 30000);
        log(`startup requests with a task unfinished: ${requestsSince(session.emulator, from).join(', ')}`);
        await page.close();
      },
    },
  ];
  for (const check of checks) {
    try {
      await check.run();
      results.push({ title: check.title });
    } catch (e) {
      await failureShot?.().catch(() => undefined);
      failureShot = undefined;
      results.push({ title: check.title, error: e instanceof Error ? e.message : String(e) });
    }
  }
  await browser.close();
  await cleanupAll();
  console.log('\nvsix checks:');
  for (const r of results) console.log(`  ${r.error ? 'FAIL' : 'PASS'}  ${r.title}${r.error ? `\n        ${r.error}` : ''}`);
  const failed = results.filter((r) => r.error).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

function newestVsix(): string | undefined {
  return fs
    .readdirSync(PROJECT_ROOT)
    .filter((f) => f.endsWith('.vsix'))
    .map((f) => path.join(PROJECT_ROOT, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}

void main().catch(async (e) => {
  console.error(e);
  await cleanupAll();
  process.exit(1);
});
