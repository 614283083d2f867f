/**
 * Whether the video tasks stored for the gateway need the features at once:
 * unfinished ones to poll, or results a closed window never saved. A bundle
 * of its own (dist/storedTasks.js), which the startup bundle loads after
 * activation, so that reading the task file and the task registry's code
 * cost the window start nothing.
 */
import * as path from 'node:path';
import { gatewayTaskStorage, TASKS_FILE_NAME } from '../tasks/gatewayTaskStorage';
import { JsonFileStore } from '../tasks/jsonFileStore';
import { tasksNeedWork } from '../tasks/tasksNeedingWork';

export async function storedTasksNeedWork(globalStoragePath: string, baseUrl: string): Promise<boolean> {
  const store = await JsonFileStore.open(path.join(globalStoragePath, TASKS_FILE_NAME));
  return tasksNeedWork(gatewayTaskStorage(store, baseUrl).load(), Date.now());
}
