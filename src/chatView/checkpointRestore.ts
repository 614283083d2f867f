/**
 * "Restore checkpoint" on a user message: a preview lists every file the
 * agent changed since that message (with a diff against the checkpoint),
 * files changed outside the agent since left unpicked and named; then the
 * chosen files are put back, the conversation too if asked, and Redo takes
 * the restore back.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckpointStore, RestoreItem } from '../checkpoints/checkpointStore';
import { t } from '../l10n/localize';
import { checkBeforeWrite } from '../workspace/checkedFiles';
import { shownPath, workspaceRoots } from '../workspace/workspacePaths';

export type CheckpointFiles = Pick<CheckpointStore, 'plan' | 'restore' | 'redo' | 'blobPath'>;

interface FileItem extends vscode.QuickPickItem {
  item: RestoreItem;
}

const COMPARE = { iconPath: new vscode.ThemeIcon('diff'), tooltip: t('Compare with the checkpoint') };

/** What the user chose: nothing, the files, or the files and the conversation from that message on. */
export type RestoreOutcome = 'cancelled' | 'files' | 'filesAndConversation';

export async function restoreCheckpoint(store: CheckpointFiles, conversationId: string, turnId: string): Promise<RestoreOutcome> {
  const plan = await store.plan(conversationId, turnId);
  if (!plan.length) {
    const answer = await vscode.window.showInformationMessage(
      t('The agent changed no file after this message. Go back in the conversation to before it?'),
      { modal: true },
      t('Restore Conversation'),
    );
    return answer ? 'filesAndConversation' : 'cancelled';
  }
  const chosen = await pickFiles(store, conversationId, plan);
  if (!chosen) return 'cancelled';
  const files = t('Restore {0} Files', chosen.length);
  const withConversation = t('Restore Files and Conversation');
  const answer = await vscode.window.showWarningMessage(
    t('Restore {0} files to what they were before this message?', chosen.length),
    { modal: true, detail: chosen.map((i) => `${shownPath(vscode.Uri.file(i.path))}: ${actionText(i)}`).join('\n') },
    files,
    withConversation,
  );
  if (!answer) return 'cancelled';
  const writable = chosen.filter((item) => isWritable(item.path));
  let redo: Awaited<ReturnType<CheckpointFiles['restore']>>;
  try {
    redo = await store.restore(conversationId, writable);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(t('The checkpoint could not be restored completely ({0}); the files restored before this stay restored.', why));
    return 'cancelled';
  }
  const skipped = chosen.length - writable.length;
  const message =
    skipped > 0
      ? t('Restored {0} files; {1} left alone: their folder now leads outside the workspace.', writable.length, skipped)
      : t('Restored {0} files.', writable.length);
  const redoLabel = t('Redo');
  void vscode.window.showInformationMessage(message, redoLabel).then(async (choice) => {
    if (choice !== redoLabel) return;
    await store.redo(conversationId, redo);
    void vscode.window.showInformationMessage(t('The files are back as they were before the restore.'));
  });
  return answer === withConversation ? 'filesAndConversation' : 'files';
}

/** The preview: every file, what restoring does to it, a diff button; resolves to the files picked. */
function pickFiles(store: CheckpointFiles, conversationId: string, plan: readonly RestoreItem[]): Promise<RestoreItem[] | undefined> {
  const pick = vscode.window.createQuickPick<FileItem>();
  pick.title = t('Restore Checkpoint');
  pick.placeholder = t('Pick the files to put back as they were before this message');
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  pick.items = plan.map((item) => ({
    item,
    label: shownPath(vscode.Uri.file(item.path)),
    description: actionText(item),
    ...(item.changedSince ? { detail: t('Changed outside the agent since: restore it only if you mean to lose that change.') } : {}),
    ...(item.action.kind === 'write' ? { buttons: [COMPARE] } : {}),
  }));
  pick.selectedItems = pick.items.filter((i) => i.item.action.kind !== 'unrestorable' && !i.item.changedSince);
  return new Promise((resolve) => {
    let accepted = false;
    pick.onDidTriggerItemButton(({ item }) => void compare(store, conversationId, item.item));
    pick.onDidAccept(() => {
      accepted = true;
      resolve(pick.selectedItems.map((i) => i.item).filter((i) => i.action.kind !== 'unrestorable'));
      pick.hide();
    });
    pick.onDidHide(() => {
      if (!accepted) resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

function actionText(item: RestoreItem): string {
  switch (item.action.kind) {
    case 'write':
      return t('back to its content before');
    case 'delete':
      return t('deleted: the agent created it');
    case 'unrestorable':
      return item.action.why === 'tooLarge'
        ? t('cannot be restored: too large to keep')
        : t('cannot be restored: a terminal command changed it and its content before was not recorded');
  }
}

async function compare(store: CheckpointFiles, conversationId: string, item: RestoreItem): Promise<void> {
  if (item.action.kind !== 'write') return;
  const before = vscode.Uri.file(store.blobPath(conversationId, item.action.hash)).with({ scheme: 'file' });
  const title = t('{0} (checkpoint ↔ now)', path.basename(item.path));
  await vscode.commands.executeCommand('vscode.diff', before, vscode.Uri.file(item.path), title, { preview: true });
}

/** A file may be written back only where the tools may write now (a folder swapped for a link leading out is refused). */
function isWritable(file: string): boolean {
  try {
    checkBeforeWrite(workspaceRoots(), file);
    return true;
  } catch {
    return false;
  }
}
