// Select Model: the gateway's models grouped by capability; the choice becomes that capability's default.
import { until } from '../../support/until';
import { assert, uiTest } from '../lib/ui';

export const tests = [
  uiTest(
    "Select Model groups the gateway's models by capability and sets the default",
    async ({ wb, page, emulator, screenshot }) => {
      emulator.setOptions({ extraModels: ['sora-2', 'text-embedding-3-small'] });
      await wb.runCommand('GenAI Gateway: Select Model');
      const widget = wb.quickInput;
      await widget.locator('.monaco-list-row', { hasText: 'sora-2' }).first().waitFor({ timeout: 20000 });
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
      // Every model has its group; what nothing places is under Other, and an embedding model is not offered.
      const rows = (await widget.locator('.monaco-list-row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
      assert.ok(!rows.some((text) => text.includes('text-embedding-3-small')), JSON.stringify(rows));
      const sora = rows.findIndex((text) => text.startsWith('sora-2'));
      assert.ok(sora >= 0 && /\bOther\b/.test(rows[sora]) && sora === rows.length - 1, `sora-2 last, under Other: ${JSON.stringify(rows)}`);
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
      emulator.setOptions({ extraModels: [] });
    },
    { timeoutMs: 90000 },
  ),
  uiTest(
    'the status bar follows the gateway: failing while it cannot be reached, connected again by itself once it is back',
    async ({ wb, page, emulator, screenshot }) => {
      const status = page.locator('.statusbar-item[id$="genaiGateway.status"]').first();
      await status.waitFor({ state: 'visible', timeout: 30000 });
      emulator.setFaults({ dropConnection: true });
      try {
        await wb.runCommand('GenAI Gateway: Test Connection');
        await until('the status to say failing', async () => /failing/.test((await status.getAttribute('aria-label')) ?? ''), 60000, 250);
        // Test Connection has given up (its retries too) once it says so: what follows is the status's own asking.
        await until(
          'Test Connection to report the failure',
          async () => (await wb.notifications()).some((n) => /Could not reach|no connection|socket|closed/i.test(n)),
          60000,
          500,
        );
        await screenshot('status-failing');
      } finally {
        emulator.setFaults(undefined);
      }
      const before = emulator.requests.length;
      // Nothing is pressed: the status asks the gateway again by itself.
      await until('the status to recover', async () => /connected/.test((await status.getAttribute('aria-label')) ?? ''), 30000, 250);
      assert.ok(
        emulator.requests.slice(before).some((r) => r.path === '/v1/models'),
        'the status asked the gateway by itself',
      );
      await screenshot('status-recovered');
    },
    { timeoutMs: 120000 },
  ),
];
