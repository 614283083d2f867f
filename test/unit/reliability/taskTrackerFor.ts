import type { GatewayClient } from '../../../src/gateway/client';
import { SYSTEM_CLOCK } from '../../../src/tasks/clock';
import { TaskTracker } from '../../../src/tasks/taskTracker';

/** A tracker of the client's tasks as the extension runs one, polling every `pollMs`, kept in memory. */
export function taskTrackerFor(client: GatewayClient, pollMs: number): TaskTracker {
  return new TaskTracker({
    tasks: () => client.tasks,
    storage: { load: () => undefined, save: () => Promise.resolve() },
    clock: SYSTEM_CLOCK,
    timing: { baseMs: pollMs, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 },
    log: () => undefined,
  });
}
