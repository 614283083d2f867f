// The conversation that shows the chat's media against the emulator: a set of images in its card, a video task
// followed live to its last frame, a reading aloud. The UI test checks each step; the demo builds it
// before the user opens the workbench.
import type { FrameLocator, Locator } from 'playwright-core';
import { launchBrowser, openWorkbench } from './browser';
import type { Emulator } from './emulator';
import { Workbench } from './ui';

/** How many images the conversation's image call asks for: a set, shown as a grid. */
export const IMAGE_SET = 4;

export const MEDIA_PROMPTS = {
  image: `call generate_image {"prompt":"a lighthouse on a cliff at dusk, watercolour, seen from four sides","n":${IMAGE_SET}}`,
  video: 'call create_video_task {"prompt":"the lighthouse beam sweeping over the waves at night"}',
  speech: 'call read_aloud {"text":"The lighthouse keeps watch over the bay."}',
} as const;

export interface MediaSteps {
  /** Called at each state worth a look (a screenshot in the UI test). */
  reached?(state: 'image-asked' | 'image' | 'task-queued' | 'task-running' | 'task-succeeded' | 'speech'): Promise<void>;
  /** How long the emulator keeps the task queued, then running (default 5 s and 9 s). */
  taskTiming?: { queuedMs: number; runningMs: number };
}

/** Sends a message through the composer; the tool call it asks for is allowed once, as a user would (after `asked`, when given). */
async function callTool(chat: FrameLocator, text: string, asked?: () => Promise<void>): Promise<Locator> {
  // The answer before must have ended: a message sent while one streams is refused.
  await chat.locator('.turn-status').first().waitFor({ state: 'detached', timeout: 60000 });
  const cards = chat.locator('.tool-call-item');
  const before = await cards.count();
  const input = chat.locator('.composer-input');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  const card = cards.nth(before);
  await card.waitFor({ timeout: 30000 });
  const asking = card.locator('.tool-call.status-awaitingApproval');
  const done = card.locator('.tool-call.status-succeeded');
  await asking.or(done).first().waitFor({ timeout: 30000 });
  if (await asking.isVisible()) {
    await asked?.();
    await asking.getByRole('button', { name: 'Allow once' }).click();
  }
  return card;
}

/** Builds the conversation; resolves once the task's video is saved and the reading ended. Slows the emulator's tasks so their states can be seen. */
export async function buildMediaConversation(chat: FrameLocator, emulator: Emulator, steps: MediaSteps = {}): Promise<void> {
  const image = await callTool(chat, MEDIA_PROMPTS.image, () => steps.reached?.('image-asked') ?? Promise.resolve());
  await image
    .locator('.tool-media .media-thumb img.thumbnail')
    .nth(IMAGE_SET - 1)
    .waitFor({ timeout: 60000 });
  await steps.reached?.('image');

  emulator.setOptions({ taskTiming: steps.taskTiming ?? { queuedMs: 5000, runningMs: 9000 } });
  const task = await callTool(chat, MEDIA_PROMPTS.video);
  await task.locator('.task-line.task-queued').waitFor({ timeout: 30000 });
  await steps.reached?.('task-queued');
  await task.locator('.task-line.task-running').waitFor({ timeout: 30000 });
  await steps.reached?.('task-running');
  await task.locator('.task-line.task-succeeded').waitFor({ timeout: 60000 });
  await task.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 60000 });
  await steps.reached?.('task-succeeded');

  const speech = await callTool(chat, MEDIA_PROMPTS.speech);
  await speech.locator('.tool-media').getByRole('button', { name: 'Read again' }).waitFor({ timeout: 60000 });
  await chat.locator('.turn-assistant .assistant-text', { hasText: /Tool results: read_aloud=/ }).waitFor({ timeout: 30000 });
  // The text can be there before the answer has ended: a window closed now would leave it interrupted.
  await chat.locator('.turn-status').first().waitFor({ state: 'detached', timeout: 60000 });
  await steps.reached?.('speech');
}

/** For the demo: builds the conversation in a headless workbench at `url`, which then closes; the conversation stays in the workspace's chat history. */
export async function seedMediaConversation(url: string, emulator: Emulator): Promise<void> {
  const browser = await launchBrowser();
  try {
    const { page, close } = await openWorkbench(browser, url);
    const wb = new Workbench(page, 'demo');
    await wb.openContainer('GenAI Gateway');
    await buildMediaConversation(await wb.waitForWebview('.composer-input'), emulator);
    await close();
  } finally {
    await browser.close();
  }
}
