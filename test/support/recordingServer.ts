import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RecordingServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/** A loopback HTTP server that records every request (body included) and answers it with `answer`. */
export async function startRecordingServer(answer: (request: SeenRequest, response: http.ServerResponse) => void): Promise<RecordingServer> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(parts).toString('utf8') };
      seen.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
