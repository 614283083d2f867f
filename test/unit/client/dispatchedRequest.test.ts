// The response body the transport reads, fed by undici's dispatcher without a stream between them,
// over real HTTP: its memory stays bounded for a slow reader, leaving it or cancelling it closes the
// connection, and failures reach the reader.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { Agent } from 'undici';
import { dispatchRequest, type DispatchedRequestSpec } from '../../../src/gateway/dispatchedRequest';

const MB = 2 ** 20;

interface Served {
  origin: string;
  /** Bytes the server's socket has taken so far. */
  sent(): number;
  closed: Promise<void>;
  stop(): Promise<void>;
}

/** A server answering every request with `handle`, counting what its response wrote. */
async function serve(handle: (res: http.ServerResponse) => void): Promise<Served> {
  let response: http.ServerResponse | undefined;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const server = http.createServer((_req, res) => {
    response = res;
    res.on('close', resolveClosed);
    handle(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => response?.socket?.bytesWritten ?? 0,
    closed,
    stop: async () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Writes `total` bytes in 64 KiB pieces as fast as the connection takes them. */
function writeMany(res: http.ServerResponse, total: number): void {
  res.writeHead(200, { 'content-length': String(total) });
  const piece = Buffer.alloc(64 * 1024, 0x61);
  let left = total;
  const more = (): void => {
    while (left > 0) {
      left -= piece.length;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    res.end();
  };
  more();
}

function spec(origin: string, extra: Partial<DispatchedRequestSpec> = {}): DispatchedRequestSpec {
  return { url: `${origin}/v1/x?y=1`, method: 'GET', headers: {}, headersTimeout: 5000, bodyTimeout: 5000, ...extra };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a reader that stops reading pauses the connection: the server cannot send the whole body meanwhile', async () => {
  const served = await serve((res) => writeMany(res, 256 * MB));
  const agent = new Agent();
  try {
    const response = await dispatchRequest(agent, spec(served.origin));
    const chunks = response.body[Symbol.asyncIterator]();
    await chunks.next();
    await wait(300);
    const sentWhilePaused = served.sent();
    await wait(300);
    assert.ok(sentWhilePaused < 64 * MB, `the server sent ${(sentWhilePaused / MB).toFixed(1)} MB to a reader that read one chunk`);
    assert.equal(served.sent(), sentWhilePaused, 'the server kept sending to a paused connection');
    let received = 0;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) received += next.value.byteLength;
    assert.ok(received > 255 * MB, `the rest arrived once reading went on (${received} bytes)`);
  } finally {
    await agent.destroy();
    await served.stop();
  }
});

test('leaving the loop early closes the connection instead of reading the rest', async () => {
  const served = await serve((res) => writeMany(res, 1024 * MB));
  const agent = new Agent();
  try {
    const response = await dispatchRequest(agent, spec(served.origin));
    for await (const chunk of response.body) {
      assert.ok(chunk.byteLength > 0);
      break;
    }
    await Promise.race([served.closed, wait(3000).then(() => assert.fail('the connection stayed open'))]);
    assert.ok(served.sent() < 64 * MB, `${(served.sent() / MB).toFixed(1)} MB were sent`);
  } finally {
    await agent.destroy();
    await served.stop();
  }
});

test('the signal cancels a body being read: the reader fails with its reason and the connection closes', async () => {
  const served = await serve((res) => {
    res.writeHead(200);
    res.write('first');
  });
  const agent = new Agent();
  const controller = new AbortController();
  try {
    const response = await dispatchRequest(agent, spec(served.origin, { signal: controller.signal }));
    const chunks = response.body[Symbol.asyncIterator]();
    assert.equal(Buffer.from((await chunks.next()).value as Uint8Array).toString(), 'first');
    const reading = chunks.next();
    controller.abort();
    await assert.rejects(reading, { name: 'AbortError' });
    await Promise.race([served.closed, wait(3000).then(() => assert.fail('the connection stayed open'))]);
    let closed = false;
    response.body.onClose(() => (closed = true));
    assert.ok(closed, 'close listeners run at once on a closed body');
  } finally {
    await agent.destroy();
    await served.stop();
  }
});

test('a signal already aborted fails the request before anything is sent', async () => {
  let requests = 0;
  const served = await serve((res) => {
    requests++;
    res.end('x');
  });
  const agent = new Agent();
  try {
    await assert.rejects(dispatchRequest(agent, spec(served.origin, { signal: AbortSignal.abort() })), { name: 'AbortError' });
    assert.equal(requests, 0);
  } finally {
    await agent.destroy();
    await served.stop();
  }
});

test('a connection cut in the middle of the body fails the reader with the socket error', async () => {
  const served = await serve((res) => {
    res.writeHead(200, { 'content-length': '100000' });
    res.write('x'.repeat(1000), () => setTimeout(() => res.socket?.destroy(), 50));
  });
  const agent = new Agent();
  try {
    const response = await dispatchRequest(agent, spec(served.origin));
    await assert.rejects(
      (async () => {
        for await (const chunk of response.body) assert.ok(chunk.byteLength > 0);
      })(),
      (error: Error & { code?: string }) => error.code === 'UND_ERR_SOCKET',
    );
  } finally {
    await agent.destroy();
    await served.stop();
  }
});

test('an informational 103 answer is skipped: the request resolves with the final one, its headers, query and body', async () => {
  let seenUrl = '';
  const server = http.createServer((req, res) => {
    seenUrl = req.url ?? '';
    res.writeEarlyHints({ link: '</style.css>; rel=preload' });
    res.writeHead(201, { 'x-request-id': 'req-9', 'set-cookie': ['a=1', 'b=2'] });
    res.end('{"ok":true}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const agent = new Agent();
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await dispatchRequest(agent, spec(origin, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }));
    assert.equal(response.statusCode, 201);
    assert.equal(response.headers['x-request-id'], 'req-9');
    assert.deepEqual(response.headers['set-cookie'], ['a=1', 'b=2']);
    assert.equal(seenUrl, '/v1/x?y=1');
    const parts: Buffer[] = [];
    for await (const chunk of response.body) parts.push(Buffer.from(chunk));
    assert.equal(Buffer.concat(parts).toString(), '{"ok":true}');
  } finally {
    await agent.destroy();
    server.closeAllConnections();
    server.close();
  }
});

test('a refused connection rejects the request with the network error', async () => {
  const served = await serve((res) => res.end());
  const origin = served.origin;
  await served.stop();
  const agent = new Agent();
  try {
    await assert.rejects(dispatchRequest(agent, spec(origin)), (error: Error & { code?: string }) => error.code === 'ECONNREFUSED');
  } finally {
    await agent.destroy();
  }
});
