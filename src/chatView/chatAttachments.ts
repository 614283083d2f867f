/**
 * The chat's context beyond selections: the # picker's questions and
 * choices, files dropped on the view, chips clicked to open what they
 * refer to, the references read when a message is sent, and the notice of
 * the workspace instructions in use.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { ContextChip, Conversation } from '../chat/conversation';
import { chipFiles, uniquePaths } from '../chat/instructionSelection';
import { USER_INSTRUCTIONS, type WorkspaceInstruction } from '../chat/workspaceInstructions';
import { fileWorkspaceFolders } from '../workspace/workspacePaths';
import { errorText } from '../gateway/errors';
import type { HostMessage, WebviewMessage } from '../protocol/chatProtocol';
import { readAttachments, referenceChip } from './attachmentReader';
import { ContextPicker } from './contextPicker';
import { WorkspaceListing } from './workspaceListing';
import { t } from '../l10n/localize';

export type AttachmentMessage = Extract<WebviewMessage, { type: 'findContext' | 'attachContext' | 'attachUris' | 'openContext' | 'openInstructions' }>;

export interface InstructionsSource {
  /** The instructions for a request working on these files (workspace-relative). */
  forFiles(inPlay: readonly string[]): readonly WorkspaceInstruction[];
  uriOf(file: string): vscode.Uri | undefined;
  readonly onDidChange: vscode.Event<void>;
}

export interface AttachmentHost {
  post(message: HostMessage): void;
  attach(chip: ContextChip): Promise<void>;
}

export class ChatAttachments {
  private readonly listing = new WorkspaceListing();
  private readonly picker = new ContextPicker(this.listing);

  constructor(
    private readonly host: AttachmentHost,
    private readonly instructions?: InstructionsSource,
  ) {}

  async handle(message: AttachmentMessage, c: Conversation): Promise<void> {
    switch (message.type) {
      case 'findContext':
        return this.host.post({ type: 'contextItems', requestId: message.requestId, items: await this.picker.find(message.query) });
      case 'attachContext': {
        const chip = this.picker.chipFor(message.itemId);
        return chip ? this.host.attach(chip) : undefined;
      }
      case 'attachUris':
        return this.attachUris(message.uris);
      case 'openContext':
        return openChip(findChip(c, message.chipId, message.turnId));
      case 'openInstructions': {
        if (message.file === USER_INSTRUCTIONS) return void (await vscode.commands.executeCommand('workbench.action.openSettings', USER_INSTRUCTIONS));
        const uri = this.instructions?.uriOf(message.file);
        if (uri) await vscode.window.showTextDocument(uri, { preview: true });
        return;
      }
    }
  }

  /** Attaches files and folders (Add File to Chat, a drop); those that cannot be attached are named in one warning. */
  async attachUris(uris: ReadonlyArray<string | vscode.Uri>): Promise<void> {
    const refused: string[] = [];
    for (const item of uris) {
      try {
        await this.host.attach(await referenceChip(localUri(item)));
      } catch (error) {
        refused.push(errorText(error));
      }
    }
    if (refused.length) void vscode.window.showWarningMessage(t('Not attached: {0}', refused.join(' ')));
  }

  /** The draft's chips, their references read now. */
  read(chips: readonly ContextChip[]): Promise<ContextChip[]> {
    return readAttachments(chips, this.listing);
  }

  /** The instructions for a request working on these files and the active editor's. */
  instructionsFor(inPlay: readonly string[]): readonly WorkspaceInstruction[] | undefined {
    return this.instructions?.forFiles(uniquePaths([...inPlay, activeWorkspaceFile()]));
  }

  /** The notice of the instructions a message with this draft would use, now and whenever they change. */
  postInstructions(draft: readonly ContextChip[]): void {
    this.host.post({ type: 'instructions', files: this.instructionsFor(chipFiles(draft))?.map((i) => i.file) ?? [] });
  }
}

/** The active editor's file relative to the first workspace folder (where instruction files are read); undefined when outside it. */
function activeWorkspaceFile(): string | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const folder = fileWorkspaceFolders()[0];
  if (!uri || uri.scheme !== 'file' || !folder) return undefined;
  const relative = path.relative(folder.uri.fsPath, uri.fsPath);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : undefined;
}

/**
 * A dropped or contributed URI as a file of this extension host: code-server's
 * browser names the server's files `vscode-remote://host/path`.
 */
function localUri(item: string | vscode.Uri): vscode.Uri {
  const uri = typeof item === 'string' ? vscode.Uri.parse(item.trim(), true) : item;
  return uri.scheme === 'vscode-remote' ? vscode.Uri.file(uri.path) : uri;
}

function findChip(c: Conversation, chipId: string, turnId: string | undefined): ContextChip | undefined {
  const turn = turnId === undefined ? undefined : c.turns.find((t) => t.id === turnId);
  const chips = turnId === undefined ? c.draft.context : turn?.kind === 'user' ? turn.context : [];
  return chips.find((chip) => chip.id === chipId);
}

/** Problems open the Problems view, folders reveal in the Explorer, the rest opens at its lines. */
async function openChip(chip: ContextChip | undefined): Promise<void> {
  if (!chip) return;
  if (chip.kind === 'problems') return void (await vscode.commands.executeCommand('workbench.actions.view.problems'));
  const uri = vscode.Uri.parse(chip.uri, true);
  if (!['file', 'untitled', 'vscode-remote'].includes(uri.scheme)) return;
  if (chip.kind === 'folder') return void (await vscode.commands.executeCommand('revealInExplorer', uri));
  const selection =
    chip.startLine > 0 ? new vscode.Range(chip.startLine - 1, 0, Math.max(chip.startLine, chip.endLine) - 1, Number.MAX_SAFE_INTEGER) : undefined;
  await vscode.window.showTextDocument(uri, { preview: true, ...(selection ? { selection } : {}) });
}
