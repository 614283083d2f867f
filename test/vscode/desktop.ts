// npm run test:desktop: the same mocha suite (out/test/vscode/suite) in desktop VS Code,
// downloaded by @vscode/test-electron into .vscode-test/ (needs internet; on a Linux
// machine without a display run it under xvfb-run). Not part of npm test.
//
//   node out/test/vscode/desktop.js [--grep REGEXP]
// VSCODE_TEST_VERSION selects the VS Code version (default: stable); VSCODE_EXECUTABLE_PATH
// uses an installed VS Code instead of downloading one.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';
import { startGatewayEmulator } from './lib/emulator';
import { mainEntry, OUTPUT_DIR, PROJECT_ROOT, SUITE_INDEX, TEST_TOOLS_EXTENSION } from './lib/paths';
import { cleanupAll, installSignalHandlers, log, onCleanup } from './lib/proc';
import { printResults, readResults, summaryLine } from './lib/results';
import { emulatorEnv, harnessUserSettings } from './lib/session';
import { createWorkspace } from './lib/workspace';

async function main(): Promise<number> {
  installSignalHandlers();
  const argv = process.argv.slice(2);
  const gi = argv.indexOf('--grep');
  const grep = gi >= 0 ? argv[gi + 1] : undefined;
  for (const f of [mainEntry(), SUITE_INDEX]) {
    if (!fs.existsSync(f)) throw new Error(`${f} missing: run npm run compile && npm run build`);
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'genai-vscode-desktop-'));
  onCleanup('run dir', () => fs.rmSync(runDir, { recursive: true, force: true }));
  const emulator = await startGatewayEmulator(0);
  const workspace = createWorkspace(path.join(runDir, 'workspace'));
  fs.mkdirSync(path.join(runDir, 'user-data', 'User'), { recursive: true });
  fs.writeFileSync(path.join(runDir, 'user-data', 'User', 'settings.json'), JSON.stringify(harnessUserSettings(emulator), null, 2));
  const resultsFile = path.join(runDir, 'results.json');
  fs.mkdirSync(path.join(runDir, 'tmp'));
  const errors: string[] = [];
  try {
    await runTests({
      version: process.env.VSCODE_TEST_VERSION || 'stable',
      ...(process.env.VSCODE_EXECUTABLE_PATH ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH } : {}),
      extensionDevelopmentPath: [PROJECT_ROOT, TEST_TOOLS_EXTENSION],
      extensionTestsPath: SUITE_INDEX,
      extensionTestsEnv: {
        ...emulatorEnv(emulator),
        GENAI_TEST_RESULTS: resultsFile,
        GENAI_TEST_WORKSPACE: workspace,
        GENAI_TEST_OUTPUT: OUTPUT_DIR,
        GENAI_TEST_TMP: path.join(runDir, 'tmp'),
        GENAI_HARNESS: 'desktop',
        ...(grep ? { GENAI_TEST_GREP: grep } : {}),
      },
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir',
        path.join(runDir, 'user-data'),
        '--extensions-dir',
        path.join(runDir, 'extensions'),
      ],
    });
  } catch (e) {
    log('VS Code test run failed:', e instanceof Error ? e.message : e);
  }
  const results = readResults(resultsFile);
  if (!results) errors.push('the suite wrote no results');
  else {
    errors.push(...results.errors);
    if (!results.done) errors.push('the suite did not finish');
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    fs.copyFileSync(resultsFile, path.join(OUTPUT_DIR, 'desktop-results.json'));
  }
  await cleanupAll();
  console.log('\ndesktop tests:');
  const counts = printResults(results?.tests ?? [], errors);
  console.log(summaryLine(counts));
  return counts.failed > 0 || counts.passed === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (e) => {
    console.error(e);
    await cleanupAll();
    process.exit(1);
  },
);
