/** Shows what a generation saved: each file opened, one notification with its actions, failed members reported. */
import * as vscode from 'vscode';
import { announceSaved, type SavedAction } from '../output/outputFiles';
import { inertLinks } from '../gateway/errors';
import type { MediaKind } from './forms/formFields';
import type { GenerationOutcome } from './generation/generationRun';
import { t } from '../l10n/localize';

export async function presentResults(kind: MediaKind, outcome: GenerationOutcome, openResults: boolean): Promise<void> {
  const files = outcome.saved.map((saved) => saved.path);
  if (outcome.failed.length > 0) {
    const total = files.length + outcome.failed.length;
    const reasons = inertLinks(outcome.failed.map((f) => `#${f.member}: ${f.message}`).join('; '));
    const kept = files.length > 0 ? t(' The others were saved.') : '';
    const failed = outcome.failed.length;
    void vscode.window.showWarningMessage(
      kind === 'image'
        ? t('GenAI Gateway: {0} of {1} images failed ({2}).{3}', failed, total, reasons, kept)
        : t('GenAI Gateway: {0} of {1} videos failed ({2}).{3}', failed, total, reasons, kept),
    );
  }
  if (openResults) {
    for (const [index, file] of files.entries()) {
      // Images open in the image preview, MP4s in VS Code's media preview.
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file), { preview: false, preserveFocus: index > 0 });
    }
  }
  const notes: string[] = [];
  const actions: SavedAction[] = [];
  if (outcome.generated) notes.push(t('Generated: {0}.', outcome.generated));
  if (outcome.cancelled) notes.push(t('Cancelled before the rest were downloaded.'));
  const silent = outcome.silentAudio;
  if (silent.length > 0) {
    notes.push(silent.length === 1 ? t('Its AAC audio plays silently inside VS Code.') : t('Their AAC audio plays silently inside VS Code.'));
    actions.push({ title: t('Open in System Player'), run: () => vscode.env.openExternal(vscode.Uri.file(silent[0])) });
  }
  const what = savedWhat(kind, files.length);
  await announceSaved(what, files, { note: notes.join(' ') || undefined, actions });
}

function savedWhat(kind: MediaKind, count: number): string {
  if (kind === 'image') return count === 1 ? t('Image') : t('{0} images', count);
  return count === 1 ? t('Video') : t('{0} videos', count);
}
