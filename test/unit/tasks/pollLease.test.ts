import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimLease, LEASE_MINIMUM_MS, leaseDurationMs, releaseLease } from '../../../src/tasks/pollLease';

test('a free, malformed or expired lease is taken; one another window holds is not', () => {
  assert.deepEqual(claimLease(undefined, 'a', 1000, 30_000), { holder: 'a', expiresAt: 31_000 });
  assert.deepEqual(claimLease({ holder: 7 }, 'a', 1000, 30_000), { holder: 'a', expiresAt: 31_000 });
  assert.deepEqual(claimLease({ holder: 'b', expiresAt: 1000 }, 'a', 1000, 30_000), { holder: 'a', expiresAt: 31_000 });
  assert.equal(claimLease({ holder: 'b', expiresAt: 1001 }, 'a', 1000, 30_000), undefined);
});

test('the holder renews its own lease before it expires', () => {
  assert.deepEqual(claimLease({ holder: 'a', expiresAt: 5000 }, 'a', 4000, 30_000), { holder: 'a', expiresAt: 34_000 });
});

test('releasing expires the lease now, only for its holder and only while it runs', () => {
  assert.deepEqual(releaseLease({ holder: 'a', expiresAt: 9000 }, 'a', 4000), { holder: 'a', expiresAt: 4000 });
  assert.equal(releaseLease({ holder: 'b', expiresAt: 9000 }, 'a', 4000), undefined);
  assert.equal(releaseLease({ holder: 'a', expiresAt: 3000 }, 'a', 4000), undefined);
  assert.equal(releaseLease(undefined, 'a', 4000), undefined);
  // Released, it is free for the next window at once.
  assert.ok(claimLease(releaseLease({ holder: 'a', expiresAt: 9000 }, 'a', 4000), 'b', 4000, 30_000));
});

test("a lease outlasts the holder's next poll: twice the interval and a grace, at least the minimum", () => {
  assert.equal(leaseDurationMs(1000), LEASE_MINIMUM_MS);
  assert.equal(leaseDurationMs(120_000), 245_000);
});
