/** Choosing the local files of a files field: the workspace's files of the allowed types, or any file through a dialog. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeBytes } from '../gateway/validation/media';
import { extensionsOf } from '../gateway/media/mediaType';
import type { FilesField } from './forms/formFields';
import { t } from '../l10n/localize';

/** Enough to choose from without making a huge workspace slow to list. */
const MAX_LISTED_FILES = 500;

interface FileItem extends vscode.QuickPickItem {
  file?: string;
}

/**
 * The files chosen for `field` ([] for none); undefined when the user escapes.
 * @param nameOf how a file is shown: its workspace-relative path.
 */
export async function pickInputFiles(
  field: FilesField,
  current: readonly string[],
  title: string,
  nameOf: (file: string) => string,
): Promise<string[] | undefined> {
  const extensions = [...new Set(field.mimeTypes.flatMap(extensionsOf))];
  const found = await vscode.workspace.findFiles(`**/*.{${extensions.join(',')}}`, '**/node_modules/**', MAX_LISTED_FILES);
  const files = [...new Set([...current, ...found.map((uri) => uri.fsPath)])].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  const many = field.max > 1;
  const browse: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('folder-opened'), tooltip: t('Browse…') };
  const items: FileItem[] = [
    ...(many ? [] : [{ label: t('$(close) None'), description: t('no file') }]),
    ...files.map((file) => ({ label: nameOf(file), description: path.extname(file).slice(1).toUpperCase(), file, picked: current.includes(file) })),
  ];
  const picker = vscode.window.createQuickPick<FileItem>();
  picker.title = `${title}: ${field.label}`;
  const types = extensions.join(', ');
  const limits = many
    ? t('up to {0} {1} of at most {2}', field.max, types, describeBytes(field.maxBytes))
    : t('{0} of at most {1}', types, describeBytes(field.maxBytes));
  picker.placeholder = t('{0} ({1}); the folder button browses for other files', field.help, limits);
  picker.canSelectMany = many;
  picker.matchOnDescription = true;
  picker.ignoreFocusOut = true;
  picker.buttons = [browse];
  picker.items = items;
  if (many) picker.selectedItems = items.filter((item) => item.picked);
  else picker.activeItems = items.filter((item) => item.file !== undefined && current.includes(item.file));
  try {
    return await new Promise<string[] | undefined>((resolve) => {
      // In a browser the open dialog is itself a quick input, which hides this one: that is no Escape.
      let browsing = false;
      picker.onDidTriggerButton(async () => {
        browsing = true;
        const chosen = await vscode.window.showOpenDialog({
          title: picker.title,
          canSelectMany: many,
          filters: { [field.label]: extensions },
        });
        resolve(chosen?.length ? chosen.map((uri) => uri.fsPath).slice(0, field.max) : undefined);
      });
      picker.onDidAccept(() => {
        const chosen = (many ? picker.selectedItems : picker.activeItems).flatMap((item) => (item.file ? [item.file] : []));
        if (chosen.length > field.max) {
          picker.placeholder = t('At most {0} files: {1} are selected', field.max, chosen.length);
          return;
        }
        resolve(chosen);
      });
      picker.onDidHide(() => {
        if (!browsing) resolve(undefined);
      });
      picker.show();
    });
  } finally {
    picker.dispose();
  }
}
