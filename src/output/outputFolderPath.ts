import * as path from 'node:path';
import { validationError } from '../gateway/errors';
import type { SettingSource } from '../platform/settings';
import { t } from '../l10n/localize';

/**
 * The absolute output folder for `genaiGateway.outputFolder`: relative to the
 * first workspace folder, or absolute. A repository's own settings may only
 * choose a folder inside the workspace, so that opening it cannot make
 * generated files land elsewhere on the machine.
 */
export function outputFolderPath(configured: string, source: SettingSource, root: string | undefined): string {
  const setting = 'genaiGateway.outputFolder';
  if (source === 'workspace') {
    const inside = root !== undefined && !path.isAbsolute(configured) && !path.relative(root, path.resolve(root, configured)).split(path.sep).includes('..');
    if (!inside)
      throw validationError(
        setting,
        configured,
        t('in workspace settings, a folder inside the workspace (an absolute or outside folder only in your user settings)'),
      );
  }
  if (path.isAbsolute(configured)) return configured;
  if (root === undefined)
    throw validationError(setting, configured, t('an open workspace folder, or an absolute folder path in the setting'), t('no workspace folder is open'));
  return path.join(root, configured);
}
