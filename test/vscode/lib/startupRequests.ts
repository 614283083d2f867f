// What a new window's extension host asks the gateway by itself: the startup checks of vsix.ts.
import * as path from 'path';
import { gatewayTaskStorage, TASKS_FILE_NAME } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';
import { TaskRegistry } from '../../../src/tasks/taskRegistry';
import type { Emulator } from './emulator';
import { EXTENSION_ID } from './paths';

/**
 * Creates a video task on the emulator that stays queued, and records it in the extension's task file
 * (as a window that created it and closed would have left it), through the extension's own storage code.
 */
export async function leaveUnfinishedTask(emulator: Emulator, userDataDir: string, model: string): Promise<string> {
  emulator.setOptions({ taskTiming: { queuedMs: 10 * 60_000, runningMs: 1000 } });
  const res = await fetch(`${emulator.url}/contents/generations/tasks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, content: [{ type: 'text', text: 'left running by a closed window' }] }),
  });
  if (res.status !== 200) throw new Error(`creating the task answered ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  const store = JsonFileStore.openSync(path.join(userDataDir, 'User', 'globalStorage', EXTENSION_ID, TASKS_FILE_NAME));
  const storage = gatewayTaskStorage(store, emulator.url);
  const registry = TaskRegistry.fromJSON(storage.load());
  registry.addCreated(id, { model, prompt: 'left running by a closed window', images: [], settings: {}, settingsAs: 'body' }, Date.now());
  await storage.save(registry.toJSON());
  return id;
}

/** The requests the emulator received from index `from` on, as "METHOD path?query". */
export function requestsSince(emulator: Emulator, from: number): string[] {
  return emulator.requests.slice(from).map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`);
}
