/**
 * The workspace's instruction files (AGENTS.md, .github/copilot-instructions.md)
 * as the chat's system prompt carries them: read from the first workspace
 * folder in a trusted workspace only, while genaiGateway.chat.useWorkspaceInstructions
 * is on; read again when they change, when trust is granted and when the
 * setting changes. A file that leads outside the workspace (a symlink) is
 * not read.
 */
import * as vscode from 'vscode';
import { INSTRUCTION_FILES, instructionFrom, type WorkspaceInstruction } from '../chat/workspaceInstructions';
import { fileWorkspaceFolders, resolveWorkspaceUri } from '../workspace/workspacePaths';

export const USE_INSTRUCTIONS_SETTING = 'genaiGateway.chat.useWorkspaceInstructions';
/** Larger files are not read (only their first 20,000 characters would count anyway). */
const MAX_INSTRUCTION_BYTES = 1024 * 1024;

export interface InstructionsDeps {
  /** vscode.workspace.isTrusted (tests pass their own: the harness always trusts). */
  isTrusted(): boolean;
  /** genaiGateway.chat.useWorkspaceInstructions. */
  enabled(): boolean;
  /** Reads a file (tests count the reads). */
  readFile(uri: vscode.Uri): Thenable<Uint8Array>;
  log: { warn(message: string): void };
}

export class WorkspaceInstructionsSource implements vscode.Disposable {
  private instructions: WorkspaceInstruction[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly deps: InstructionsDeps) {
    const reread = () => void this.refresh();
    const folder = fileWorkspaceFolders()[0];
    if (folder) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, `{${INSTRUCTION_FILES.join(',')}}`));
      this.subscriptions.push(watcher, watcher.onDidCreate(reread), watcher.onDidChange(reread), watcher.onDidDelete(reread));
    }
    this.subscriptions.push(
      vscode.workspace.onDidGrantWorkspaceTrust(reread),
      vscode.workspace.onDidChangeWorkspaceFolders(reread),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(USE_INSTRUCTIONS_SETTING) && reread()),
    );
    void this.refresh();
  }

  /** The instructions the system prompt carries now. */
  current(): readonly WorkspaceInstruction[] {
    return this.instructions;
  }

  /** Reads the files again; resolves when done (tests wait for it). */
  refresh(): Promise<void> {
    this.reading = this.reading.then(async () => {
      const next = await this.read();
      const same =
        next.length === this.instructions.length && next.every((i, n) => i.file === this.instructions[n]!.file && i.text === this.instructions[n]!.text);
      this.instructions = next;
      if (!same) this.changed.fire();
    });
    return this.reading;
  }

  /** The file of an instruction in use, to open it; undefined when none of that name is in use. */
  uriOf(file: string): vscode.Uri | undefined {
    return this.instructions.some((i) => i.file === file) ? resolveWorkspaceUri(file) : undefined;
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }

  private async read(): Promise<WorkspaceInstruction[]> {
    if (!this.deps.isTrusted() || !this.deps.enabled() || fileWorkspaceFolders().length === 0) return [];
    const read: WorkspaceInstruction[] = [];
    for (const file of INSTRUCTION_FILES) {
      let uri: vscode.Uri;
      try {
        uri = resolveWorkspaceUri(file);
        const stat = await vscode.workspace.fs.stat(uri);
        if ((stat.type & vscode.FileType.File) === 0 || stat.size > MAX_INSTRUCTION_BYTES) continue;
      } catch {
        continue; // absent, or leading outside the workspace
      }
      try {
        const instruction = instructionFrom(file, new TextDecoder().decode(await this.deps.readFile(uri)));
        if (instruction) read.push(instruction);
      } catch (error) {
        this.deps.log.warn(`Chat: could not read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return read;
  }
}
