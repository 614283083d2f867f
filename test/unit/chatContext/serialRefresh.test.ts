import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SerialRefresh } from '../../../src/chatView/serialRefresh';

test('reads run one at a time; a burst while one waits makes one more read; a failed read is logged and does not stop the next', async () => {
  let running = 0;
  let most = 0;
  let reads = 0;
  let fail = true;
  let release: () => void = () => undefined;
  const logged: string[] = [];
  const refresh = new SerialRefresh(
    async () => {
      reads++;
      most = Math.max(most, ++running);
      await new Promise<void>((resolve) => (release = resolve));
      running--;
      if (fail) {
        fail = false;
        throw new Error('listing failed');
      }
    },
    { warn: (m) => logged.push(m) },
  );
  const first = refresh.request();
  await new Promise((r) => setImmediate(r));
  const burst = [refresh.request(), refresh.request(), refresh.request()];
  assert.equal(burst[0], burst[2], 'the waiting read is shared');
  release();
  await first;
  assert.deepEqual(logged, ['Chat: listing failed']);
  await new Promise((r) => setImmediate(r));
  release();
  await Promise.all(burst);
  assert.equal(reads, 2);
  assert.equal(most, 1);
});
