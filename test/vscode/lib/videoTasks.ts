// Video tasks in UI tests: creating one through the guided input, reading the Video Tasks view.
import type { Locator } from 'playwright-core';
import { sleep } from './proc';
import type { UiContext } from './ui';

/** The first-generation pro model the guided input offers first. */
export const PRO_TASK_MODEL = 'seedance-1-0-pro-250528';

/** Create Video Task… through the guided input: pro model, text only, a prompt, 2 seconds. */
export async function createTaskThroughPalette({ wb }: Pick<UiContext, 'wb'>, prompt: string): Promise<void> {
  await wb.runCommand('GenAI Gateway: Create Video Task...');
  await wb.pickQuickItem(PRO_TASK_MODEL);
  await wb.pickQuickItem('Text only');
  await wb.answerQuickInput(prompt);
  await wb.pickQuickItem('Duration');
  await wb.pickQuickItem(/^\s*2 s\s*$/);
  await wb.pickQuickItem(/Create Task/);
}

/** The Video Tasks pane of the GenAI Gateway container, expanded, with the other panes collapsed to make room. */
export async function tasksPane({ wb, page }: Pick<UiContext, 'wb' | 'page'>): Promise<Locator> {
  const sidebar = await wb.openContainer('GenAI Gateway');
  const pane = sidebar.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: 'Video Tasks' }) });
  await pane.locator('.pane-header').first().waitFor({ state: 'visible', timeout: 20000 });
  for (const header of await sidebar.locator('.pane-header').all()) {
    const mine = (await header.innerText()).includes('Video Tasks');
    if ((await header.getAttribute('aria-expanded')) !== String(mine)) await header.click();
  }
  return pane;
}

export const row = (pane: Locator, text: string | RegExp): Locator => pane.locator('.monaco-list-row').filter({ hasText: text }).first();

/** The rows under a group, read from the tree in order: the tasks between that group's row and the next group. */
export async function groupOf(pane: Locator, taskText: string): Promise<string | undefined> {
  const rows = await pane
    .locator('.monaco-list-row')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('aria-level'), (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()]));
  let group: string | undefined;
  for (const [level, text] of rows) {
    if (level === '1') group = text?.replace(/\s*\d+$/, '');
    else if (text?.includes(taskText)) return group;
  }
  return undefined;
}

export async function waitForGroup(pane: Locator, taskText: string, group: string, timeoutMs = 30000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last: string | undefined;
  while (Date.now() < end) {
    last = await groupOf(pane, taskText);
    if (last === group) return;
    await sleep(250);
  }
  throw new Error(`"${taskText}" is under ${last ?? 'no group'}, not ${group}`);
}
