// Every endpoint under every emulator fault, through the layers the features use: a result after
// retries or a clear message, no unhandled rejection, no partial file, never a second task, and a
// chat that keeps what streamed, marked interrupted.
import { after, describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { clientFixture, type ClientFixture } from '../client/harness';
import { assertClearMessage } from './clearMessage';
import type { Endpoint } from './endpoints/endpoint';
import { ENDPOINTS } from './endpoints';
import { type FaultCase, faultsFor } from './faultCases';
import { partialFiles } from './leftoverFiles';
import { recordUnhandledRejections } from './unhandledRejections';

const rejections = recordUnhandledRejections();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reliability-faults-'));
const tried = new Map<string, number>();

after(() => {
  rejections.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

async function runCase(fixture: ClientFixture, endpoint: Endpoint, fault: FaultCase): Promise<void> {
  const folder = fs.mkdtempSync(path.join(root, 'case-'));
  const ctx = { fixture, folder, fault: fault.name };
  await endpoint.prepare?.(ctx);
  fixture.emu.setFaults(fault.spec(endpoint));
  const started = Date.now();
  const outcome = await endpoint.run(ctx).finally(() => fixture.emu.setFaults(undefined));
  const elapsedMs = Date.now() - started;
  const expected = fault.expect(endpoint);
  if (expected !== 'either') {
    assert.equal(outcome.ok ? 'success' : 'error', expected, outcome.ok ? 'succeeded' : `failed: ${outcome.message}`);
  }
  if (!outcome.ok) assertClearMessage(outcome.message, `${endpoint.name} under ${fault.name}`, [fixture.emu.apiKey]);
  if (outcome.ok && fault.minSuccessMs) assert.ok(elapsedMs >= fault.minSuccessMs, `succeeded after ${elapsedMs} ms, before the server's wait`);
  await endpoint.verify?.(ctx, outcome);
  tried.set(endpoint.name, (tried.get(endpoint.name) ?? 0) + 1);
}

describe('every endpoint under every fault', { concurrency: 4 }, () => {
  for (const make of ENDPOINTS) {
    const endpoint = make();
    it(endpoint.name, async (t) => {
      const fixture = await clientFixture(
        { taskTiming: { queuedMs: 0, runningMs: 0 } },
        { timeouts: { headersMs: 3000, bodyIdleMs: 3000 }, retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 40 } },
      );
      try {
        for (const fault of faultsFor(endpoint)) await t.test(fault.name, () => runCase(fixture, endpoint, fault));
      } finally {
        endpoint.dispose?.();
        await fixture.close();
      }
    });
  }
});

test('nothing was left behind: no unhandled rejection, no partial file', async (t) => {
  // Late rejections of abandoned requests surface a little after their case.
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.deepEqual(rejections.reasons, []);
  assert.deepEqual(partialFiles(root), []);
  const total = [...tried.values()].reduce((a, b) => a + b, 0);
  t.diagnostic(`faults tried: ${total} cases on ${tried.size} endpoints (${[...tried].map(([name, n]) => `${name}: ${n}`).join('; ')})`);
  assert.equal(tried.size, ENDPOINTS.length, 'every endpoint ran its faults');
});
