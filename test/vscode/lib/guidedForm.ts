// The guided forms of Generate Image / Generate Video (quick inputs) as UI tests read them.
import type { Locator } from 'playwright-core';
import type { UiContext } from './ui';

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A row of the open quick input by its exact label (an icon before it is allowed). */
export function row({ wb }: UiContext, label: string): Locator {
  return wb.quickInput
    .locator('.monaco-list-row', { has: wb.page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) }) })
    .first();
}

/** The value the guided form shows for a field. */
export async function formValue(ctx: UiContext, label: string): Promise<string> {
  return (await row(ctx, label).locator('.label-description').first().innerText()).trim();
}

/** Waits for the quick input titled `title` (each step of the form has its own), so a click cannot hit the previous one. */
export async function waitForStep({ wb }: UiContext, title: string): Promise<void> {
  await wb.quickInput.locator('.quick-input-title', { hasText: title }).waitFor({ state: 'visible', timeout: 20000 });
}
