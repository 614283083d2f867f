import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PrefetchAbortedError, PrefetchQueue } from '../../../src/speech/prefetchQueue';

/** A fetch whose results the test releases by hand, recording what was asked and what was aborted. */
class FakeFetch {
  readonly started: number[] = [];
  readonly aborted: number[] = [];
  private readonly waiting = new Map<number, { resolve(v: string): void; reject(e: unknown): void }>();

  fetch = (index: number, signal: AbortSignal): Promise<string> => {
    this.started.push(index);
    return new Promise((resolve, reject) => {
      this.waiting.set(index, { resolve, reject });
      signal.addEventListener(
        'abort',
        () => {
          if (!this.waiting.delete(index)) return;
          this.aborted.push(index);
          reject(new Error('aborted'));
        },
        { once: true },
      );
    });
  };

  finish(index: number): void {
    this.waiting.get(index)?.resolve(`audio ${index}`);
    this.waiting.delete(index);
  }

  fail(index: number, error: Error): void {
    this.waiting.get(index)?.reject(error);
    this.waiting.delete(index);
  }
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

test('items come in order and at most `lookahead` are fetched beyond the oldest unreleased one', async () => {
  const fake = new FakeFetch();
  const queue = new PrefetchQueue({ count: 6, lookahead: 2, concurrency: 3, fetch: fake.fetch });
  await tick();
  assert.deepEqual(fake.started, [0, 1, 2], 'the window is the playing item plus two');
  fake.finish(1);
  fake.finish(0);
  assert.deepEqual(await queue.take(), { index: 0, value: 'audio 0' });
  assert.deepEqual(await queue.take(), { index: 1, value: 'audio 1' });
  await tick();
  assert.deepEqual(fake.started, [0, 1, 2], 'taking does not widen the window, releasing does');
  queue.release();
  await tick();
  assert.deepEqual(fake.started, [0, 1, 2, 3]);
  for (let i = 2; i < 6; i++) {
    fake.finish(i);
    assert.equal((await queue.take())?.index, i);
    queue.release();
    await tick();
    assert.ok(fake.started.length <= i + 3, `window: ${fake.started.join(',')}`);
  }
  assert.equal(await queue.take(), undefined);
  assert.equal(queue.fetched, 6);
});

test('with concurrency 1 (the default) the next item in order is the only request in flight', async () => {
  const fake = new FakeFetch();
  const queue = new PrefetchQueue({ count: 4, lookahead: 2, fetch: fake.fetch });
  await tick();
  assert.deepEqual(fake.started, [0]);
  fake.finish(0);
  await tick();
  assert.deepEqual(fake.started, [0, 1]);
  fake.finish(1);
  await tick();
  fake.finish(2);
  await tick();
  assert.deepEqual(fake.started, [0, 1, 2], 'no more than the window even when idle');
  assert.equal((await queue.take())?.index, 0);
});

test('abortAll aborts the requests in flight, starts no other, and take rejects', async () => {
  const fake = new FakeFetch();
  const queue = new PrefetchQueue({ count: 10, lookahead: 2, concurrency: 3, fetch: fake.fetch });
  fake.finish(0);
  assert.equal((await queue.take())?.index, 0);
  const pending = queue.take();
  queue.abortAll();
  await assert.rejects(pending, PrefetchAbortedError);
  await assert.rejects(queue.take(), PrefetchAbortedError);
  await tick();
  assert.deepEqual(
    fake.aborted.sort((a, b) => a - b),
    [1, 2],
  );
  queue.release();
  await tick();
  assert.deepEqual(fake.started, [0, 1, 2], 'nothing starts after the abort');
});

test('take does not wait on a fetch that ignores its signal once aborted', async () => {
  const queue = new PrefetchQueue({ count: 2, lookahead: 1, fetch: () => new Promise<string>(() => undefined) });
  const pending = queue.take();
  queue.abortAll();
  await assert.rejects(pending, PrefetchAbortedError);
});

test('a failed fetch is reported by take for its item', async () => {
  const fake = new FakeFetch();
  const queue = new PrefetchQueue({ count: 3, lookahead: 2, concurrency: 3, fetch: fake.fetch });
  fake.finish(0);
  fake.fail(1, new Error('400: response_format opus is not supported'));
  assert.equal((await queue.take())?.index, 0);
  await assert.rejects(queue.take(), /opus is not supported/);
});
