// The status bar's own asking while the gateway cannot be reached: backoff, and an end when a request gets through.
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { FIRST_RECHECK_MS, HealthRecheck, LONGEST_RECHECK_MS } from '../../../src/connection/healthRecheck';

/** Lets the probe's promise and the check's continuation run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

test('a failing gateway is asked again after 3 s, then twice as long each time up to 2 minutes, as long as the checks fail', async (t) => {
  mock.timers.enable({ apis: ['setTimeout'] });
  t.after(() => mock.timers.reset());
  const probes: number[] = [];
  let now = 0;
  // As the request events do: the probe's own failure is reported while it runs.
  const recheck: HealthRecheck = new HealthRecheck(async () => {
    probes.push(now);
    recheck.failed();
    throw new Error('connection refused');
  });
  recheck.failed();
  const delays: number[] = [];
  for (let expected = FIRST_RECHECK_MS; delays.length < 8; expected = Math.min(LONGEST_RECHECK_MS, expected * 2)) {
    mock.timers.tick(expected - 1);
    await settle();
    assert.equal(probes.length, delays.length, `not before ${expected} ms`);
    mock.timers.tick(1);
    now += expected;
    await settle();
    assert.equal(probes.length, delays.length + 1, `after ${expected} ms`);
    delays.push(expected);
  }
  assert.deepEqual(delays, [3000, 6000, 12000, 24000, 48000, 96000, 120000, 120000]);
  recheck.dispose();
});

test('a request that gets through stops the asking, and the next failure starts again from 3 s', async (t) => {
  mock.timers.enable({ apis: ['setTimeout'] });
  t.after(() => mock.timers.reset());
  let probes = 0;
  const recheck = new HealthRecheck(async () => void probes++);
  recheck.failed();
  mock.timers.tick(FIRST_RECHECK_MS);
  await settle();
  assert.equal(probes, 1);
  recheck.failed(); // the check failed: the next one after 6 s
  recheck.stop(); // then a request got through
  mock.timers.tick(LONGEST_RECHECK_MS);
  await settle();
  assert.equal(probes, 1, 'no more asking once stopped');
  recheck.failed();
  mock.timers.tick(FIRST_RECHECK_MS);
  await settle();
  assert.equal(probes, 2, 'the shortest delay again');
  recheck.dispose();
});
