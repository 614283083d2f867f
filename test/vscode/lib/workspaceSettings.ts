// Workspace settings and color themes in UI tests, changed as a user editing .vscode/settings.json would.
import * as fs from 'fs';
import * as path from 'path';
import { until } from '../../support/until';
import { sleep } from './proc';
import { EXTENSION_ID } from './paths';
import type { UiContext } from './ui';

const REWRITE_AFTER_MS = 4000;

export const THEMES = { light: 'Default Light Modern', dark: 'Default Dark Modern', 'high-contrast': 'Default High Contrast' } as const;

/** Changes a workspace setting by rewriting .vscode/settings.json. */
export function setWorkspaceSetting(workspace: string, key: string, value: unknown): void {
  const file = path.join(workspace, '.vscode', 'settings.json');
  const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(file, JSON.stringify({ ...settings, [key]: value }, null, 2));
}

/** Switches the color theme and waits until the webview has it. */
export async function useTheme(ctx: UiContext, theme: keyof typeof THEMES): Promise<void> {
  setWorkspaceSetting(ctx.workspace, 'workbench.colorTheme', THEMES[theme]);
  let written = Date.now();
  const wanted = theme === 'light' ? 'vscode-light' : theme === 'dark' ? 'vscode-dark' : 'vscode-high-contrast';
  // Any of our webviews: after a reload the first one may be a view not shown yet, which never gets the class.
  await until(
    `a webview of ours in the ${theme} theme`,
    async () => {
      // A workbench still starting (just reloaded, on a busy machine) can miss the file's change
      // event and keep the theme it read before: the file is written again, as a user saving twice.
      if (Date.now() - written > REWRITE_AFTER_MS) {
        setWorkspaceSetting(ctx.workspace, 'workbench.colorTheme', THEMES[theme]);
        written = Date.now();
      }
      const webviews = await ctx.page.locator(`iframe.webview[src*="extensionId=${EXTENSION_ID}"]`).count();
      for (let index = 0; index < webviews; index++) if ((await ctx.wb.webview({ index }).locator(`body.${wanted}`).count()) > 0) return true;
      return false;
    },
    20000,
    200,
  );
  await sleep(300);
}
