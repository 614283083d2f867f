/** Issue #18, point 7: Kokoro voice mixes, and the gateway's own voice list (GET /v1/audio/voices) with the spec's table as fallback. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { voiceIdsOf } from '../../../src/gateway/speech';
import { isAcceptedVoice, voiceMixParts } from '../../../src/gateway/validation/speech';
import { groupVoices, voiceForText, voicesFromIds } from '../../../src/speech/voices';
import { clientFixture } from '../client/harness';

async function drain(body: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const chunk of body) n += chunk.byteLength;
  return n;
}

test('well-formed mixes of known voices are accepted; unknown parts and malformed weights are not', () => {
  for (const voice of ['af_bella+af_sky', 'af_bella(2)+af_sky(1)', 'af_heart(0.5)+bm_george+zf_xiaoyi']) assert.ok(isAcceptedVoice(voice), voice);
  for (const voice of ['af_bella+', '+af_sky', 'af_bella+nobody', 'af_bella(0)+af_sky', 'af_bella(-1)+af_sky', 'af_bella(x)+af_sky', 'bf_isabella']) {
    assert.ok(!isAcceptedVoice(voice), voice);
  }
  assert.ok(isAcceptedVoice('bf_isabella+af_sky', new Set(['bf_isabella'])), 'a listed voice mixes too');
  assert.deepEqual(voiceMixParts('af_bella(2)+af_sky(1)'), ['af_bella', 'af_sky']);
});

test('a mix is sent and spoken; a refusal describes mixes', async () => {
  const f = await clientFixture();
  try {
    const audio = await f.client.speech.synthesize({ model: 'kokoro', input: 'Two voices at once.', voice: 'af_bella(2)+af_sky(1)', response_format: 'wav' });
    assert.ok((await drain(audio.body)) > 44);
    await assert.rejects(
      f.client.speech.synthesize({ model: 'kokoro', input: 'x', voice: 'af_bella+nobody' }),
      (e: unknown) => e instanceof GatewayError && e.kind === 'validation' && /af_bella\(2\)\+af_sky\(1\)/.test(e.message),
    );
    assert.equal(f.received('/audio/speech'), 1);
  } finally {
    await f.close();
  }
});

for (const voiceList of ['objects', 'strings'] as const) {
  test(`the gateway's voice list (${voiceList}) is read, and its new voices are accepted`, async () => {
    const f = await clientFixture({ voiceList });
    try {
      await assert.rejects(
        f.client.speech.synthesize({ model: 'kokoro', input: 'x', voice: 'bf_isabella' }),
        (e: unknown) => e instanceof GatewayError && e.kind === 'validation',
      );
      const ids = await f.client.speech.voices();
      assert.ok(ids?.includes('bf_isabella') && ids.includes('af_heart'), JSON.stringify(ids));
      const audio = await f.client.speech.synthesize({ model: 'kokoro', input: 'A new voice.', voice: 'bf_isabella', response_format: 'wav' });
      assert.ok((await drain(audio.body)) > 44);
    } finally {
      await f.close();
    }
  });
}

test("a gateway without the endpoint: voices() is undefined, the picker falls back to the spec's table", async () => {
  const f = await clientFixture({ voiceList: 'none' });
  try {
    assert.equal(await f.client.speech.voices(), undefined);
  } finally {
    await f.close();
  }
});

test('listed voices are grouped like the table; new ones by their prefix, unknown ones under Other voices', () => {
  const voices = voicesFromIds(['zz_custom', 'bf_isabella', 'af_heart', 'bf_alice', 'am_adam', 'my-voice']);
  assert.deepEqual(
    voices.map((v) => `${v.id}:${v.language}:${v.gender}`),
    [
      'af_heart:English (American):female',
      'am_adam:English (American):male',
      'bf_alice:English (British):female',
      'bf_isabella:English (British):female',
      'zz_custom:Other voices:other',
      'my-voice:Other voices:other',
    ],
  );
  assert.deepEqual(
    groupVoices(voices)
      .map((g) => g.language)
      .at(-1),
    'Other voices',
  );
  assert.equal(voiceIdsOf({ data: [{ id: 'a_b' }, { id: 3 }, 'x y'] })?.join(), 'a_b');
  assert.equal(voiceIdsOf({ voices: [] }), undefined);
  assert.equal(
    voiceForText('Bonjour, je lis ce texte à voix haute pour vous.', { voice: 'af_heart', voiceByLanguage: { French: 'ff_siwis+af_sky' } }),
    'ff_siwis+af_sky',
  );
});
