/**
 * VS Code's own answer to "which proxy for this URL" (http.proxy, http.noProxy,
 * the proxy environment variables, and the system's proxy settings with PAC
 * files, as its extension host resolves them for patched http/https/fetch).
 *
 * Evidence (VS Code's src/vs/workbench/api/node/proxyResolver.ts): after
 * `createProxyResolver(params)` the extension host sets
 * `(proxyAgent.default || proxyAgent).resolveProxyURL = resolveProxyURL` on the
 * `@vscode/proxy-agent` module object (since VS Code PR #234896, "Keep
 * originals and resolveProxyURL", Dec 2024). The module is not an API: it is
 * looked up from VS Code's own install, and when it is not there (older VS
 * Code, another layout) the transport falls back to http.proxy and the
 * environment variables.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { resolverFromProxyAgent, type ProxyResolver } from './proxyAgentModule';

let cached: { resolver: ProxyResolver | undefined } | undefined;

export function vscodeProxyResolver(): ProxyResolver | undefined {
  if (cached) return cached.resolver;
  let resolver: ProxyResolver | undefined;
  try {
    const load = createRequire(path.join(vscode.env.appRoot, 'package.json'));
    resolver = resolverFromProxyAgent(load('@vscode/proxy-agent'));
  } catch {
    resolver = undefined;
  }
  cached = { resolver };
  return resolver;
}
