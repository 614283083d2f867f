import * as vscode from 'vscode';

export interface PickOptions<T extends vscode.QuickPickItem> {
  title: string;
  placeholder?: string;
  /** The item highlighted when the list opens. */
  active?: T;
  /** Keep the list open when the focus moves elsewhere (a form the user may consult other windows for). */
  ignoreFocusOut?: boolean;
}

/** One item of a quick pick, with an item pre-highlighted; undefined when the user escapes. */
export async function pickOne<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions<T>): Promise<T | undefined> {
  const picker = vscode.window.createQuickPick<T>();
  picker.title = options.title;
  picker.placeholder = options.placeholder;
  picker.items = items;
  picker.matchOnDescription = true;
  picker.ignoreFocusOut = options.ignoreFocusOut ?? false;
  if (options.active) picker.activeItems = [options.active];
  try {
    return await new Promise<T | undefined>((resolve) => {
      picker.onDidAccept(() => resolve(picker.selectedItems[0] ?? picker.activeItems[0]));
      picker.onDidHide(() => resolve(undefined));
      picker.show();
    });
  } finally {
    picker.dispose();
  }
}
