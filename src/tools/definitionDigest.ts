/** A short digest of a definition (a user-defined tool's, a task's): an "Always" bound to it asks again once it changes. */
import { createHash } from 'node:crypto';

export function definitionDigest(definition: unknown): string {
  return createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16);
}
