/** Assertion shared by the validation tests: a call is refused the way every refusal must be. */
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';

export interface ExpectedRefusal {
  /** The field path the error names. */
  param: string;
  /** The value the error reports (compared deeply); checked whenever the key is present. */
  value?: unknown;
  /** A fragment of what is allowed, as the error states it. */
  allowed?: string;
}

export function assertRefused(run: () => void, expected: ExpectedRefusal): GatewayError {
  let caught: unknown;
  try {
    run();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof GatewayError, `expected a GatewayError, got ${String(caught)}`);
  assert.equal(caught.kind, 'validation');
  assert.equal(caught.param, expected.param);
  assert.ok(caught.message.includes(`"${expected.param}"`), `message names the field: ${caught.message}`);
  if ('value' in expected) {
    assert.deepEqual(caught.value, expected.value);
    const shown = expected.value === undefined ? 'nothing' : JSON.stringify(expected.value);
    if (shown.length <= 60) assert.ok(caught.message.includes(shown), `message shows ${shown}: ${caught.message}`);
  }
  assert.ok(caught.allowed, 'the error states what is allowed');
  assert.ok(caught.message.includes(caught.allowed), `message states what is allowed: ${caught.message}`);
  if (expected.allowed !== undefined) {
    assert.ok(caught.allowed.includes(expected.allowed), `allowed "${caught.allowed}" mentions "${expected.allowed}"`);
  }
  return caught;
}

/** A data URL of `bytes` zero bytes, e.g. dataUrl('png', 10). */
export function dataUrl(type: string, bytes: number): string {
  return `data:image/${type};base64,${Buffer.alloc(bytes).toString('base64')}`;
}

/** A request with values its type forbids, as untyped JSON (settings, user input) may hold. */
export function loose<T>(fields: object): T {
  return fields as T;
}
