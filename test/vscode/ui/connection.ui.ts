// Select Model: the gateway's models grouped by capability; the choice becomes that capability's default.
import { assert, uiTest } from '../lib/ui';

export const tests = [
  uiTest(
    "Select Model groups the gateway's models by capability and sets the default",
    async ({ wb, page, screenshot }) => {
      await wb.runCommand('GenAI Gateway: Select Model');
      const widget = wb.quickInput;
      await widget.locator('.monaco-list-row', { hasText: 'gpt-4o-mini' }).first().waitFor({ timeout: 20000 });
      // Separators carry the capability labels: chat first, then the media capabilities.
      const separators = await widget
        .locator('.quick-input-list-separator, .quick-input-list-separator-as-item, .monaco-list-row .quick-input-list-separator')
        .allInnerTexts();
      const labels = separators.map((s) => s.trim()).filter(Boolean);
      await screenshot('select-model-groups');
      assert.ok(labels.length >= 5, `capability groups shown: ${JSON.stringify(labels)}`);
      assert.match(labels[0], /^Chat/);
      for (const expected of [/Seedream 4\.5/, /Veo/, /task/i, /Speech/]) {
        assert.ok(
          labels.some((l) => expected.test(l)),
          `a group matching ${expected} among ${JSON.stringify(labels)}`,
        );
      }
      await wb.pickQuickItem('bytedance-seedream-4');
      await page.waitForTimeout(500);
      await wb.runCommand('GenAI Gateway: Select Model');
      const current = widget.locator('.monaco-list-row', { hasText: 'current default' });
      await current.first().waitFor({ timeout: 20000 });
      const texts = await current.allInnerTexts();
      assert.ok(
        texts.some((t) => t.includes('bytedance-seedream-4') && !t.includes('seedream-4-5')),
        `marked current: ${JSON.stringify(texts)}`,
      );
      await wb.closeQuickInput();
    },
    { timeoutMs: 90000 },
  ),
];
