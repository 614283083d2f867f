// One harness session: emulator + fresh workspace + code-server, all stopped by cleanupAll().
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startCodeServer, type CodeServer, type DevPayload } from './codeServer';
import type { EmulatorOptions } from '../../emulator';
import { startGatewayEmulator, type Emulator } from './emulator';
import { LOG_DIR, OUTPUT_DIR, PROJECT_ROOT } from './paths';
import { cleanupAll, elapsed, log, onCleanup } from './proc';
import { createWorkspace } from './workspace';

export interface SessionOptions {
  /** Names the log folder: test-output/logs/<name>. */
  name: string;
  /** Emulator port (0/undefined: free port). */
  emulatorPort?: number;
  /** Further emulator options (timing, faults, ...). */
  emulatorOptions?: Omit<EmulatorOptions, 'port'>;
  /** code-server port (0/undefined: free port). */
  codeServerPort?: number;
  /** code-server bind address (default 127.0.0.1). */
  host?: string;
  /** host:port the browser uses, when it differs from the bind address. */
  publicAuthority?: string;
  /** Extension under development (default: the project root). */
  extensionPath?: string;
  /** Extra environment for the code-server process (inherited by every extension host). */
  serverEnv?: (emulator: Emulator) => Record<string, string>;
  reconnectionGraceTime?: number;
  /** Extension folders installed into the fresh code-server besides the one under development. */
  installedExtensions?: string[];
  /** Display language of the workbench (see CodeServerOptions.locale). */
  locale?: string;
  /** Keep the temp run dir (debugging; also GENAI_KEEP_RUN_DIR=1). */
  keepRunDir?: boolean;
}

export interface Session {
  name: string;
  /** Temp dir holding all state of this run; removed at cleanup. */
  runDir: string;
  /** Fresh copy of test/vscode/fixtures/workspace, opened in the workbench. */
  workspace: string;
  emulator: Emulator;
  codeServer: CodeServer;
  extensionPath: string;
  /** Logs of this run (copied to test-output/logs/<name> at cleanup). */
  logDir: string;
  /** Environment handed to the extension host through the payload. */
  extensionEnv(extra?: Record<string, string>): Record<string, string>;
  /**
   * Workbench URL loading the extension in development mode (optionally with tests / env),
   * opening `workspace` (default: the session's).
   */
  workbenchUrl(opts?: { testsPath?: string; env?: Record<string, string> | false; dev?: boolean; workspace?: string }): string;
  /**
   * Another fresh copy of the fixture workspace, at <runDir>/ws/<id>/workspace. A new folder
   * path also means fresh workbench state for it (open editors, hot-exit backups), which
   * VS Code keeps per folder on the server.
   */
  createWorkspace(id: string): string;
}

/**
 * User settings of the fresh code-server (never the API key). The gateway address is the user's
 * own, as after "Set Gateway URL": one a workspace set would need the user's confirmation first.
 */
export function harnessUserSettings(emulator: Emulator): Record<string, unknown> {
  return { 'genaiGateway.baseUrl': emulator.url };
}

/** Extension-host environment: emulator coordinates and the API key fallback the extension reads. */
export function emulatorEnv(emulator: Emulator): Record<string, string> {
  return {
    GENAI_EMULATOR_URL: emulator.url,
    GENAI_EMULATOR_KEY: emulator.apiKey,
    GENAI_EMULATOR_TOKEN: emulator.accessToken,
    GENAI_GATEWAY_API_KEY: emulator.apiKey,
  };
}

export async function startSession(opts: SessionOptions): Promise<Session> {
  const t0 = Date.now();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `genai-vsc-${opts.name}-`));
  const keep = opts.keepRunDir || process.env.GENAI_KEEP_RUN_DIR === '1';
  onCleanup('run dir', () => {
    if (keep) log(`run dir kept: ${runDir}`);
    else fs.rmSync(runDir, { recursive: true, force: true });
  });
  const logDir = path.join(runDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  // runs after the processes are stopped, before the run dir goes away
  onCleanup('collect logs', () => collectLogs(runDir, path.join(LOG_DIR, opts.name)));

  const emulator = await startGatewayEmulator(opts.emulatorPort ?? 0, opts.emulatorOptions);
  const workspace = createWorkspace(path.join(runDir, 'workspace'));
  fs.mkdirSync(path.join(runDir, 'tmp'), { recursive: true });

  const codeServer = await startCodeServer({
    port: opts.codeServerPort,
    host: opts.host,
    publicAuthority: opts.publicAuthority,
    runDir: path.join(runDir, 'cs'),
    workspace,
    env: opts.serverEnv?.(emulator),
    userSettings: harnessUserSettings(emulator),
    logFile: path.join(logDir, 'code-server.log'),
    reconnectionGraceTime: opts.reconnectionGraceTime,
    installedExtensions: opts.installedExtensions,
    locale: opts.locale,
  });
  log(`code-server ${codeServer.origin} (pid ${codeServer.pid}) ready in ${elapsed(t0)}`);

  const extensionPath = opts.extensionPath ?? PROJECT_ROOT;
  const session: Session = {
    name: opts.name,
    runDir,
    workspace,
    emulator,
    codeServer,
    extensionPath,
    logDir,
    extensionEnv: (extra = {}) => ({
      ...emulatorEnv(emulator),
      GENAI_TEST_WORKSPACE: workspace,
      GENAI_TEST_OUTPUT: OUTPUT_DIR,
      GENAI_TEST_TMP: path.join(runDir, 'tmp'),
      GENAI_HARNESS: 'code-server',
      ...extra,
    }),
    workbenchUrl: (u = {}) => {
      const payload: DevPayload = {};
      if (u.dev !== false) payload.extensionDevelopmentPath = extensionPath;
      if (u.testsPath) payload.extensionTestsPath = u.testsPath;
      if (u.env !== false) payload.extensionEnvironment = u.env ?? session.extensionEnv();
      return codeServer.workbenchUrl(payload, u.workspace);
    },
    createWorkspace: (id) => createWorkspace(path.join(runDir, 'ws', id.replace(/[^\w.-]+/g, '_'), 'workspace')),
  };
  return session;
}

/** Copies server, browser and extension host logs to test-output/logs/<name>. */
function collectLogs(runDir: string, dest: string): void {
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(dest, { recursive: true });
  fs.cpSync(path.join(runDir, 'logs'), dest, { recursive: true });
  const vscodeLogs = path.join(runDir, 'cs', 'user-data', 'logs');
  if (fs.existsSync(vscodeLogs)) fs.cpSync(vscodeLogs, path.join(dest, 'vscode'), { recursive: true });
}

export { cleanupAll };
