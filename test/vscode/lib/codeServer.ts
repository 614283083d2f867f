// Starts and stops a code-server (VS Code server + web workbench) with isolated state.
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as path from 'path';
import { CODE_SERVER_ENTRY, NODE24_BIN, NODE24_DIR } from './paths';
import { killTree, onCleanup, sleep } from './proc';

/** What the workbench is asked to load through the `payload` query parameter. */
export interface DevPayload {
  /** Absolute path of the extension under development (on the code-server machine). */
  extensionDevelopmentPath?: string;
  /** Absolute path of a module exporting run(): Promise<void> (mocha entry). */
  extensionTestsPath?: string;
  /** Environment variables for the extension host. */
  extensionEnvironment?: Record<string, string>;
}

export interface CodeServerOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Bind address (default 127.0.0.1). */
  host?: string;
  /** host:port the browser uses to reach the server (default host:port). */
  publicAuthority?: string;
  /** Private state lives here: user data, extensions, XDG dirs, config. */
  runDir: string;
  /** Folder opened in the workbench. */
  workspace: string;
  /** Extra environment for the server process (inherited by the extension host). */
  env?: Record<string, string>;
  /** User settings (written to <user-data>/User/settings.json). */
  userSettings?: Record<string, unknown>;
  /** Seconds a closed page keeps its extension host (default 5). */
  reconnectionGraceTime?: number;
  /** Server log file (default <runDir>/code-server.log). */
  logFile?: string;
  /**
   * Extension folders copied into the extensions dir before the start, as installed extensions. (The web
   * workbench keeps one extensionDevelopmentPath of its payload: a second extension cannot come that way.)
   */
  installedExtensions?: string[];
  /** Display language (`--locale`), e.g. `de`; VS Code switches to it only when a language pack for it is installed. */
  locale?: string;
}

export interface CodeServer {
  port: number;
  /** http://host:port */
  origin: string;
  /** host:port as seen by the browser */
  authority: string;
  pid: number;
  logFile: string;
  userDataDir: string;
  /** Workbench URL opening the workspace (or another folder), optionally with a development payload. */
  workbenchUrl(payload?: DevPayload, folder?: string): string;
  stop(): Promise<void>;
}

/** Default user settings: quiet, deterministic workbench. */
export const DEFAULT_USER_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  // the built-in Chat in the secondary side bar only takes room from the extension's views
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
};

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function healthy(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(origin + '/healthz', (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(false);
    });
  });
}

/** Environment for the server without anything that would make code-server act as a CLI client. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('VSCODE_') || k === 'ELECTRON_RUN_AS_NODE' || k.startsWith('npm_')) continue;
    env[k] = v;
  }
  return env;
}

export function buildWorkbenchUrl(origin: string, authority: string, workspace: string, payload?: DevPayload): string {
  const remote = (p: string): string => `vscode-remote://${authority}${p}`;
  const entries: [string, string][] = [];
  if (payload?.extensionDevelopmentPath) entries.push(['extensionDevelopmentPath', remote(payload.extensionDevelopmentPath)]);
  if (payload?.extensionTestsPath) entries.push(['extensionTestsPath', remote(payload.extensionTestsPath)]);
  if (payload?.extensionEnvironment) entries.push(['extensionEnvironment', JSON.stringify(payload.extensionEnvironment)]);
  let url = `${origin}/?folder=${encodeURIComponent(workspace)}`;
  if (entries.length) url += `&payload=${encodeURIComponent(JSON.stringify(entries))}`;
  return url;
}

async function startOnce(opts: CodeServerOptions, port: number): Promise<CodeServer> {
  const host = opts.host ?? '127.0.0.1';
  const run = opts.runDir;
  const dirs = {
    ud: path.join(run, 'user-data'),
    ext: path.join(run, 'extensions'),
    xdgConfig: path.join(run, 'xdg', 'config'),
    xdgData: path.join(run, 'xdg', 'data'),
    xdgCache: path.join(run, 'xdg', 'cache'),
    tmp: path.join(run, 't'),
  };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  for (const extension of opts.installedExtensions ?? []) {
    const { publisher, name, version } = JSON.parse(fs.readFileSync(path.join(extension, 'package.json'), 'utf8')) as Record<string, string>;
    fs.cpSync(extension, path.join(dirs.ext, `${publisher}.${name}-${version}`), { recursive: true });
  }
  fs.mkdirSync(path.join(dirs.ud, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.ud, 'User', 'settings.json'), JSON.stringify({ ...DEFAULT_USER_SETTINGS, ...opts.userSettings }, null, 2));
  const config = path.join(run, 'config.yaml');
  fs.writeFileSync(config, `bind-addr: ${host}:${port}\nauth: none\ncert: false\n`);
  const logFile = opts.logFile ?? path.join(run, 'code-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');

  const args = [
    CODE_SERVER_ENTRY,
    '--bind-addr',
    `${host}:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--config',
    config,
    '--user-data-dir',
    dirs.ud,
    '--extensions-dir',
    dirs.ext,
    '--reconnection-grace-time',
    String(opts.reconnectionGraceTime ?? 5),
    ...(opts.locale ? ['--locale', opts.locale] : []),
    // without it the workbench ignores the development payload
    '--vscode-option',
    'enable-smoke-test-driver',
    opts.workspace,
  ];
  const env = {
    ...cleanEnv(),
    PATH: `${path.join(NODE24_DIR, 'bin')}:${process.env.PATH ?? ''}`,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    XDG_CACHE_HOME: dirs.xdgCache,
    // IPC sockets and temp files of the server and extension host land in the run dir
    // (unless the path gets too long for a unix socket)
    ...(dirs.tmp.length <= 60 ? { TMPDIR: dirs.tmp } : {}),
    ...opts.env,
  };
  // detached: own process group, so a terminal's Ctrl+C reaches only the harness, which stops it in order
  const child = spawn(NODE24_BIN, args, { env, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const pid = child.pid!;
  let exited: string | undefined;
  child.on('exit', (code, sig) => {
    exited = `code-server exited (code ${code}, signal ${sig})`;
  });

  const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const authority = opts.publicAuthority ?? `${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    unregister();
    await killTree(pid);
  };
  const unregister = onCleanup('code-server', stop);

  const end = Date.now() + 60000;
  while (!(await healthy(origin))) {
    if (exited) {
      await stop();
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      const err = new Error(`${exited}\n${tail}`);
      (err as Error & { addressInUse?: boolean }).addressInUse = /EADDRINUSE/.test(tail);
      throw err;
    }
    if (Date.now() > end) {
      await stop();
      throw new Error(`code-server did not answer /healthz within 60 s (log: ${logFile})`);
    }
    await sleep(200);
  }
  return {
    port,
    origin,
    authority,
    pid,
    logFile,
    userDataDir: dirs.ud,
    workbenchUrl: (payload, folder) => buildWorkbenchUrl(origin, authority, folder ?? opts.workspace, payload),
    stop,
  };
}

/** Starts code-server; with no fixed port, retries on another free port if the chosen one got taken. */
export async function startCodeServer(opts: CodeServerOptions): Promise<CodeServer> {
  for (let attempt = 1; ; attempt++) {
    const port = opts.port || (await freePort(opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host));
    try {
      return await startOnce(opts, port);
    } catch (e) {
      if (!opts.port && attempt < 3 && (e as { addressInUse?: boolean }).addressInUse) continue;
      throw e;
    }
  }
}
