/** Issue #18, point 8: ids nothing classifies are never hidden and can be given a kind; a model the key cannot use gives the gateway's message with advice. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyModel, modelsOfKind, placeModel } from '../../../src/gateway/catalog';
import { GatewayError } from '../../../src/gateway/errors';
import { clientFixture } from '../client/harness';

test('known ids, names and overrides are placed; anything else is unknown, offered under "Other" and sent as chat', () => {
  assert.equal(placeModel('bytedance-seedream-4-5').kind, 'image');
  assert.equal(placeModel('seedance-2-0-pro').kind, 'videoTask');
  assert.equal(placeModel('my-kokoro-voice').kind, 'speech');
  assert.equal(placeModel('gpt-4o').kind, 'chat');
  assert.equal(placeModel('acme-render-v2').kind, 'unknown');
  assert.equal(placeModel('acme-render-v2', { 'acme-render-v2': 'image-4.5' }).kind, 'image');
  assert.equal(classifyModel('acme-render-v2', { 'acme-render-v2': 'image-4.5' }), 'image-4.5');
  assert.equal(classifyModel('acme-render-v2'), 'chat');
  for (const kind of ['chat', 'image', 'video', 'videoTask', 'speech'] as const) {
    assert.deepEqual(modelsOfKind(['acme-render-v2', 'google-veo-3-1'], kind, (id) => placeModel(id)).other, ['acme-render-v2'], 'never hidden');
  }
});

test('a model the gateway does not have (or the key may not use): its model-not-found message, with advice and request id', async () => {
  const f = await clientFixture({}, { capabilityOverrides: { 'acme-render-v2': 'image-4.5' } });
  try {
    const error = await f.client.images.generate({ model: 'acme-render-v2', prompt: 'a red kite' }).then(
      () => assert.fail('resolved'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof GatewayError);
    assert.equal(error.status, 404);
    assert.equal(error.code, 'model_not_found');
    assert.match(error.message, /acme-render-v2/);
    assert.match(error.userMessage, /your key may not use it/);
    assert.match(error.userMessage, /Select Model/);
    assert.match(error.userMessage, /request id /);
  } finally {
    await f.close();
  }
});

test('an unclassified id sent to a media endpoint is refused before sending, naming the modelCapabilities setting', async () => {
  const f = await clientFixture();
  try {
    await assert.rejects(
      f.client.videos.generate({ model: 'acme-render-v2', prompt: 'x' }),
      (e: unknown) => e instanceof GatewayError && e.kind === 'validation' && /genaiGateway\.modelCapabilities/.test(e.message),
    );
    assert.equal(f.received('/videos'), 0);
  } finally {
    await f.close();
  }
});
