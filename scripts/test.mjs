// `npm test`: every check of the project. The VS Code harness (test/vscode/setup.sh: apt packages, Node 24,
// code-server with its native modules: about 3 minutes on a fresh machine, much of it downloads and
// compilers) installs in the background while the checks that do not need it run: its apt part before the
// unit tests (they need ffmpeg), the rest before the VS Code suites; lint and the format check run beside
// the unit tests. Background output is printed as one block once that step is done. Prints each step's
// time at the end.
import { spawn } from 'node:child_process';

const started = Date.now();
const timings = [];
const running = new Set();

/** Runs `npm run <script>` in a process group of its own; with `capture`, its output is kept instead of shown. */
function npmRun(script, capture = false) {
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm, 'run', script]] : ['npm', ['run', script]];
  const child = spawn(command, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: true });
  running.add(child);
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const stepStarted = Date.now();
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - stepStarted) / 1000);
      timings.push(`${script.padEnd(22)} ${String(seconds).padStart(5)}s${code === 0 ? '' : `  FAILED (${signal ?? `exit ${code}`})`}`);
      resolve({ code: code ?? 1, output: Buffer.concat(output).toString() });
    });
  });
}

function finish(code) {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  console.log(`\n::: npm test ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)}s`);
  for (const line of timings) console.log(`    ${line}`);
  process.exit(code);
}

/** Runs a script in the background; prints its output when it ends, and ends everything if it failed. */
async function inBackground(script) {
  const { code, output } = await npmRun(script, true);
  console.log(`\n::: ${script} (ran in the background)${code === 0 ? '' : ' FAILED'}`);
  process.stdout.write(output);
  if (code !== 0) finish(code);
}

async function inForeground(scripts) {
  for (const script of scripts) {
    const { code } = await npmRun(script);
    if (code !== 0) finish(code);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => finish(130));

const systemPackages = inBackground('setup:system');
const harness = systemPackages.then(() => inBackground('setup:vscode'));
await inForeground(['compile', 'build']);
// Lint and the format check read the sources only; the unit tests mostly wait on timers and sockets.
const sourceChecks = inBackground('lint').then(() => inBackground('format:check'));
await systemPackages;
await inForeground(['test:unit']);
await sourceChecks;
await harness;
await inForeground(['test:harness-benches', 'test:integration', 'test:ui', 'test:vsix']);
finish(0);
