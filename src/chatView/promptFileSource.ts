/**
 * The prompt files the chat runs as `/name`: the workspace's
 * `.github/prompts/**​/*.prompt.md` (first workspace folder, trusted
 * workspaces only, symlinks leading outside refused), then those in the
 * folders of genaiGateway.chat.promptFolders (user settings only); a name
 * already taken keeps its first file. Read ahead, and again when they
 * change, when trust is granted and when the setting changes.
 */
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { MAX_PROMPT_CHARS, parsePromptFile, PROMPT_SUFFIX, PROMPTS_FOLDER, promptName, type PromptFile } from '../chat/promptFiles';
import type { PromptCommand } from '../chat/slashCommand';
import { SerialRefresh } from './serialRefresh';
import { fileWorkspaceFolders, resolveWorkspaceUri } from '../workspace/workspacePaths';

export const PROMPT_FOLDERS_SETTING = 'genaiGateway.chat.promptFolders';
/** Prompt files listed at most (of the workspace, and of each user folder). */
const MAX_PROMPT_FILES = 200;
/** A larger prompt file is not read (its first MAX_PROMPT_CHARS are all that would count). */
const MAX_PROMPT_BYTES = 4 * MAX_PROMPT_CHARS;

export interface PromptFileDeps {
  isTrusted(): boolean;
  /** genaiGateway.chat.promptFolders. */
  folders(): readonly string[];
  log: { warn(message: string): void };
}

/** A prompt file and where it is (its `#file:` references are relative to its folder). */
export interface LoadedPrompt {
  prompt: PromptFile;
  uri: vscode.Uri;
}

export class PromptFileSource implements vscode.Disposable {
  private prompts = new Map<string, LoadedPrompt>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  private readonly reads: SerialRefresh;

  constructor(private readonly deps: PromptFileDeps) {
    this.reads = new SerialRefresh(() => this.reread(), deps.log);
    const readAgain = () => void this.refresh();
    const folder = fileWorkspaceFolders()[0];
    if (folder) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, `${PROMPTS_FOLDER}/**/*${PROMPT_SUFFIX}`));
      this.subscriptions.push(watcher, watcher.onDidCreate(readAgain), watcher.onDidChange(readAgain), watcher.onDidDelete(readAgain));
    }
    this.subscriptions.push(
      vscode.workspace.onDidGrantWorkspaceTrust(readAgain),
      vscode.workspace.onDidChangeWorkspaceFolders(readAgain),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(PROMPT_FOLDERS_SETTING) && readAgain()),
    );
    readAgain();
  }

  /** What the composer offers, by name. */
  commands(): PromptCommand[] {
    return [...this.prompts.values()]
      .map(({ prompt: { name, description, argumentHint, source } }) => ({ name, description, source, ...(argumentHint ? { argumentHint } : {}) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The prompt file of a name, read again now (it may have changed since it was listed). */
  async get(name: string): Promise<LoadedPrompt | undefined> {
    const listed = this.prompts.get(name);
    const folder = fileWorkspaceFolders()[0];
    if (!listed || (listed.prompt.source === 'workspace' && !(folder && this.deps.isTrusted() && this.insideWorkspace(folder, listed.uri)))) return undefined;
    const content = await this.readText(listed.uri);
    return content === undefined ? undefined : { uri: listed.uri, prompt: parsePromptFile(name, listed.prompt.source, content) };
  }

  /** Lists and reads the prompt files again; resolves when done (tests wait for it). */
  refresh(): Promise<void> {
    return this.reads.request();
  }

  private async reread(): Promise<void> {
    const next = new Map<string, LoadedPrompt>();
    for (const { uri, source } of await this.list()) {
      const name = promptName(path.basename(uri.fsPath));
      if (!name || next.has(name)) continue;
      const content = await this.readText(uri);
      if (content !== undefined) next.set(name, { uri, prompt: parsePromptFile(name, source, content) });
    }
    const same = JSON.stringify([...next]) === JSON.stringify([...this.prompts]);
    this.prompts = next;
    if (!same) this.changed.fire();
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }

  private async list(): Promise<{ uri: vscode.Uri; source: PromptCommand['source'] }[]> {
    const folder = fileWorkspaceFolders()[0];
    const workspace =
      folder && this.deps.isTrusted()
        ? (await vscode.workspace.findFiles(new vscode.RelativePattern(folder, `${PROMPTS_FOLDER}/**/*${PROMPT_SUFFIX}`), null, MAX_PROMPT_FILES))
            .sort((a, b) => a.fsPath.localeCompare(b.fsPath))
            .flatMap((uri) => (this.insideWorkspace(folder, uri) ? [{ uri, source: 'workspace' as const }] : []))
        : [];
    const user = await Promise.all(this.deps.folders().map((dir) => this.listUserFolder(dir)));
    return [...workspace, ...user.flat()];
  }

  /** A file the workspace has, not a symlink leading outside it. */
  private insideWorkspace(folder: vscode.WorkspaceFolder, uri: vscode.Uri): boolean {
    try {
      resolveWorkspaceUri(path.relative(folder.uri.fsPath, uri.fsPath));
      return true;
    } catch {
      return false;
    }
  }

  private async listUserFolder(dir: string): Promise<{ uri: vscode.Uri; source: 'user' }[]> {
    const folder = vscode.Uri.file(dir.startsWith('~') ? path.join(os.homedir(), dir.slice(1)) : dir);
    if (!path.isAbsolute(folder.fsPath)) return [];
    try {
      const entries = await vscode.workspace.fs.readDirectory(folder);
      return entries
        .filter(([name, type]) => (type & vscode.FileType.File) !== 0 && name.endsWith(PROMPT_SUFFIX))
        .map(([name]) => name)
        .sort()
        .slice(0, MAX_PROMPT_FILES)
        .map((name) => ({ uri: vscode.Uri.joinPath(folder, name), source: 'user' as const }));
    } catch (error) {
      this.deps.log.warn(`Chat: could not list the prompt folder ${folder.fsPath}: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  }

  private async readText(uri: vscode.Uri): Promise<string | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if ((stat.type & vscode.FileType.File) === 0 || stat.size > MAX_PROMPT_BYTES) return undefined;
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (error) {
      this.deps.log.warn(`Chat: could not read the prompt file ${uri.fsPath}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}
