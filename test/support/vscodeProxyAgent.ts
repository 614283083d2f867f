import * as proxyAgent from '@vscode/proxy-agent';
import { LogLevel, createProxyResolver, type ProxyAgentParams } from '@vscode/proxy-agent';
import { resolverFromProxyAgent, type ProxyResolver } from '../../src/connection/proxyAgentModule';

export interface VscodeProxyAgent {
  /** What the extension finds on the module (src/connection/vscodeProxy.ts), for the transport's `resolveProxy`. */
  readonly resolver: ProxyResolver;
  /** The agent's error log lines (a failed system lookup is logged there). */
  readonly errors: string[];
}

/**
 * The real `@vscode/proxy-agent` wired as VS Code's desktop extension host
 * wires it (src/vs/workbench/api/node/proxyResolver.ts, `connectProxyResolver`,
 * not remote): `createProxyResolver(params)`, then `resolveProxyURL` set on the
 * module object. `systemProxy` answers as Electron's `session.resolveProxy`
 * would; no http.proxy, http.noProxy or proxy environment variables, so every
 * non-loopback URL goes to it. One call is one extension host's lifetime.
 */
export function wireVscodeProxyAgent(systemProxy: (url: string) => Promise<string | undefined>): VscodeProxyAgent {
  const errors: string[] = [];
  const ignore = () => undefined;
  const params: ProxyAgentParams = {
    resolveProxy: systemProxy,
    getProxyURL: () => undefined,
    getProxySupport: () => 'override',
    getNoProxyConfig: () => [],
    isAdditionalFetchSupportEnabled: () => true,
    isWebSocketPatchEnabled: () => true,
    addCertificatesV1: () => false,
    addCertificatesV2: () => false,
    loadSystemCertificatesFromNode: () => false,
    loadAdditionalCertificates: async () => [],
    log: { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: (message, ...args) => errors.push([message, ...args].map(String).join(' ')) },
    getLogLevel: () => LogLevel.Error,
    proxyResolveTelemetry: ignore,
    isUseHostProxyEnabled: () => true,
    getNetworkInterfaceCheckInterval: () => 300 * 1000,
    env: {},
  };
  const { resolveProxyURL } = createProxyResolver(params);
  const target = ((proxyAgent as { default?: object }).default ?? proxyAgent) as { resolveProxyURL?: unknown };
  target.resolveProxyURL = resolveProxyURL;
  const resolver = resolverFromProxyAgent(proxyAgent);
  if (!resolver) throw new Error('@vscode/proxy-agent: resolveProxyURL not found on the module after wiring');
  return { resolver, errors };
}
