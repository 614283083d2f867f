import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newConversation } from '../../../src/chat/conversation';
import { parseConversation, serializeConversation } from '../../../src/chat/persistence';
import { readWebviewMessage } from '../../../src/protocol/chatProtocol';
import { answers, toolModel, toolRuntime, toolSession } from '../chat/toolTestHelpers';

const IMAGES = ['/ws/generated/a-1.png', '/ws/generated/a-2.png'];

test("a media tool's files are kept with its call (references, not bytes) and survive saving and reading back", async () => {
  const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'generate_image', arguments: '{"prompt":"a kite"}' }] : []));
  const { runtime } = toolRuntime([
    { name: 'generate_image', readOnly: false, run: async () => ({ text: 'Saved 2 images.', media: { kind: 'images', files: IMAGES } }) },
  ]);
  const { s, c } = toolSession(backend, runtime);
  await s.send('draw a kite');
  const call = answers(c)[0]?.toolCalls?.[0];
  assert.equal(call?.result, 'Saved 2 images.', 'the model reads the text only');
  assert.deepEqual(call?.media, { kind: 'images', files: IMAGES });
  assert.equal(answers(c)[1]?.text, 'Tool results: generate_image=Saved 2 images.');
  const saved = serializeConversation(c);
  assert.ok(!saved.includes('base64') && saved.length < 4000, 'history holds paths, not image data');
  assert.deepEqual(answers(parseConversation(saved))[0]?.toolCalls?.[0]?.media, { kind: 'images', files: IMAGES });
});

test("a video task's id and a saved speech file are kept; malformed media in a history file are refused", () => {
  const c = newConversation('m', '');
  c.turns.push({
    kind: 'assistant',
    id: 't',
    model: 'm',
    text: '',
    status: 'done',
    createdAt: 1,
    toolCalls: [
      { id: 'v', name: 'create_video_task', arguments: '{}', status: 'succeeded', media: { kind: 'videoTask', taskId: 'cgt-1' } },
      { id: 's', name: 'read_aloud', arguments: '{}', status: 'succeeded', media: { kind: 'speech', file: '/ws/generated/s.mp3' } },
      { id: 'r', name: 'read_aloud', arguments: '{}', status: 'succeeded', media: { kind: 'speech' } },
    ],
  });
  const back = answers(parseConversation(serializeConversation(c)))[0]?.toolCalls?.map((call) => call.media);
  assert.deepEqual(back, [{ kind: 'videoTask', taskId: 'cgt-1' }, { kind: 'speech', file: '/ws/generated/s.mp3' }, { kind: 'speech' }]);
  for (const media of [
    { kind: 'bytes', data: 'AAAA' },
    { kind: 'images', files: [3] },
    { kind: 'images', files: Array(65).fill('/x.png') },
    { kind: 'videoTask' },
  ]) {
    const text = serializeConversation(c).replace('{"kind":"videoTask","taskId":"cgt-1"}', JSON.stringify(media));
    assert.throws(() => parseConversation(text), /toolCall\.media/, JSON.stringify(media));
  }
});

test('the webview names a call, an action and an index, never a path; anything else is refused', () => {
  assert.deepEqual(readWebviewMessage({ type: 'mediaAction', callId: 'c', action: 'saveAs', index: 2, path: '/etc/passwd' }), {
    type: 'mediaAction',
    callId: 'c',
    action: 'saveAs',
    index: 2,
  });
  assert.deepEqual(readWebviewMessage({ type: 'readAloud', turnId: 't' }), { type: 'readAloud', turnId: 't' });
  assert.deepEqual(readWebviewMessage({ type: 'stopReading' }), { type: 'stopReading' });
  for (const bad of [
    { type: 'mediaAction', callId: 'c', action: 'delete', index: 0 },
    { type: 'mediaAction', callId: 'c', action: 'open', index: -1 },
    { type: 'mediaAction', callId: 'c', action: 'open', index: 0.5 },
    { type: 'mediaAction', callId: 'c', action: 'open' },
    { type: 'readAloud' },
  ]) {
    assert.equal(readWebviewMessage(bad), undefined, JSON.stringify(bad));
  }
});
