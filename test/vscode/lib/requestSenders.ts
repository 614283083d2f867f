// Which window sent each request the emulator received: the client port of its connection (the emulator
// records it), the process holding that port (`ss`, while the connection is open: the extension keeps its
// connections alive between polls), and that process's environment (the window's extension host got its
// own through the workbench payload).
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import type { Emulator } from './emulator';

type RecordedRequest = Emulator['requests'][number];

export class RequestSenders {
  private readonly senderByPort = new Map<number, string>();
  private readonly timer: NodeJS.Timeout;

  /** `windowOf` names the window of an extension host from its environment; undefined for other processes. */
  constructor(
    private readonly emulator: Emulator,
    private readonly windowOf: (env: Map<string, string>) => string | undefined,
  ) {
    this.timer = setInterval(() => this.lookUp(), 150);
  }

  /** The window that sent `request`; `unknown` when its connection closed before it was looked up. */
  of(request: RecordedRequest): string {
    if (request.remotePort !== undefined && !this.senderByPort.has(request.remotePort)) this.lookUp();
    return (request.remotePort !== undefined && this.senderByPort.get(request.remotePort)) || 'unknown';
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private lookUp(): void {
    const unknown = new Set(this.emulator.requests.map((r) => r.remotePort).filter((port) => port !== undefined && !this.senderByPort.has(port)));
    if (unknown.size === 0) return;
    const emulatorPort = Number(new URL(this.emulator.url).port);
    for (const line of execFileSync('ss', ['-tnpH'], { encoding: 'utf8' }).split('\n')) {
      const match = /\S+:(\d+)\s+\S+:(\d+)\s+users:\(\("[^"]*",pid=(\d+)/.exec(line);
      if (!match || Number(match[2]) !== emulatorPort || !unknown.has(Number(match[1]))) continue;
      this.senderByPort.set(Number(match[1]), this.windowOf(environmentOf(Number(match[3]))) ?? `pid ${match[3]}`);
    }
  }
}

function environmentOf(pid: number): Map<string, string> {
  const text = fs.readFileSync(`/proc/${pid}/environ`, 'latin1');
  return new Map(text.split('\0').map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

/** Extension host processes whose environment `windowOf` names, by window (the workbench starts one per window). */
export function extensionHosts(windowOf: (env: Map<string, string>) => string | undefined): Map<string, number[]> {
  const hosts = new Map<string, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes('extensionHost')) continue;
      const window = windowOf(environmentOf(Number(entry)));
      if (window) hosts.set(window, [...(hosts.get(window) ?? []), Number(entry)]);
    } catch {
      // The process ended, or is another user's.
    }
  }
  return hosts;
}
