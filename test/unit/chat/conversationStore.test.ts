import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newConversation } from '../../../src/chat/conversation';
import { ConversationStore } from '../../../src/chatView/conversationStore';

async function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'chat-store-'));
}

test('saved conversations are loaded back; a broken file is reported and left alone', async () => {
  const dir = await tempDir();
  const warnings: string[] = [];
  const store = new ConversationStore(dir, { warn: (m) => warnings.push(m) });
  const c = newConversation('m', '');
  c.draft.text = 'draft';
  await store.save(c);
  await fs.writeFile(path.join(dir, 'broken.json'), '{"version":1');
  const loaded = await new ConversationStore(dir, { warn: (m) => warnings.push(m) }).loadAll();
  assert.deepEqual(
    loaded.map((x) => x.draft.text),
    ['draft'],
  );
  assert.equal(warnings.length, 1);
  assert.match(warnings[0] ?? '', /broken\.json/);
  assert.equal(await fs.readFile(path.join(dir, 'broken.json'), 'utf8'), '{"version":1');
});

test('a missing folder means no conversations yet', async () => {
  const store = new ConversationStore(path.join(await tempDir(), 'nope'), { warn: () => undefined });
  assert.deepEqual(await store.loadAll(), []);
});

test('saveSoon folds frequent changes into one later write; flush writes it at once', async () => {
  const dir = await tempDir();
  const store = new ConversationStore(dir, { warn: () => undefined });
  const c = newConversation('m', '');
  c.draft.text = 'a';
  store.saveSoon(c, 60_000);
  c.draft.text = 'ab';
  store.saveSoon(c, 60_000);
  assert.deepEqual(await fs.readdir(dir), []);
  await store.flush();
  const [name] = await fs.readdir(dir);
  assert.match(await fs.readFile(path.join(dir, name!), 'utf8'), /"text":"ab"/);
});

test('delete removes the file, even right after a save', async () => {
  const dir = await tempDir();
  const store = new ConversationStore(dir, { warn: () => undefined });
  const c = newConversation('m', '');
  void store.save(c);
  await store.delete(c.id);
  assert.deepEqual(await fs.readdir(dir), []);
});
