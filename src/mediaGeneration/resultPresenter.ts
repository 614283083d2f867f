/** Shows what a generation saved: each file opened, one notification with its actions, failed members reported. */
import * as vscode from 'vscode';
import { announceSaved, type SavedAction } from '../output/outputFiles';
import type { MediaKind } from './forms/formFields';
import type { GenerationOutcome } from './generation/generationRun';

export async function presentResults(kind: MediaKind, outcome: GenerationOutcome, openResults: boolean): Promise<void> {
  const files = outcome.saved.map((saved) => saved.path);
  if (outcome.failed.length > 0) {
    const total = files.length + outcome.failed.length;
    const reasons = outcome.failed.map((f) => `#${f.member}: ${f.message}`).join('; ');
    const kept = files.length > 0 ? ' The others were saved.' : '';
    void vscode.window.showWarningMessage(`GenAI Gateway: ${outcome.failed.length} of ${total} ${kind}s failed (${reasons}).${kept}`);
  }
  if (openResults) {
    for (const [index, file] of files.entries()) {
      // Images open in the image preview, MP4s in VS Code's media preview.
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file), { preview: false, preserveFocus: index > 0 });
    }
  }
  const notes: string[] = [];
  const actions: SavedAction[] = [];
  if (outcome.generated) notes.push(`Generated: ${outcome.generated}.`);
  if (outcome.cancelled) notes.push('Cancelled before the rest were downloaded.');
  const silent = outcome.silentAudio;
  if (silent.length > 0) {
    notes.push(`${silent.length === 1 ? 'Its' : 'Their'} AAC audio plays silently inside VS Code.`);
    actions.push({ title: 'Open in System Player', run: () => vscode.env.openExternal(vscode.Uri.file(silent[0])) });
  }
  const what = files.length === 1 ? (kind === 'image' ? 'Image' : 'Video') : `${files.length} ${kind}s`;
  await announceSaved(what, files, { note: notes.join(' ') || undefined, actions });
}
