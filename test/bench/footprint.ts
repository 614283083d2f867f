/**
 * #4 Footprint: activation time of the packaged extension in code-server's
 * extension host (as "Developer: Show Running Extensions" reports it,
 * beside the built-in extensions activated in the same window and an empty
 * extension activated as ours is, whose time VS Code counts in ours), and the
 * sizes of the .vsix and of the bundles in it, beside npm packages of
 * well-known AI coding tools (their marketplace packages cannot be
 * downloaded here).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchBrowser, openWorkbench } from '../vscode/lib/browser';
import { CODE_SERVER_ENTRY, NODE24_BIN, NODE24_DIR, PROJECT_ROOT } from '../vscode/lib/paths';
import { cleanupAll } from '../vscode/lib/proc';
import { startSession } from '../vscode/lib/session';
import { Workbench } from '../vscode/lib/ui';
import { loadAverage, median, type BenchmarkReport, type ContestantSummary } from './harness';

export interface FootprintSizes {
  /** Workbench windows opened, each with a fresh extension host. */
  rounds: number;
}

export const FOOTPRINT_FULL: FootprintSizes = { rounds: 3 };

const VSIX = path.join(PROJECT_ROOT, 'genai-gateway-0.1.0.vsix');
const OURS_ROW = /^GenAI Gateway\b/;
/** Our row once it has its time ("Activating..." before). */
const OURS_ACTIVATED = /^GenAI Gateway\b.*Activation:/;
/**
 * An extension without code, activated onStartupFinished as ours is. VS Code starts the code-loading clock of
 * every onStartupFinished extension at once and loads them one after the other, built-ins first, then by folder
 * name; this one's folder (bench.…) comes before ours (genai-gateway.…), so its time is what the window counts
 * for any such extension before a line of its own runs, and ours minus it is ours alone.
 */
const EMPTY = { publisher: 'bench', name: 'empty-on-startup-finished', displayName: 'Empty onStartupFinished Extension' };
const EMPTY_ROW = /^Empty onStartupFinished Extension\b/;
/** Built-in extensions whose activation the same window reports, when they activate. */
const BUILT_INS = [/^Git\b/, /^Emmet\b/, /^Merge Conflict\b/, /^GitHub\b/, /^Markdown Language Features\b/, /^JSON Language Features\b/];
/** npm packages of well-known AI coding tools: not their VS Code extensions, the nearest published figures. */
const NPM_PEERS = [
  { name: '@github/copilot-language-server', what: 'the language server inside GitHub Copilot' },
  { name: '@vscode/chat-lib', what: 'chat SDK extracted from VS Code Copilot Chat' },
  { name: 'cline', what: 'Cline CLI (same code base as the Cline extension)' },
];

export async function footprint(sizes: FootprintSizes): Promise<BenchmarkReport> {
  const before = loadAverage();
  if (!fs.existsSync(VSIX)) throw new Error(`${path.basename(VSIX)} is missing: run npm run package first`);
  const notes: string[] = [];
  const rows: ContestantSummary[] = [...(await activationRows(sizes.rounds)), ...packageRows(), ...npmPeerRows(notes)];
  const vsixAge = Date.now() - fs.statSync(VSIX).mtimeMs;
  notes.unshift(
    `Activation: "Developer: Show Running Extensions" of code-server ${codeServerVersion()}, the .vsix installed (production mode), activationEvents onStartupFinished; a new window (extension host) per round.`,
    'VS Code shows code loading + the activate() call. For onStartupFinished extensions the code-loading clocks start together and the bundles load in turn (built-ins first), so each time includes the loading of those before it: the empty extension shows that share, ours minus it is our own.',
    `The .vsix is ${path.basename(VSIX)} from npm run package, built ${(vsixAge / 60_000).toFixed(0)} min before this run; bundle sizes are those of the files in it.`,
  );
  return {
    id: 'footprint',
    title: '4. Footprint',
    setup: `${sizes.rounds} windows of code-server; sizes from the .vsix and the npm registry`,
    rows,
    ratios: [],
    targets: [],
    notes,
    loadAverage: { before, after: loadAverage() },
  };
}

/** Activation times (ms) of ours and of the built-ins, one window per round. */
async function activationRows(rounds: number): Promise<ContestantSummary[]> {
  const session = await startSession({ name: 'bench-footprint' });
  const browser = await launchBrowser();
  try {
    const installArgs = [
      '--user-data-dir',
      session.codeServer.userDataDir,
      '--extensions-dir',
      path.join(session.runDir, 'cs', 'extensions'),
      '--config',
      path.join(session.runDir, 'cs', 'config.yaml'),
    ];
    const installOptions = { env: { ...process.env, PATH: `${path.join(NODE24_DIR, 'bin')}:${process.env.PATH ?? ''}` }, stdio: 'pipe' as const };
    execFileSync(NODE24_BIN, [CODE_SERVER_ENTRY, '--install-extension', VSIX, ...installArgs], installOptions);
    execFileSync(NODE24_BIN, [CODE_SERVER_ENTRY, '--install-extension', emptyExtensionVsix(session.runDir), ...installArgs], installOptions);
    const times = new Map<string, number[]>();
    const ownShare: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const window = await openWorkbench(browser, session.workbenchUrl({ dev: false, env: false }));
      try {
        const running = await new Workbench(window.page, 'bench').runningExtensions({ waitFor: OURS_ACTIVATED });
        for (const row of running) {
          const name = [OURS_ROW, EMPTY_ROW, ...BUILT_INS].some((re) => re.test(row)) ? /^.*?\d+\.\d+\.\d+/.exec(row)?.[0] : undefined;
          const ms = activationMs(row);
          if (name && ms !== undefined) times.set(name, [...(times.get(name) ?? []), ms]);
        }
        const [oursMs, emptyMs] = [OURS_ROW, EMPTY_ROW].map((re) => msOf(running, re));
        if (oursMs !== undefined && emptyMs !== undefined) ownShare.push(oursMs - emptyMs);
      } finally {
        await window.close();
      }
    }
    const rows: ContestantSummary[] = [...times].map(([name, runs]) => ({
      contestant: OURS_ROW.test(name) ? `ours: ${name}` : EMPTY_ROW.test(name) ? `baseline: ${name} (no code)` : `built-in: ${name}`,
      metric: 'activation time',
      unit: 'ms',
      median: median(runs),
      runs,
    }));
    if (ownShare.length) {
      rows.push({
        contestant: 'ours minus the empty extension, per window',
        metric: 'own activation time',
        unit: 'ms',
        median: median(ownShare),
        runs: ownShare,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await cleanupAll(true);
  }
}

/** The activation time of the row `re` matches, if it is among the running extensions. */
function msOf(running: string[], re: RegExp): number | undefined {
  const row = running.find((r) => re.test(r));
  return row === undefined ? undefined : activationMs(row);
}

/** Packages the empty extension (see EMPTY) in `dir`; returns the .vsix. */
function emptyExtensionVsix(dir: string): string {
  const source = path.join(dir, 'empty-extension');
  fs.mkdirSync(source, { recursive: true });
  const manifest = {
    ...EMPTY,
    version: '0.0.1',
    license: 'MIT',
    repository: { type: 'git', url: 'https://example.invalid/empty-extension' },
    engines: { vscode: '^1.104.0' },
    activationEvents: ['onStartupFinished'],
    main: './main.js',
  };
  fs.writeFileSync(path.join(source, 'package.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(source, 'main.js'), 'exports.activate = () => undefined;\n');
  fs.writeFileSync(path.join(source, 'README.md'), "An empty extension: the footprint benchmark's baseline.\n");
  fs.writeFileSync(path.join(source, 'LICENSE'), 'MIT\n');
  const vsix = path.join(dir, 'empty-extension.vsix');
  execFileSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--out', vsix], { cwd: source, stdio: 'pipe' });
  return vsix;
}

/** The activation time in a row of the running extensions editor, e.g. "Activation: 12ms" or "Startup Activation: 12ms". */
function activationMs(row: string): number | undefined {
  const found = /Activation:\s*([\d.,]+)\s*ms/i.exec(row);
  return found ? Number(found[1]!.replace(',', '')) : undefined;
}

/** The .vsix and the bundles in it, in KB. */
function packageRows(): ContestantSummary[] {
  const listing = execFileSync('unzip', ['-l', VSIX], { encoding: 'utf8' });
  const size = (file: string): number => {
    const line = listing.split('\n').find((l) => l.trim().endsWith(` extension/${file}`));
    if (!line) throw new Error(`${file} is not in the .vsix`);
    return Number(line.trim().split(/\s+/)[0]) / 1024;
  };
  const unpacked = Number(listing.trim().split('\n').at(-1)!.trim().split(/\s+/)[0]) / 1024;
  const kb = (contestant: string, metric: string, value: number): ContestantSummary => ({ contestant, metric, unit: 'KB', median: value, runs: [value] });
  return [
    kb('ours: genai-gateway-0.1.0.vsix', 'package size', fs.statSync(VSIX).size / 1024),
    kb('ours: genai-gateway-0.1.0.vsix', 'unpacked size', unpacked),
    kb('ours: dist/startup.js (loaded at every window start)', 'bundle size', size('dist/startup.js')),
    kb('ours: dist/storedTasks.js (loaded after activation when a gateway is set)', 'bundle size', size('dist/storedTasks.js')),
    kb('ours: dist/extension.js (the features, loaded on first use)', 'bundle size', size('dist/extension.js')),
    kb('ours: media/dist/chat.js', 'bundle size', size('media/dist/chat.js')),
    kb('ours: media/dist/player.js', 'bundle size', size('media/dist/player.js')),
  ];
}

/** Packed and unpacked sizes of the peers' npm packages, from `npm pack NAME --dry-run --json` (the registry here does not answer dist.unpackedSize). */
function npmPeerRows(notes: string[]): ContestantSummary[] {
  const rows: ContestantSummary[] = [];
  for (const peer of NPM_PEERS) {
    try {
      const output = execFileSync('npm', ['pack', peer.name, '--dry-run', '--json'], {
        encoding: 'utf8',
        timeout: 120_000,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const [pack] = JSON.parse(output) as Array<{ version: string; size: number; unpackedSize: number }>;
      if (!pack) throw new Error('no package');
      const contestant = `npm ${peer.name}@${pack.version} (${peer.what})`;
      rows.push({ contestant, metric: 'package size', unit: 'KB', median: pack.size / 1024, runs: [pack.size / 1024] });
      rows.push({ contestant, metric: 'unpacked size', unit: 'KB', median: pack.unpackedSize / 1024, runs: [pack.unpackedSize / 1024] });
    } catch (error) {
      notes.push(`npm pack ${peer.name} --dry-run failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  notes.push(
    'Peer sizes: npm packages related to well-known AI extensions, from the npm registry at run time (npm pack --dry-run); not their .vsix, which cannot be downloaded here.',
  );
  return rows;
}

function codeServerVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(path.dirname(CODE_SERVER_ENTRY), '..', '..', 'package.json'), 'utf8')).version as string;
}
