import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { GatewayClient } from '../gateway/client';
import { inertLinks } from '../gateway/errors';
import { AtomicFile, openAtomicFile, uniquePath, writeFileAtomic } from '../files/atomicFile';
import { ContentNamedFile, openContentNamedFile } from '../files/contentNamedFile';
import { Settings } from '../platform/settings';
import { outputFolderPath } from './outputFolderPath';
import { removeStaleParts } from './staleParts';
import { type MediaFileName, downloadToFile, generatedFileBase } from './generatedFiles';
import { t } from '../l10n/localize';

export type { MediaFileName } from './generatedFiles';

/**
 * Where generated media goes: the output folder (setting, relative to the
 * first workspace folder), under names made from the prompt and the time,
 * written atomically and never over an existing file.
 */
export class OutputFiles {
  constructor(private readonly settings: Settings) {}

  /** The output folder, created when missing. A clear error when no folder is open. */
  async folder(): Promise<string> {
    const folder = this.configuredFolder();
    await fs.mkdir(folder, { recursive: true });
    return folder;
  }

  /** The output folder as the settings give it now, or undefined when there is none (no folder open, a refused setting). */
  currentFolder(): string | undefined {
    try {
      return this.configuredFolder();
    } catch {
      return undefined;
    }
  }

  /** Removes the temporary files an earlier crash left in the output folder (see staleParts.ts); their names. */
  async removeCrashLeftovers(): Promise<string[]> {
    try {
      return await removeStaleParts(this.configuredFolder());
    } catch {
      return [];
    }
  }

  private configuredFolder(): string {
    const { folder: configured, source } = this.settings.outputFolder();
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    return outputFolderPath(configured, source, root?.scheme === 'file' ? root.fsPath : undefined);
  }

  /**
   * A free path for a new file: `<prompt-slug>-<yyyymmdd-hhmmss>[-<member>].<ext>`.
   * `member` numbers the files of a set (1-based) so they sort together.
   * In `folder` (e.g. where the window that asked for it saves) when that
   * folder or the folder it belongs in still exists; else in the output folder.
   */
  async newPath(prompt: string, ext: string, member?: number, at: Date = new Date(), folder?: string): Promise<string> {
    const preferred = folder === undefined ? undefined : await usableFolder(folder);
    return uniquePath(preferred ?? (await this.folder()), generatedFileBase(prompt, member, at), ext);
  }

  /** A file that appears under its name only when complete; abort() leaves nothing behind. */
  openFile(targetPath: string): Promise<AtomicFile> {
    return openAtomicFile(targetPath);
  }

  /** A file for generated media whose extension its first bytes choose (the gateway's JSON does not say the format). */
  mediaFile(name: MediaFileName): ContentNamedFile {
    return openContentNamedFile((extension) => this.newPath(name.prompt, extension, name.member, name.at), name.fallbackExtension);
  }

  /** Downloads a signed link (no credential is sent) into a mediaFile; returns the path used. */
  downloadMedia(client: GatewayClient, url: string, name: MediaFileName, signal?: AbortSignal): Promise<string> {
    return downloadToFile(client, url, this.mediaFile(name), signal);
  }

  /** `<media>.json` beside a result, with what is needed to reproduce it; it replaces the one there (a video task's, written again with its last frame). */
  async writeSidecar(mediaPath: string, data: object): Promise<string> {
    return writeFileAtomic(`${mediaPath}.json`, `${JSON.stringify(data, null, 2)}\n`, { overwrite: true });
  }

  /** Downloads a signed link (no credential is sent) into `targetPath`; returns the path used. */
  async download(client: GatewayClient, url: string, targetPath: string, signal?: AbortSignal): Promise<string> {
    const response = await client.download(url, signal);
    return writeFileAtomic(targetPath, response.body, { signal });
  }
}

/** One more button of announceSaved, after Open, Reveal in Explorer and Copy Path. */
export interface SavedAction {
  title: string;
  run(): Thenable<unknown>;
}

/**
 * "Saved …" with Open, Reveal in Explorer and Copy Path; `note` is a sentence
 * added to the message, `actions` further buttons.
 */
export async function announceSaved(what: string, files: string[], extra: { note?: string; actions?: SavedAction[] } = {}): Promise<void> {
  if (files.length === 0) return;
  const first = vscode.Uri.file(files[0]);
  const name = files.length === 1 ? path.basename(files[0]) : t('{0} files in {1}', files.length, path.basename(path.dirname(files[0])));
  const actions = extra.actions ?? [];
  // Every saved result has a sidecar (writeSidecar): a user seeing an unexpected .json file learns what it is here.
  const sidecar = files.length === 1 ? t('The .json file beside it records how it was made.') : t('The .json file beside each records how it was made.');
  const said = [t('GenAI Gateway: {0} saved as {1}.', what, name), extra.note, sidecar].filter(Boolean).join(' ');
  // What was saved may be named by a prompt: no link in the notification (see inertLinks).
  const message = inertLinks(said);
  const [open, reveal, copy] = [t('Open'), t('Reveal in Explorer'), t('Copy Path')];
  const choice = await vscode.window.showInformationMessage(message, open, reveal, copy, ...actions.map((a) => a.title));
  if (choice === open) await vscode.commands.executeCommand('vscode.open', first);
  if (choice === reveal) await vscode.commands.executeCommand('revealInExplorer', first);
  if (choice === copy) await vscode.env.clipboard.writeText(files.join('\n'));
  await actions.find((a) => a.title === choice)?.run();
}

/** `folder`, created when missing, when it or its parent still exists (a deleted workspace is not made again). */
async function usableFolder(folder: string): Promise<string | undefined> {
  try {
    await fs.access(path.dirname(folder));
    await fs.mkdir(folder, { recursive: true });
    return folder;
  } catch {
    return undefined;
  }
}
