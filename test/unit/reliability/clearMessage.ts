import assert from 'node:assert/strict';

/**
 * A message a user can act on: a few readable sentences, no markup, stack,
 * serialized object or credential.
 */
export function assertClearMessage(message: string, where: string, secrets: readonly string[]): void {
  assert.ok(message.trim().length >= 10, `${where}: a message of a few words, got ${JSON.stringify(message)}`);
  assert.ok(message.length <= 600, `${where}: at most 600 characters, got ${message.length}`);
  assert.doesNotMatch(message, /<\/?[a-z?!][^>]*>/i, `${where}: no markup in ${JSON.stringify(message)}`);
  assert.doesNotMatch(message, /\n\s+at |\[object |\bundefined\b/, `${where}: no internals in ${JSON.stringify(message)}`);
  for (const secret of secrets) assert.ok(!message.includes(secret), `${where}: the message carries a credential`);
}
