import * as path from 'node:path';
import { validationError } from '../gateway/errors';
import type { SettingSource } from '../platform/settings';
import { resolveInWorkspace, type Realpath } from '../workspace/pathPolicy';
import { realpathFollowingLinks } from '../workspace/realpath';
import { t } from '../l10n/localize';

/**
 * The absolute output folder for `genaiGateway.outputFolder`: relative to the
 * first workspace folder, or absolute. A repository's own settings may only
 * choose a folder inside the workspace, so that opening it cannot make
 * generated files land elsewhere on the machine. A folder inside the
 * workspace (whoever chose it) must really be there: the repository decides
 * what is on disk, and its `generated` may be a symbolic link leading out.
 */
export function outputFolderPath(configured: string, source: SettingSource, root: string | undefined, realpath: Realpath = realpathFollowingLinks): string {
  const setting = 'genaiGateway.outputFolder';
  if (source === 'workspace') {
    const inside = root !== undefined && !path.isAbsolute(configured) && !leavesRoot(root, path.resolve(root, configured));
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
  const folder = path.join(root, configured);
  if (!leavesRoot(root, folder)) {
    const resolved = resolveInWorkspace([root], configured, realpath);
    if (!resolved.ok)
      throw validationError(
        setting,
        configured,
        t('a folder that is really inside the workspace (a folder elsewhere only as an absolute path in your user settings)'),
        resolved.reason,
      );
  }
  return folder;
}

function leavesRoot(root: string, folder: string): boolean {
  return path.relative(root, folder).split(path.sep).includes('..');
}
