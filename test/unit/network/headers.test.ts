import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { checkedHeaders, describeHeaders, headerNameProblem } from '../../../src/gateway/headers';
import { Transport, TransportOptions } from '../../../src/gateway/transport';
import { startRecordingServer } from '../../support/recordingServer';

const KEY = 'sk-test-0123456789';

async function withServer(
  options: Partial<TransportOptions>,
  run: (t: Transport, seen: () => import('../../support/recordingServer').SeenRequest[], origin: string) => Promise<void>,
) {
  const server = await startRecordingServer((req, res) => {
    if (req.url.startsWith('/media')) return void res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
  });
  const transport = new Transport({
    baseUrl: `${server.origin}/v1`,
    userAgent: 'test-agent',
    getCredential: async () => KEY,
    env: {},
    retry: { maxAttempts: 1 },
    ...options,
  });
  try {
    await run(transport, () => server.seen, server.origin);
  } finally {
    await transport.close();
    await server.close();
  }
}

const list = (t: Transport) => t.send({ method: 'GET', path: '/models', retry: 'safe' }).then((r) => r.json());

test('plain and secret headers go with every API request, the key stays the Bearer value', async () => {
  await withServer(
    {
      headers: { 'CF-Access-Client-Id': 'client.access', 'X-Tenant': ' acme ' },
      getSecretHeaders: async () => ({ 'CF-Access-Client-Secret': 's3cret-value' }),
    },
    async (t, seen) => {
      await list(t);
      await t.send({ method: 'POST', path: '/chat/completions', json: { a: 1 }, retry: 'never' }).then((r) => r.text());
      assert.equal(seen().length, 2);
      for (const request of seen()) {
        assert.equal(request.headers['cf-access-client-id'], 'client.access');
        assert.equal(request.headers['x-tenant'], 'acme');
        assert.equal(request.headers['cf-access-client-secret'], 's3cret-value');
        assert.equal(request.headers.authorization, `Bearer ${KEY}`);
        assert.equal(request.headers['user-agent'], 'test-agent');
      }
      assert.equal(seen()[1].headers['content-type'], 'application/json');
    },
  );
});

test('downloads of media links carry neither the added headers nor the key', async () => {
  await withServer(
    {
      headers: { 'X-Tenant': 'acme' },
      getSecretHeaders: async () => ({ 'CF-Access-Client-Secret': 's3cret-value' }),
    },
    async (t, seen, origin) => {
      await t.download(`${origin}/media/a.png?sig=1`).then((r) => r.text());
      const headers = seen()[0].headers;
      assert.equal(headers['x-tenant'], undefined);
      assert.equal(headers['cf-access-client-secret'], undefined);
      assert.equal(headers.authorization, undefined);
    },
  );
});

test('Authorization in the headers is refused unless authorizationHeader is custom; custom sends no key', async () => {
  let asked = 0;
  await withServer(
    {
      headers: { authorization: 'Basic abc' },
      getCredential: async () => {
        asked++;
        return KEY;
      },
    },
    async (t, seen) => {
      await assert.rejects(list(t), (e: unknown) => {
        assert.ok(e instanceof GatewayError);
        assert.equal(e.kind, 'validation');
        assert.equal(e.code, 'invalid_header');
        assert.match(
          e.message,
          /"authorization" in genaiGateway\.headers would replace the Authorization header that carries your API key.*genaiGateway\.authorizationHeader to "custom"/,
        );
        return true;
      });
      assert.equal(seen().length, 0);
      assert.equal(asked, 0, 'nobody is asked for a key before a wrong setting is reported');
    },
  );
  await withServer(
    {
      authorization: 'custom',
      getCredential: async () => {
        asked++;
        return KEY;
      },
      getSecretHeaders: async () => ({ 'api-key': KEY }),
    },
    async (t, seen) => {
      await list(t);
      assert.equal(seen()[0].headers.authorization, undefined);
      assert.equal(seen()[0].headers['api-key'], KEY);
      assert.equal(asked, 0, 'custom: the key is not even read');
    },
  );
  await withServer({ authorization: 'custom', getSecretHeaders: async () => ({ Authorization: 'Basic dXNlcjpwYXNz' }) }, async (t, seen) => {
    await list(t);
    assert.equal(seen()[0].headers.authorization, 'Basic dXNlcjpwYXNz');
  });
});

test('names must be RFC 9110 tokens; framing and hop-by-hop headers are refused; values have no CR/LF/NUL', () => {
  const bad = (plain: Record<string, unknown>, pattern: RegExp) =>
    assert.throws(
      () => checkedHeaders({ plain, authorization: 'bearer' }),
      (e: unknown) => e instanceof GatewayError && e.kind === 'validation' && pattern.test(e.message),
    );
  bad({ 'X Tenant': 'a' }, /"X Tenant" in genaiGateway\.headers is not a valid header name/);
  bad({ 'X-Tenant:': 'a' }, /not a valid header name/);
  bad({ Grüße: 'a' }, /not a valid header name/);
  bad({ '': 'a' }, /not a valid header name/);
  for (const name of [
    'Host',
    'Content-Length',
    'Transfer-Encoding',
    'Connection',
    'Keep-Alive',
    'Upgrade',
    'TE',
    'Trailer',
    'Proxy-Authorization',
    'Content-Type',
  ]) {
    bad({ [name]: 'x' }, new RegExp(`"${name}" in genaiGateway\\.headers cannot be set`));
  }
  bad({ 'X-Tenant': 'a\r\nX-Evil: 1' }, /value of the header "X-Tenant" in genaiGateway\.headers contains a line break or NUL/);
  bad({ 'X-Tenant': 'a\nb' }, /line break/);
  bad({ 'X-Tenant': 'a\0b' }, /NUL/);
  bad({ 'X-Tenant': 'a\x07b' }, /control character/);
  bad({ 'X-Tenant': 42 }, /has a number value; a header value is a string/);
  assert.throws(() => checkedHeaders({ plain: { 'x-tenant': 'a' }, secret: { 'X-Tenant': 'b' }, authorization: 'bearer' }), /set twice/);
  assert.throws(
    () => checkedHeaders({ secret: { 'X-Secret': 'a\r\nb' }, authorization: 'bearer' }),
    (e: unknown) => e instanceof GatewayError && /secret header "X-Secret"/.test(e.message) && !e.message.includes('a\r\nb'),
  );
  assert.deepEqual(checkedHeaders({ plain: { 'X-A': 'tab\tinside' }, authorization: 'bearer' }), { 'x-a': 'tab\tinside' });
  assert.equal(headerNameProblem('CF-Access-Client-Secret', 'bearer'), undefined);
  assert.match(headerNameProblem('Authorization', 'bearer') ?? '', /authorizationHeader/);
  assert.equal(headerNameProblem('Authorization', 'custom'), undefined);
  assert.equal(describeHeaders(['CF-Access-Client-Id'], ['CF-Access-Client-Secret']), 'CF-Access-Client-Id, CF-Access-Client-Secret (secret)');
  assert.equal(describeHeaders([], []), undefined);
});

test('a wrong header is an error that names it, and nothing is sent', async () => {
  await withServer({ getSecretHeaders: async () => ({ 'Bad Name': 'x' }) }, async (t, seen) => {
    await assert.rejects(list(t), /secret header "Bad Name" is not a valid header name/);
    assert.equal(seen().length, 0);
  });
});
