// The chat view in UI tests: opening it and sending a message through the composer.
import type { FrameLocator, Locator } from 'playwright-core';
import type { UiContext } from './ui';

/** Shows the GenAI Gateway container and returns the chat webview once its composer is there. */
export async function openChat({ wb }: UiContext): Promise<FrameLocator> {
  await wb.openContainer('GenAI Gateway');
  return wb.waitForWebview('.composer-input');
}

/** Types (or, with `paste`, fills in) the composer and sends with Enter; returns the new answer's locator. */
export async function sendMessage(chat: FrameLocator, text: string, entry: 'type' | 'paste' = 'type'): Promise<Locator> {
  const before = await chat.locator('.turn-assistant').count();
  const input = chat.locator('.composer-input');
  if (entry === 'paste') {
    await input.fill(text);
  } else {
    await input.click();
    await input.pressSequentially(text, { delay: 5 });
  }
  await input.press('Enter');
  const answer = chat.locator('.turn-assistant').nth(before);
  await answer.waitFor({ state: 'visible', timeout: 15000 });
  return answer;
}
