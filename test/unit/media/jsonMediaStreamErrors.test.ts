import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { extractBase64Fields } from '../../../src/gateway/media/jsonMediaStream';
import { MAX_JSON_BODY_BYTES, MAX_MEDIA_FIELDS } from '../../../src/gateway/responseLimits';
import { chunked, memorySinks } from './mediaTestHelpers';

const GOOD = Buffer.from('first image').toString('base64');
// Long enough for decoding, hence opening the sink, to start before the value ends.
const LONG = Buffer.alloc(1_200_000, 'video').toString('base64');

function isGatewayError(kind: GatewayError['kind'], message?: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof GatewayError, `expected a GatewayError, got ${String(error)}`);
    assert.equal(error.kind, kind);
    if (message) assert.match(error.message, message);
    return true;
  };
}

test('invalid base64 is a stream error and aborts every sink opened so far', async () => {
  const invalid = ['abc!', 'ab=c', 'AB==AAAA', 'A', 'AAAAA', '====', 'AB=', 'A===', 'AA AA', 'AA\\"A', 'AA\\\\A', 'AA\\bA', 'AA\\u00e9A', 'AA\\u12', 'AA\\x', 'QUJD\u00e9', 'QUJD\\u0000'];
  for (const value of invalid) {
    const { sinks, open } = memorySinks();
    const text = `{"data":[{"b64_json":"${GOOD}"},{"b64_json":"${value}"}]}`;
    await assert.rejects(
      extractBase64Fields(chunked(text, [text.length - 8]), ['b64_json'], open),
      isGatewayError('stream', /"b64_json" value at data\[1\]\.b64_json is not valid base64/),
      value,
    );
    assert.ok(sinks.length >= 1, value);
    for (const sink of sinks) assert.equal(sink.state, 'aborted', value);
  }
});

test('a body cut anywhere is a stream error, and no sink is closed', async () => {
  const text = `{"created":1,"data":[{"b64_json":"${GOOD}","revised_prompt":"a \\"b\\" \\u00e9"},{"b64_json":"${GOOD}"}],"n":-1.5e3,"ok":true}`;
  for (let length = 0; length < text.length; length++) {
    const { sinks, open } = memorySinks();
    await assert.rejects(
      extractBase64Fields(chunked(text.slice(0, length), [Math.floor(length / 2)]), ['b64_json'], open),
      isGatewayError('stream', /ended before its JSON document was complete/),
      `cut at ${length}`,
    );
    for (const sink of sinks) assert.equal(sink.state, 'aborted');
  }
});

test('malformed JSON is a stream error naming the byte', async () => {
  const malformed: [string, RegExp][] = [
    ['{"a":1,}', /unexpected "}" at byte 7/],
    ['{"a":1}x', /unexpected "x" at byte 7/],
    ['[1 2]', /unexpected "2" at byte 3/],
    ['{"a" 1}', /unexpected "1"/],
    ['{a:1}', /unexpected "a"/],
    ['{"a":tru}', /invalid value "tru"/],
    ['{"a":01}', /invalid value "01"/],
    ['{"a":"x\u0001"}', /invalid string/],
    ['{"a":"\\q"}', /invalid string/],
    ['{"a":[}', /unexpected "}"/],
    ['{"a":1]', /unexpected "]"/],
    ['', /ended before/],
    ['   ', /ended before/],
  ];
  for (const [text, message] of malformed) {
    const { open } = memorySinks();
    await assert.rejects(extractBase64Fields(chunked(text), ['b64_json'], open), isGatewayError('stream', message), text);
  }
});

test('an abort before the start opens nothing', async () => {
  const { sinks, open } = memorySinks();
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(
    extractBase64Fields(chunked(`{"b64_json":"${GOOD}"}`), ['b64_json'], open, controller.signal),
    isGatewayError('aborted'),
  );
  assert.equal(sinks.length, 0);
});

test('an abort while waiting for the network stops at once, aborts the sinks and releases the body', async () => {
  const { sinks, open } = memorySinks();
  const controller = new AbortController();
  const pieces = [`{"data":[{"b64_json":"${GOOD}"},{"b64_json":"`, LONG];
  let released = false;
  const stalledBody: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        const piece = pieces.shift();
        if (piece !== undefined) return { done: false, value: Buffer.from(piece) };
        setTimeout(() => controller.abort(), 10);
        return new Promise<IteratorResult<Uint8Array>>(() => undefined);
      },
      return: async () => {
        released = true;
        return { done: true, value: undefined };
      },
    }),
  };
  await assert.rejects(extractBase64Fields(stalledBody, ['b64_json'], open, controller.signal), isGatewayError('aborted'));
  assert.deepEqual(
    sinks.map((sink) => sink.state),
    ['aborted', 'aborted'],
  );
  assert.ok(released, 'the body was told to stop');
});

test('failures of the body or of a sink are passed on, and the sinks are aborted', async () => {
  const bodyFailure = new Error('connection reset');
  async function* failing(): AsyncGenerator<Uint8Array> {
    yield Buffer.from(`{"data":[{"b64_json":"${GOOD}"},{"b64_json":"${LONG}`);
    throw bodyFailure;
  }
  const { sinks, open } = memorySinks();
  await assert.rejects(extractBase64Fields(failing(), ['b64_json'], open), (error) => error === bodyFailure);
  assert.deepEqual(
    sinks.map((sink) => sink.state),
    ['aborted', 'aborted'],
  );

  const diskFull = new Error('ENOSPC');
  const aborted: number[] = [];
  const text = `{"data":[{"b64_json":"${GOOD}"},{"b64_json":"${GOOD}"}]}`;
  await assert.rejects(
    extractBase64Fields(chunked(text), ['b64_json'], async ({ index }) => ({
      write: async () => {
        if (index === 1) throw diskFull;
      },
      finish: async () => undefined,
      close: async () => undefined,
      abort: async () => {
        aborted.push(index);
      },
    })),
    (error) => error === diskFull,
  );
  assert.deepEqual(aborted.sort((a, b) => a - b), [0, 1]);
});

test('a failure to close a sink aborts it and the ones after it', async () => {
  const closeFailure = new Error('rename failed');
  const events: string[] = [];
  const text = `{"data":[{"b64_json":"${GOOD}"},{"b64_json":"${GOOD}"},{"b64_json":"${GOOD}"}]}`;
  await assert.rejects(
    extractBase64Fields(chunked(text), ['b64_json'], async ({ index }) => ({
      write: async () => undefined,
      finish: async () => undefined,
      close: async () => {
        events.push(`close ${index}`);
        if (index === 1) throw closeFailure;
      },
      abort: async () => {
        events.push(`abort ${index}`);
      },
    })),
    (error) => error === closeFailure,
  );
  assert.deepEqual(events, ['close 0', 'close 1', 'abort 1', 'abort 2']);
});

test('each sink is finished when its value ends, before the next one opens, and closed only at the end', async () => {
  const { sinks, open } = memorySinks();
  const states: string[][] = [];
  const opening = async (occurrence: Parameters<typeof open>[0]) => {
    states.push(sinks.map((sink) => sink.state));
    return open(occurrence);
  };
  await extractBase64Fields(chunked(`{"data":[{"b64_json":"${GOOD}"},{"b64_json":"${GOOD}"},{"b64_json":"${GOOD}"}]}`), ['b64_json'], opening);
  assert.deepEqual(states, [[], ['finished'], ['finished', 'finished']]);
  assert.deepEqual(sinks.map((sink) => sink.state), ['closed', 'closed', 'closed']);
});

test(`more than ${MAX_MEDIA_FIELDS} media values are refused, and every sink is aborted`, async () => {
  const items = (count: number) => Array.from({ length: count }, () => `{"b64_json":"${GOOD}"}`).join(',');
  const atLimit = memorySinks();
  await extractBase64Fields(chunked(`{"data":[${items(MAX_MEDIA_FIELDS)}]}`), ['b64_json'], atLimit.open);
  assert.equal(atLimit.sinks.length, MAX_MEDIA_FIELDS);
  const beyond = memorySinks();
  await assert.rejects(extractBase64Fields(chunked(`{"data":[${items(MAX_MEDIA_FIELDS + 1)}]}`), ['b64_json'], beyond.open), (error: unknown) => {
    assert.ok(error instanceof GatewayError && error.code === 'response_limit');
    assert.equal(error.message, `The gateway's response holds more than ${MAX_MEDIA_FIELDS} media results, the most this extension saves from one response.`);
    return true;
  });
  assert.ok(beyond.sinks.every((sink) => sink.state === 'aborted'));
});

test('what is not media counts against the JSON limit; the media itself does not', async () => {
  const media = Buffer.alloc(MAX_JSON_BODY_BYTES).toString('base64');
  const { sinks, open } = memorySinks();
  await extractBase64Fields(chunked(`{"data":[{"b64_json":"${media}","revised_prompt":"fine"}]}`), ['b64_json'], open);
  assert.equal(sinks[0]?.bytes.length, MAX_JSON_BODY_BYTES);
  const text = `{"data":[{"b64_json":"${GOOD}","revised_prompt":"${'x'.repeat(MAX_JSON_BODY_BYTES)}"}]}`;
  const cuts = Array.from({ length: 64 }, (_, i) => (i + 1) * 2 ** 18);
  const refused = memorySinks();
  await assert.rejects(extractBase64Fields(chunked(text, cuts), ['b64_json'], refused.open), (error: unknown) => {
    assert.ok(error instanceof GatewayError && error.code === 'response_limit');
    assert.match(error.message, /holds more than 16 MiB besides its media/);
    return true;
  });
  assert.deepEqual(refused.sinks.map((sink) => sink.state), ['aborted']);
});

test('a media value may decode to its cap, one byte more is refused and its sink aborted', async () => {
  const cap = 300_000;
  const atCap = memorySinks();
  await extractBase64Fields(chunked(`{"data":[{"b64_json":"${Buffer.alloc(cap, 1).toString('base64')}"}]}`), ['b64_json'], atCap.open, undefined, cap);
  assert.equal(atCap.sinks[0]?.bytes.length, cap);
  const beyond = memorySinks();
  const text = `{"data":[{"b64_json":"${GOOD}"},{"b64_json":"${Buffer.alloc(cap + 1, 1).toString('base64')}"}]}`;
  await assert.rejects(extractBase64Fields(chunked(text), ['b64_json'], beyond.open, undefined, cap), (error: unknown) => {
    assert.ok(error instanceof GatewayError && error.code === 'response_limit');
    assert.equal(error.message, `The "b64_json" value at data[1].b64_json in the gateway's response is larger than 300000 bytes, the most this extension saves for one media file.`);
    return true;
  });
  assert.deepEqual(beyond.sinks.map((sink) => sink.state), ['aborted', 'aborted']);
});
