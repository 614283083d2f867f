import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConversationLibrary, type ActiveIdMemento } from '../../../src/chatView/conversationLibrary';
import { ConversationStore } from '../../../src/chatView/conversationStore';

class Memento implements ActiveIdMemento {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

async function library(memento = new Memento()): Promise<{ lib: ConversationLibrary; store: ConversationStore; memento: Memento }> {
  const store = new ConversationStore(await fs.mkdtemp(path.join(os.tmpdir(), 'chat-lib-')), { warn: () => undefined });
  const lib = new ConversationLibrary(store, memento, () => 'Be brief.');
  await lib.load();
  return { lib, store, memento };
}

test('an empty history starts with one conversation, with the configured system prompt', async () => {
  const { lib } = await library();
  assert.equal(lib.active.params.systemPrompt, 'Be brief.');
  assert.deepEqual(
    lib.summaries().map((s) => s.id),
    [lib.active.id],
  );
});

test('a new conversation is not made while the active one is still empty', async () => {
  const { lib } = await library();
  const first = lib.active;
  assert.equal(lib.create(), first);
  first.draft.text = 'something';
  assert.notEqual(lib.create().id, first.id);
});

test('only conversations with something in them are listed, besides the active one, newest first', async () => {
  const { lib } = await library();
  const a = lib.active;
  a.draft.text = 'a';
  a.updatedAt = 1;
  const b = lib.create();
  b.draft.text = 'b';
  b.updatedAt = 2;
  lib.create();
  assert.deepEqual(
    lib.summaries().map((s) => s.id),
    [lib.active.id, b.id, a.id],
  );
});

test('the active conversation is remembered across loads; removing it activates the most recent other', async () => {
  const { lib, store, memento } = await library();
  const a = lib.active;
  a.draft.text = 'a';
  const b = lib.create();
  b.draft.text = 'b';
  b.updatedAt = a.updatedAt + 1;
  await store.save(a);
  await store.save(b);
  lib.activate(a.id);
  const reloaded = new ConversationLibrary(store, memento, () => '');
  await reloaded.load();
  assert.equal(reloaded.active.id, a.id);
  await reloaded.remove(a.id);
  assert.equal(reloaded.active.id, b.id);
  assert.deepEqual(
    (await store.loadAll()).map((c) => c.id),
    [b.id],
  );
});
