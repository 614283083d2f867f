/** Picks image files for a task: the workspace's images in a quick pick, or any file through Browse…. */
import * as vscode from 'vscode';
import { extensionsOf } from '../gateway/media/mediaType';
import { TASK_IMAGE_MIME_TYPES } from '../gateway/validation/limits';
import { workspaceRelativePath } from '../output/workspaceMedia';
import { t } from '../l10n/localize';

interface ImageItem extends vscode.QuickPickItem {
  /** Workspace-relative (or absolute) path; undefined for Browse…. */
  path?: string;
}

const MAX_LISTED_FILES = 500;

export function workspaceRoot(): string | undefined {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  return root?.scheme === 'file' ? root.fsPath : undefined;
}

/**
 * Between `min` and `max` images (one quick pick with checkboxes when
 * `max` > 1); the paths as workspace-relative as possible, or undefined
 * when the user gave up.
 */
export async function pickImages(title: string, placeHolder: string, min: number, max: number): Promise<string[] | undefined> {
  const extensions = TASK_IMAGE_MIME_TYPES.flatMap((type) => extensionsOf(type));
  const files = await vscode.workspace.findFiles(`**/*.{${extensions.join(',')}}`, '**/node_modules/**', MAX_LISTED_FILES);
  const root = workspaceRoot();
  const items: ImageItem[] = files
    .map((uri) => workspaceRelativePath(uri.fsPath, root))
    .sort()
    .map((path) => ({ label: path.split('/').pop() ?? path, description: path, path }));
  const browse: ImageItem = { label: `$(folder-opened) ${t('Browse…')}`, description: t('an image file anywhere'), alwaysShow: true };
  for (;;) {
    const picked =
      max > 1
        ? await vscode.window.showQuickPick([...items, browse], { title, placeHolder, canPickMany: true, matchOnDescription: true })
        : await vscode.window.showQuickPick([...items, browse], { title, placeHolder, matchOnDescription: true }).then((one) => (one ? [one] : undefined));
    if (!picked) return undefined;
    const paths = picked.flatMap((item) => (item.path ? [item.path] : []));
    if (picked.includes(browse)) {
      const chosen = await browseForImages(extensions, max > 1, root);
      if (!chosen) continue;
      paths.push(...chosen);
    }
    if (paths.length >= min && paths.length <= max) return paths;
    void vscode.window.showWarningMessage(
      min !== max
        ? t('Pick {0} to {1} images ({2} picked).', min, max, paths.length)
        : min === 1
          ? t('Pick exactly {0} image.', min)
          : t('Pick exactly {0} images.', min),
    );
  }
}

async function browseForImages(extensions: string[], many: boolean, root: string | undefined): Promise<string[] | undefined> {
  const uris = await vscode.window.showOpenDialog({
    canSelectMany: many,
    openLabel: t('Use Image'),
    filters: { [t('Images')]: extensions },
    defaultUri: root ? vscode.Uri.file(root) : undefined,
  });
  return uris?.map((uri) => workspaceRelativePath(uri.fsPath, root));
}
