/**
 * The instructions the chat's system prompt carries: the user's own
 * (genaiGateway.chat.userInstructions), and the workspace's instruction
 * files (AGENTS.md at any depth, .github/copilot-instructions.md,
 * .github/instructions/*.instructions.md) read from the first workspace
 * folder in a trusted workspace only, while
 * genaiGateway.chat.useWorkspaceInstructions is on, leaving out what
 * genaiGateway.chat.instructionsIgnore names. Every candidate is read ahead
 * and read again when it changes, when trust is granted and when a setting
 * changes; which of them apply to a request is decided then, from the files
 * it works on. A file that leads outside the workspace (a symlink) is not read.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import {
  AGENTS_FILE,
  applicableInstructions,
  candidateFrom,
  COPILOT_INSTRUCTIONS,
  instructionKind,
  isIgnored,
  SCOPED_INSTRUCTIONS_FOLDER,
  type InstructionCandidate,
} from '../chat/instructionSelection';
import { forEachLimited } from '../chat/limitedConcurrency';
import { instructionFrom, USER_INSTRUCTIONS, type WorkspaceInstruction } from '../chat/workspaceInstructions';
import { findFilesExclude } from '../workspace/excludeGlobs';
import { globMatcher } from '../workspace/globMatcher';
import { ignoredGlobs } from '../workspace/workspaceFiles';
import { SerialRefresh } from './serialRefresh';
import { fileWorkspaceFolders, resolveWorkspaceUri } from '../workspace/workspacePaths';

export const USE_INSTRUCTIONS_SETTING = 'genaiGateway.chat.useWorkspaceInstructions';
export const IGNORE_INSTRUCTIONS_SETTING = 'genaiGateway.chat.instructionsIgnore';
/** Larger files are not read (only their first 20,000 characters would count anyway). */
const MAX_INSTRUCTION_BYTES = 1024 * 1024;
/** Instruction files of a workspace read at most (of each of the two patterns). */
export const MAX_INSTRUCTION_FILES = 200;
/** Files read at once. */
const PARALLEL_READS = 8;
const PATTERNS = [`**/${AGENTS_FILE}`, `${SCOPED_INSTRUCTIONS_FOLDER}/**/*.instructions.md`];

export interface InstructionsDeps {
  /** vscode.workspace.isTrusted (tests pass their own: the harness always trusts). */
  isTrusted(): boolean;
  /** genaiGateway.chat.useWorkspaceInstructions. */
  enabled(): boolean;
  /** genaiGateway.chat.instructionsIgnore. */
  ignored(): readonly string[];
  /** genaiGateway.chat.userInstructions. */
  userInstructions(): string;
  /** Reads a file (tests count the reads). */
  readFile(uri: vscode.Uri): Thenable<Uint8Array>;
  log: { warn(message: string): void };
}

export class WorkspaceInstructionsSource implements vscode.Disposable {
  private candidates: InstructionCandidate[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  private readonly reads: SerialRefresh;

  constructor(private readonly deps: InstructionsDeps) {
    this.reads = new SerialRefresh(() => this.reread(), deps.log);
    const readAgain = () => void this.refresh();
    const folder = fileWorkspaceFolders()[0];
    if (folder) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, `{${[COPILOT_INSTRUCTIONS, ...PATTERNS].join(',')}}`));
      this.subscriptions.push(watcher, watcher.onDidCreate(readAgain), watcher.onDidChange(readAgain), watcher.onDidDelete(readAgain));
    }
    this.subscriptions.push(
      vscode.workspace.onDidGrantWorkspaceTrust(readAgain),
      vscode.workspace.onDidChangeWorkspaceFolders(readAgain),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(USE_INSTRUCTIONS_SETTING) || e.affectsConfiguration(IGNORE_INSTRUCTIONS_SETTING)) readAgain();
        if (e.affectsConfiguration(USER_INSTRUCTIONS)) this.changed.fire();
      }),
    );
    readAgain();
  }

  /** The instructions for a request working on these files (workspace-relative), in the order they join the prompt. */
  forFiles(inPlay: readonly string[]): WorkspaceInstruction[] {
    const user = instructionFrom(USER_INSTRUCTIONS, this.deps.userInstructions());
    return [...(user ? [user] : []), ...applicableInstructions(this.candidates, inPlay, globMatcher)];
  }

  /** Reads the files again; resolves when done (tests wait for it). */
  refresh(): Promise<void> {
    return this.reads.request();
  }

  private async reread(): Promise<void> {
    const next = await this.read();
    const same = JSON.stringify(next) === JSON.stringify(this.candidates);
    this.candidates = next;
    if (!same) this.changed.fire();
  }

  /** An instruction file of the workspace, to open it from the chat; undefined for any other file. */
  uriOf(file: string): vscode.Uri | undefined {
    if (!instructionKind(file)) return undefined;
    try {
      return resolveWorkspaceUri(file);
    } catch {
      return undefined;
    }
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }

  private async read(): Promise<InstructionCandidate[]> {
    const folder = fileWorkspaceFolders()[0];
    if (!this.deps.isTrusted() || !this.deps.enabled() || !folder) return [];
    const ignored = this.deps.ignored();
    const files = (await this.list(folder)).filter((file) => !isIgnored(file, ignored, globMatcher));
    // In the listing's order whatever order the reads end in.
    const read: (InstructionCandidate | undefined)[] = new Array(files.length);
    await forEachLimited([...files.keys()], PARALLEL_READS, async (i) => {
      read[i] = await this.readOne(files[i]!);
    });
    return read.filter((candidate): candidate is InstructionCandidate => candidate !== undefined);
  }

  /** The instruction files of the folder, workspace-relative, in a stable order. */
  private async list(folder: vscode.WorkspaceFolder): Promise<string[]> {
    const exclude = findFilesExclude(ignoredGlobs(folder));
    const found = await Promise.all(PATTERNS.map((p) => vscode.workspace.findFiles(new vscode.RelativePattern(folder, p), exclude, MAX_INSTRUCTION_FILES)));
    const relative = found.flat().map((uri) => path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/'));
    // The root's files whatever the listing's cap left out.
    return [...new Set([AGENTS_FILE, COPILOT_INSTRUCTIONS, ...relative.sort()])];
  }

  private async readOne(file: string): Promise<InstructionCandidate | undefined> {
    let uri: vscode.Uri;
    try {
      uri = resolveWorkspaceUri(file);
      const stat = await vscode.workspace.fs.stat(uri);
      if ((stat.type & vscode.FileType.File) === 0 || stat.size > MAX_INSTRUCTION_BYTES) return undefined;
    } catch {
      return undefined; // absent, or leading outside the workspace
    }
    try {
      return candidateFrom(file, new TextDecoder().decode(await this.deps.readFile(uri)));
    } catch (error) {
      this.deps.log.warn(`Chat: could not read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}
