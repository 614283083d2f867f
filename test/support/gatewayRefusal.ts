/** The GatewayError a request or download that must be refused fails with; fails the test when it was not refused. */
import assert from 'node:assert/strict';
import { GatewayError } from '../../src/gateway/errors';

export async function refusal(download: Promise<unknown>): Promise<GatewayError> {
  try {
    await download;
  } catch (error) {
    assert.ok(error instanceof GatewayError, String(error));
    return error;
  }
  assert.fail('the download was not refused');
}
