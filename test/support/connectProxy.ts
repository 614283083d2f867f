import * as http from 'node:http';
import * as net from 'node:net';

export interface ConnectProxy {
  readonly url: string;
  /** host:port of every CONNECT tunnel opened, in order. */
  readonly tunnels: string[];
  /** The Proxy-Authorization of every CONNECT, in order (undefined: none sent). */
  readonly authorizations: (string | undefined)[];
  close(): Promise<void>;
}

export interface ConnectProxyOptions {
  /** The Proxy-Authorization value required; other CONNECTs get 407 with a Basic challenge. */
  requireAuthorization?: string;
}

/** A minimal HTTP CONNECT proxy on loopback that records the tunnels it opens. */
export async function startConnectProxy(options: ConnectProxyOptions = {}): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_req, res) => {
    res.writeHead(405).end('CONNECT only');
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = req.url ?? '';
    authorizations.push(req.headers['proxy-authorization']);
    if (options.requireAuthorization !== undefined && req.headers['proxy-authorization'] !== options.requireAuthorization) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    tunnels.push(target);
    const [host, port] = target.split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
