import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CheckpointStore } from '../../../src/checkpoints/checkpointStore';

function setup(limits?: ConstructorParameters<typeof CheckpointStore>[1]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
  const workspace = path.join(dir, 'ws');
  fs.mkdirSync(workspace);
  const store = new CheckpointStore(path.join(dir, 'storage'), limits);
  const file = (name: string) => path.join(workspace, name);
  return { store, file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** An agent change as the tools record it: before, the write, after. */
async function agentWrites(store: CheckpointStore, checkpoint: string, file: string, content: string | null): Promise<void> {
  await store.beforeChange('conv', checkpoint, file);
  if (content === null) fs.rmSync(file);
  else fs.writeFileSync(file, content);
  await store.afterChange('conv', checkpoint, file);
}

test('restoring a checkpoint puts back what each file was before its message, deletes what the agent created, and Redo undoes it', async () => {
  const { store, file, cleanup } = setup();
  try {
    fs.writeFileSync(file('a.txt'), 'original a');
    fs.writeFileSync(file('gone.txt'), 'deleted later');
    await agentWrites(store, 'turn-1', file('a.txt'), 'first edit');
    await agentWrites(store, 'turn-2', file('a.txt'), 'second edit');
    await agentWrites(store, 'turn-2', file('new.txt'), 'created');
    await agentWrites(store, 'turn-2', file('gone.txt'), null);

    const toTurn2 = await store.plan('conv', 'turn-2');
    assert.deepEqual(
      toTurn2.map((i) => [path.basename(i.path), i.action.kind, i.changedSince]),
      [
        ['a.txt', 'write', false],
        ['gone.txt', 'write', false],
        ['new.txt', 'delete', false],
      ],
    );
    const redo = await store.restore('conv', await store.plan('conv', 'turn-1'));
    assert.equal(fs.readFileSync(file('a.txt'), 'utf8'), 'original a', 'before the first message that changed it');
    assert.equal(fs.readFileSync(file('gone.txt'), 'utf8'), 'deleted later');
    assert.ok(!fs.existsSync(file('new.txt')));
    await store.redo('conv', redo);
    assert.equal(fs.readFileSync(file('a.txt'), 'utf8'), 'second edit');
    assert.equal(fs.readFileSync(file('new.txt'), 'utf8'), 'created');
    assert.ok(!fs.existsSync(file('gone.txt')));
  } finally {
    cleanup();
  }
});

test('a file changed outside the agent since is marked, so the restore can leave it alone', async () => {
  const { store, file, cleanup } = setup();
  try {
    fs.writeFileSync(file('a.txt'), 'original');
    await agentWrites(store, 't', file('a.txt'), 'agent');
    fs.writeFileSync(file('a.txt'), 'the user typed more');
    const [item] = await store.plan('conv', 't');
    assert.equal(item!.changedSince, true);
  } finally {
    cleanup();
  }
});

test('terminal changes: a created file can be deleted; a changed one is restorable only when recorded before', async () => {
  const { store, file, cleanup } = setup();
  try {
    fs.writeFileSync(file('known.txt'), 'before');
    await agentWrites(store, 't', file('known.txt'), 'edited by a tool');
    await store.terminalChanged('conv', 't', file('known.txt'), 'changed');
    await store.terminalChanged('conv', 't', file('build.out'), 'created');
    await store.terminalChanged('conv', 't', file('other.txt'), 'changed');
    const plan = await store.plan('conv', 't');
    assert.deepEqual(
      plan.map((i) => [path.basename(i.path), i.action.kind === 'unrestorable' ? `unrestorable:${i.action.why}` : i.action.kind, i.changedSince]),
      [
        ['build.out', 'delete', false],
        ['known.txt', 'write', false],
        ['other.txt', 'unrestorable:unknown', false],
      ],
    );
  } finally {
    cleanup();
  }
});

test('content is capped: a file over the limit, or past the checkpoint total, is recorded as too large; content is stored once by hash', async () => {
  const { store, file, cleanup } = setup({ maxFileBytes: 10, maxCheckpointBytes: 15, maxFiles: 3 });
  try {
    fs.writeFileSync(file('big.txt'), 'x'.repeat(11));
    fs.writeFileSync(file('a.txt'), 'same text');
    fs.writeFileSync(file('b.txt'), 'same text');
    for (const name of ['big.txt', 'a.txt', 'b.txt', 'c.txt']) await store.beforeChange('conv', 't', file(name));
    const [checkpoint] = await store.checkpoints('conv');
    assert.deepEqual(
      checkpoint!.files.map((f) => [path.basename(f.path), f.before.kind]),
      [
        ['big.txt', 'tooLarge'],
        ['a.txt', 'content'],
        ['b.txt', 'tooLarge'],
      ],
      'the third file passes the checkpoint total; a fourth is past the file count',
    );
  } finally {
    cleanup();
  }
});

test('checkpoints go with their conversation; a conversation id cannot name another folder', async () => {
  const { store, file, cleanup } = setup();
  try {
    fs.writeFileSync(file('a.txt'), 'x');
    await store.beforeChange('conv', 't', file('a.txt'));
    assert.equal((await store.checkpoints('conv')).length, 1);
    await store.forget('conv');
    assert.deepEqual(await store.checkpoints('conv'), []);
    await assert.rejects(store.beforeChange('../escape', 't', file('a.txt')), /Not a conversation id/);
  } finally {
    cleanup();
  }
});
