/**
 * #8 Search and file listing on a large workspace, inside VS Code
 * (code-server): the extension's search_text (VS Code's own ripgrep) and its
 * file listing (`rg --files`, what the # picker and list_files use) against
 * what an extension does with VS Code's API alone: findFiles, then every file
 * read and searched. Figures: time to the first result, total time, results
 * found, the extension host's longest event-loop gap. The workspace has
 * files in node_modules and in a folder its .gitignore ignores, as real
 * repositories do; findFiles cannot follow .gitignore, so the peer reads
 * and reports the ignored files too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchBrowser, openWorkbench } from '../vscode/lib/browser';
import { HARNESS_OUT } from '../vscode/lib/paths';
import { cleanupAll } from '../vscode/lib/proc';
import { startSession } from '../vscode/lib/session';
import { loadAverage, medianOf, type BenchmarkReport, type ContestantSummary } from './harness';
import { LISTING, METRICS, NEEDLE, PEER_LISTING, PEER_SEARCH, SEARCH } from './workspaceSearchNames';

export interface WorkspaceSearchSizes {
  files: number;
  rounds: number;
}

export const WORKSPACE_SEARCH_FULL: WorkspaceSearchSizes = { files: 10_000, rounds: 3 };
export const WORKSPACE_SEARCH_TINY: WorkspaceSearchSizes = { files: 200, rounds: 1 };

/** One file in ten in node_modules, one in ten in the ignored build folder; one in fifty holds the needle. */
const SHARE = 10;
const NEEDLE_EVERY = 50;
const HOST_MODULE = path.join(HARNESS_OUT, '..', 'bench', 'workspaceSearchHost.js');

export async function workspaceSearch(sizes: WorkspaceSearchSizes): Promise<BenchmarkReport> {
  const before = loadAverage();
  const session = await startSession({ name: 'bench-workspace-search' });
  const browser = await launchBrowser();
  try {
    const workspace = session.createWorkspace('large');
    const counts = writeWorkspace(workspace, sizes.files);
    const out = path.join(session.runDir, 'bench-results.json');
    const env = session.extensionEnv({ GENAI_BENCH_RESULTS: out, GENAI_BENCH_ROUNDS: String(sizes.rounds) });
    let exited = false;
    const window = await openWorkbench(browser, session.workbenchUrl({ testsPath: HOST_MODULE, env, workspace }), { onAutomationExit: () => (exited = true) });
    const deadline = Date.now() + 600_000;
    while (!fs.existsSync(out) && !exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await window.close();
    if (!fs.existsSync(out)) throw new Error('the extension host wrote no results');
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as { rows?: ContestantSummary[]; error?: string; version?: string };
    if (!result.rows) throw new Error(`in the extension host: ${result.error}`);
    const rows = result.rows;
    const ratio = (peer: string, ours: string, metric: string) => medianOf(rows, peer, metric) / medianOf(rows, ours, metric);
    return {
      id: 'workspace-search',
      title: '8. Search and file listing in VS Code, 10,000-file workspace',
      setup: `${sizes.files.toLocaleString('en')} files: ${counts.searched.toLocaleString('en')} searched, ${counts.dependencies.toLocaleString('en')} in node_modules, ${counts.ignored.toLocaleString('en')} in a folder .gitignore ignores; "${NEEDLE}" in one file of ${NEEDLE_EVERY}; VS Code ${result.version} (code-server) extension host; ${sizes.rounds} interleaved rounds`,
      rows,
      ratios: [
        { label: `${PEER_SEARCH} / ${SEARCH}: time to first result (x sooner)`, value: ratio(PEER_SEARCH, SEARCH, METRICS.firstMs.label) },
        { label: `${PEER_SEARCH} / ${SEARCH}: total time (x sooner)`, value: ratio(PEER_SEARCH, SEARCH, METRICS.totalMs.label) },
        { label: `${PEER_LISTING} / ${LISTING}: time to first result (x sooner)`, value: ratio(PEER_LISTING, LISTING, METRICS.firstMs.label) },
        { label: `${PEER_LISTING} / ${LISTING}: total time (x sooner)`, value: ratio(PEER_LISTING, LISTING, METRICS.totalMs.label) },
      ],
      targets: [
        { label: `${SEARCH}: done within 1 s`, met: medianOf(rows, SEARCH, METRICS.totalMs.label) < 1000 },
        {
          label: `${SEARCH}: finds exactly the ${counts.needles} lines outside ignored files`,
          met: medianOf(rows, SEARCH, METRICS.results.label) === counts.needles,
        },
        {
          label: `${LISTING}: lists exactly the ${counts.searched} files outside ignored folders`,
          met: medianOf(rows, LISTING, METRICS.results.label) === counts.searched,
        },
      ],
      notes: [
        `Ours: search_text's ripgrep search (time to first result: the same search stopped at its first match) and listWorkspaceFiles (rg --files, the first file reported as it arrives), both following .gitignore, files.exclude and search.exclude.`,
        `The peer: vscode.workspace.findFiles with the same excludes (findFiles cannot follow .gitignore in the stable API), then vscode.workspace.fs.readFile of every file, 16 at a time, and a line search; its results include the ${counts.ignoredNeedles} lines in ignored files.`,
        'Longest event-loop gap: of the extension host, during the run; it includes time the OS gave to other processes.',
      ],
      loadAverage: { before, after: loadAverage() },
    };
  } finally {
    await browser.close();
    await cleanupAll(true);
  }
}

/** Writes the files under `root` (a fresh workspace): sources, dependencies, ignored build output. */
function writeWorkspace(root: string, files: number): { searched: number; dependencies: number; ignored: number; needles: number; ignoredNeedles: number } {
  const counts = { searched: 0, dependencies: 0, ignored: 0, needles: 0, ignoredNeedles: 0 };
  fs.writeFileSync(path.join(root, '.gitignore'), 'dist/\n');
  for (let i = 0; i < files; i++) {
    const kind = i % SHARE === SHARE - 1 ? 'dependency' : i % SHARE === SHARE - 2 ? 'ignored' : 'source';
    const file =
      kind === 'dependency'
        ? path.join(root, 'node_modules', `pkg${i % 50}`, `f${i}.js`)
        : kind === 'ignored'
          ? path.join(root, 'dist', `d${i % 20}`, `f${i}.js`)
          : path.join(root, 'src', `d${i % 100}`, `f${i}.ts`);
    const needle = i % NEEDLE_EVERY === 0 || i % NEEDLE_EVERY === SHARE - 2;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `export const value${i} = ${i};\n${needle ? `// ${NEEDLE} here\n` : ''}${'// filler line of a source file\n'.repeat(40)}`);
    if (kind === 'dependency') counts.dependencies++;
    else if (kind === 'ignored') {
      counts.ignored++;
      if (needle) counts.ignoredNeedles++;
    } else {
      counts.searched++;
      if (needle) counts.needles++;
    }
  }
  // The fixture's own files are listed too.
  counts.searched += countFixtureFiles(root);
  return counts;
}

function countFixtureFiles(root: string): number {
  let count = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['src', 'node_modules', 'dist', '.git'].includes(entry.name) || dir !== root) walk(full);
      } else count++;
    }
  };
  walk(root);
  return count;
}
