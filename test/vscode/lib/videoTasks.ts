// Video tasks in UI tests: creating one through the guided input.
import type { UiContext } from './ui';

/** The first-generation pro model the guided input offers first. */
export const PRO_TASK_MODEL = 'seedance-1-0-pro-250528';

/** Create Video Task… through the guided input: pro model, text only, a prompt, 2 seconds. */
export async function createTaskThroughPalette({ wb }: UiContext, prompt: string): Promise<void> {
  await wb.runCommand('GenAI Gateway: Create Video Task...');
  await wb.pickQuickItem(PRO_TASK_MODEL);
  await wb.pickQuickItem('Text only');
  await wb.answerQuickInput(prompt);
  await wb.pickQuickItem('Duration');
  await wb.pickQuickItem(/^\s*2 s\s*$/);
  await wb.pickQuickItem(/Create Task/);
}
