import { promises as dns } from 'node:dns';

export type Lookup = (hostname: string) => Promise<readonly { address: string }[]>;
export const systemLookup: Lookup = (hostname) => dns.lookup(hostname, { all: true });

function isLoopbackAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  return host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Whether traffic to `hostname` stays on this machine. `localhost` and
 * loopback addresses do; a `*.localhost` name only when every address it
 * resolves to is loopback (a resolver may answer otherwise).
 */
export async function isLoopbackHost(hostname: string, lookup: Lookup = systemLookup): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || isLoopbackAddress(host)) return true;
  if (!host.endsWith('.localhost')) return false;
  try {
    const addresses = await lookup(host);
    return addresses.length > 0 && addresses.every((a) => isLoopbackAddress(a.address));
  } catch {
    return false;
  }
}
