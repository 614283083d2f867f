/**
 * The proxy lookup VS Code's extension host leaves on its `@vscode/proxy-agent`
 * module object (`(proxyAgent.default || proxyAgent).resolveProxyURL`, set after
 * `createProxyResolver(params)`; see vscodeProxy.ts). Free of `vscode` so the
 * unit suite can hand it the real package wired as VS Code wires it.
 */
export type ProxyResolver = (url: string) => Promise<string | undefined>;

export function resolverFromProxyAgent(mod: unknown): ProxyResolver | undefined {
  const candidate = mod as { resolveProxyURL?: unknown; default?: { resolveProxyURL?: unknown } } | undefined;
  const fn = candidate?.resolveProxyURL ?? candidate?.default?.resolveProxyURL;
  return typeof fn === 'function' ? (url) => (fn as ProxyResolver)(url) : undefined;
}
