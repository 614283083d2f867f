/**
 * Keeps a test on loopback: every socket connection is recorded with the
 * address it goes to, and one to any other address, or a name left to the
 * system resolver (which would query a DNS server), fails before a packet
 * leaves and is recorded as a violation. Names looked up by a `lookup` option
 * (the client's checked lookup) are judged by the addresses that lookup gives.
 */
import dns from 'node:dns';
import net from 'node:net';

export interface Tripwire {
  /** The address of every connection made, in order. */
  readonly connections: string[];
  /** What was stopped: connections elsewhere than loopback, names for the system resolver. */
  readonly violations: string[];
  restore(): void;
}

type Lookup = NonNullable<net.TcpNetConnectOpts['lookup']>;

const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);

export function installTripwire(): Tripwire {
  const connections: string[] = [];
  const violations: string[] = [];
  const connect = net.Socket.prototype.connect;
  const { lookup } = dns;
  const promisesLookup = dns.promises.lookup;
  /** Undefined when the address may be connected to; otherwise the error to fail with. */
  const admit = (address: string): Error | undefined => {
    if (isLoopback(address)) {
      connections.push(address);
      return undefined;
    }
    violations.push(`connection to ${address}`);
    return new Error(`tripwire: a connection to ${address} was stopped`);
  };
  const resolverUsed = (hostname: string): Error => {
    violations.push(`system lookup of ${hostname}`);
    return Object.assign(new Error(`tripwire: the system resolver was asked for ${hostname}`), { code: 'ENOTFOUND' });
  };
  dns.lookup = ((hostname: string, ...rest: unknown[]) => {
    // An address is answered without a query (servers' listen() asks for it).
    if (net.isIP(hostname)) return (lookup as (...args: unknown[]) => unknown)(hostname, ...rest);
    const callback = rest.at(-1) as (error: Error) => void;
    const error = resolverUsed(hostname);
    process.nextTick(() => callback(error));
  }) as unknown as typeof dns.lookup;
  dns.promises.lookup = (async (hostname: string) => {
    throw resolverUsed(hostname);
  }) as typeof dns.promises.lookup;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (Array.isArray(first) ? first[0] : typeof first === 'object' ? first : { host: args[1] }) as Partial<net.TcpNetConnectOpts> & {
      path?: string;
    };
    if (options.path === undefined) {
      const host = options.host ?? 'localhost';
      const stopped = net.isIP(host) ? admit(host) : options.lookup ? undefined : resolverUsed(host);
      if (stopped) {
        process.nextTick(() => this.destroy(stopped));
        return this;
      }
      if (options.lookup) options.lookup = checkedLookup(options.lookup, admit);
    }
    return connect.apply(this, args as Parameters<typeof connect>);
  } as typeof connect;
  return {
    connections,
    violations,
    restore: () => {
      net.Socket.prototype.connect = connect;
      dns.lookup = lookup;
      dns.promises.lookup = promisesLookup;
    },
  };
}

/** `lookup`, with each address it gives admitted (or stopped) before the socket uses it. */
function checkedLookup(lookup: Lookup, admit: (address: string) => Error | undefined): Lookup {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const stopped = (Array.isArray(address) ? address : [{ address }]).map((one) => admit(one.address)).find(Boolean);
      if (stopped) return callback(stopped, '', 0);
      callback(null, address, family);
    });
  };
}
