// Process bookkeeping: cleanup registry, signal handling, killing process trees by PID.
import * as fs from 'fs';

const T0 = Date.now();

export function elapsed(since = T0): string {
  return ((Date.now() - since) / 1000).toFixed(1) + 's';
}

export function log(...args: unknown[]): void {
  console.log(`[harness ${elapsed()}]`, ...args);
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Rejects after ms with message (the timer does not keep the process alive). */
export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

// ------------------------------------------------------------------ cleanup registry

interface Cleanup {
  name: string;
  fn: () => unknown;
}
const cleanups: Cleanup[] = [];
let cleaning: Promise<void> | undefined;

/** Registers fn to run at cleanup (last registered runs first). Returns an unregister function. */
export function onCleanup(name: string, fn: () => unknown): () => void {
  const entry = { name, fn };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every registered cleanup once, newest first; each is bounded by a timeout. */
export function cleanupAll(quiet = false): Promise<void> {
  if (!cleaning) {
    cleaning = (async () => {
      while (cleanups.length) {
        const c = cleanups.pop()!;
        try {
          await withTimeout(Promise.resolve().then(c.fn), 20000, `cleanup "${c.name}" timed out`);
        } catch (e) {
          if (!quiet) log(`cleanup ${c.name} failed:`, e instanceof Error ? e.message : e);
        }
      }
    })().finally(() => {
      cleaning = undefined;
    });
  }
  return cleaning;
}

let handlersInstalled = false;

/** On SIGINT/SIGTERM/SIGHUP and on crashes: clean up everything, then exit. */
export function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const codes: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const sig of Object.keys(codes) as NodeJS.Signals[]) {
    process.on(sig, () => {
      log(`${sig} received: stopping everything`);
      // a second signal while cleaning up forces the exit
      process.on(sig, () => process.exit(codes[sig]));
      void cleanupAll().finally(() => process.exit(codes[sig]));
    });
  }
  process.on('uncaughtException', (e) => {
    log('uncaught exception:', e);
    void cleanupAll().finally(() => process.exit(1));
  });
  process.on('unhandledRejection', (e) => {
    log('unhandled rejection:', e);
    void cleanupAll().finally(() => process.exit(1));
  });
}

// ------------------------------------------------------------------ process trees

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ..." where comm may contain spaces and parentheses
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[1]);
  } catch {
    return undefined;
  }
}

/** All descendants of pid (children, grandchildren, ...), read from /proc. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const child = Number(name);
    const ppid = parentOf(child);
    if (ppid === undefined) continue;
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid)!.push(child);
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      out.push(c);
      stack.push(c);
    }
  }
  return out;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // a zombie still answers kill(0); treat it as gone
    const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Kills pid and all its descendants. The tree is collected BEFORE any kill, because
 * children of a killed process are re-parented and could no longer be found.
 */
export async function killTree(pid: number, graceMs = 3000): Promise<void> {
  const all = [pid, ...descendants(pid)];
  for (const p of all) {
    try {
      process.kill(p, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  const end = Date.now() + graceMs;
  while (Date.now() < end && all.some(isAlive)) await sleep(100);
  // processes started meanwhile by the tree are picked up too
  const left = [...new Set([...all.filter(isAlive), ...all.filter(isAlive).flatMap(descendants)])];
  for (const p of left) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}
