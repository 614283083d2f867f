import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getQuickJS } from '@tootallnate/quickjs-emscripten';
import { createPacResolver } from 'pac-resolver';

export interface PacServer {
  /** Where the PAC file is served (what a company sets as its proxy auto-config URL). */
  readonly url: string;
  /** The PAC file's text, served as it is at each fetch. */
  script: string;
  /** How many times the PAC file was fetched. */
  readonly fetches: number;
  close(): Promise<void>;
}

/** Serves a PAC file over HTTP on loopback; change `script` to change what the next fetch gets. */
export async function startPacServer(script: string): Promise<PacServer> {
  let fetches = 0;
  const pac = { script };
  const server = http.createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'Content-Type': 'application/x-ns-proxy-autoconfig', 'Cache-Control': 'no-store' }).end(pac.script);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/proxy.pac`,
    get script() {
      return pac.script;
    },
    set script(text: string) {
      pac.script = text;
    },
    get fetches() {
      return fetches;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The answer an operating system or browser gives for a URL under a PAC file
 * ("DIRECT", "PROXY host:port; DIRECT", ...): what VS Code's desktop extension
 * host gets from Electron's `session.resolveProxy`. Fetches the PAC file afresh
 * for every URL and runs its FindProxyForURL in QuickJS with the standard PAC
 * functions (pac-resolver, the engine of pac-proxy-agent). Rejects when the
 * file cannot be fetched or run.
 */
export function pacAnswers(pacUrl: string): (url: string) => Promise<string> {
  const quickJs = getQuickJS();
  return async (url) => {
    const response = await fetch(pacUrl);
    if (!response.ok) throw new Error(`PAC file ${pacUrl}: HTTP ${response.status}`);
    const findProxyForUrl = createPacResolver(await quickJs, await response.text());
    return findProxyForUrl(url);
  };
}
