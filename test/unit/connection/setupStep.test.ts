// What the chat's welcome waits for, and the walkthrough steps its button runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSetupSteps, setupStep } from '../../../src/connection/setupStep';
import type { SetupStep } from '../../../src/protocol/chatProtocol';

const settings = (baseUrl: string, authorization: 'bearer' | 'custom' = 'bearer') => ({
  baseUrl: () => baseUrl,
  requestHeaders: () => ({ headers: {}, authorization }),
});
const credentials = (present: boolean) => ({
  get: async () => (present ? { kind: 'apiKey' as const, value: 'sk-x', source: 'secretStorage' as const, origins: [] } : undefined),
});

test('the gateway address first (also one that is not a gateway address), then a key, unless the user sends their own authorization', async () => {
  assert.equal(await setupStep(settings(''), credentials(true)), 'gateway');
  assert.equal(await setupStep(settings('https://gw.example.com'), credentials(true)), 'gateway', 'no /v1: not a gateway address');
  assert.equal(await setupStep(settings('https://gw.example.com/v1'), credentials(false)), 'key');
  assert.equal(await setupStep(settings('https://gw.example.com/v1', 'custom'), credentials(false)), undefined);
  assert.equal(await setupStep(settings('https://gw.example.com/v1'), credentials(true)), undefined);
});

test("the button runs the steps still needed in the walkthrough's order, and stops when one is cancelled", async () => {
  let state: SetupStep | undefined = 'gateway';
  const ran: string[] = [];
  await runSetupSteps(
    async () => state,
    async (command) => {
      ran.push(command);
      state = command === 'genaiGateway.setBaseUrl' ? 'key' : undefined;
      return true;
    },
  );
  assert.deepEqual(ran, ['genaiGateway.setBaseUrl', 'genaiGateway.setApiKey']);

  const cancelled: string[] = [];
  await runSetupSteps(
    async () => 'gateway',
    async (command) => (cancelled.push(command), false),
  );
  assert.deepEqual(cancelled, ['genaiGateway.setBaseUrl'], 'no key asked for after the address was cancelled');

  const keyOnly: string[] = [];
  await runSetupSteps(
    async () => 'key',
    async (command) => (keyOnly.push(command), true),
  );
  assert.deepEqual(keyOnly, ['genaiGateway.setApiKey']);
});
