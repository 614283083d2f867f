/**
 * The host side of the chat's media: posts the views of media tool calls
 * (again whenever a shown task changes, as the Video Tasks view's poller
 * learns of it: no request of its own), runs what their buttons ask for,
 * and reads answers aloud through the Read Aloud feature's pipeline.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Conversation, ToolCallRecord } from '../chat/conversation';
import type { ToolMedia } from '../chat/toolMedia';
import { errorText } from '../gateway/errors';
import type { MediaFollowUps } from '../output/mediaFollowUps';
import type { CallMedia, MediaAction } from '../protocol/chatMediaProtocol';
import type { HostMessage } from '../protocol/chatProtocol';
import type { ReadAloudPort } from '../speech/readAloudPort';
import type { VideoTaskFeed } from '../tasks/taskFeed';
import { mediaViewOf, type MediaViewSources } from './mediaViews';
import { t } from '../l10n/localize';

/** What the other features lend the chat; each absent one leaves its buttons without effect. */
export interface ChatMediaServices {
  tasks?: VideoTaskFeed;
  speech?: ReadAloudPort;
  followUps?: MediaFollowUps;
}

export interface ChatMediaHost {
  post(message: HostMessage): void;
  active(): Conversation;
  /** The file's webview URI when the view is open and the file is inside its output folder. */
  webviewUri(file: string): string | undefined;
}

export class ChatMedia implements vscode.Disposable {
  /** The JSON of each call's view last posted for the shown conversation: only changes are posted again. */
  private readonly posted = new Map<string, string>();
  private shownConversation = '';
  private readingId: string | undefined;
  private readonly subscription: { dispose(): void } | undefined;

  constructor(
    private readonly services: ChatMediaServices,
    private readonly host: ChatMediaHost,
  ) {
    this.subscription = services.tasks?.onDidChange(() => void this.postCalls(this.host.active(), (media) => media.kind === 'videoTask'));
  }

  /** The view shows this conversation: on a new page, after a reload, or after a switch every call's media is posted. */
  async shown(c: Conversation, fresh: boolean): Promise<void> {
    if (!fresh && c.id === this.shownConversation) return;
    this.shownConversation = c.id;
    this.posted.clear();
    if (fresh) this.host.post({ type: 'reading', id: this.readingId });
    await this.postCalls(c, () => true);
  }

  /** A call of the shown conversation changed; its media, when it has any, is posted. */
  callChanged(c: Conversation, call: ToolCallRecord): void {
    if (call.media) void this.postCalls(c, () => true, [call]);
  }

  async act(c: Conversation, callId: string, action: MediaAction, index: number): Promise<void> {
    const call = toolCalls(c).find((candidate) => candidate.id === callId);
    if (!call?.media) return;
    try {
      await this.run(call, call.media, action, index);
    } catch (error) {
      void vscode.window.showErrorMessage(`GenAI Gateway: ${errorText(error)}`);
    }
  }

  readTurn(c: Conversation, turnId: string): void {
    const turn = c.turns.find((t) => t.id === turnId && t.kind === 'assistant');
    if (turn?.text.trim()) void this.read(turnId, turn.text, t('Chat answer'));
  }

  stopReading(): void {
    this.services.speech?.stop();
  }

  /** The webview's files may have moved (the output folder changed): every view is posted again. */
  refresh(): Promise<void> {
    this.posted.clear();
    return this.postCalls(this.host.active(), () => true);
  }

  dispose(): void {
    this.subscription?.dispose();
  }

  private async run(call: ToolCallRecord, media: ToolMedia, action: MediaAction, index: number): Promise<void> {
    if (media.kind === 'videoTask') return this.runOnTask(media.taskId, action);
    if (action === 'readAgain') return void this.read(call.id, argumentText(call), t('Read aloud'));
    const file = media.kind === 'images' ? media.files[index] : media.file;
    if (file === undefined) return;
    const uri = vscode.Uri.file(file);
    const followUps = this.services.followUps;
    switch (action) {
      case 'open':
        return void (await vscode.commands.executeCommand('vscode.open', uri));
      case 'reveal':
        return reveal(uri);
      case 'saveAs':
        return saveCopy(file);
      case 'useAsReference':
        return void (await followUps?.editImage(file));
      case 'useAsFirstFrame':
        return void (await followUps?.useAsFirstFrame(file));
      // A video task's actions; a file of an image or speech call has none of them.
      case 'play':
      case 'extend':
        return;
    }
  }

  /** Play and Extend download a result that is not saved yet (the feed shows the progress). */
  private async runOnTask(taskId: string, action: MediaAction): Promise<void> {
    const tasks = this.services.tasks;
    if (!tasks || !['play', 'extend', 'reveal'].includes(action)) return;
    const { video } = await tasks.ensureDownloaded(taskId);
    if (!video) throw new Error(t('The video task {0} has no video.', taskId));
    // Opened by VS Code (or the OS), not in the webview: webviews cannot play H.264 everywhere.
    if (action === 'play') await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(video));
    if (action === 'extend') await this.services.followUps?.extendVideo(video);
    if (action === 'reveal') await reveal(vscode.Uri.file(video));
  }

  /** Reads through the one pipeline; a reading started later (here or elsewhere) replaces this one. */
  private async read(id: string, text: string, title: string): Promise<void> {
    const speech = this.services.speech;
    if (!speech || !text.trim()) return;
    this.setReading(id);
    try {
      await speech.read(text, title);
    } catch (error) {
      void vscode.window.showErrorMessage(t('GenAI Gateway: read aloud failed: {0}', errorText(error)));
    } finally {
      if (this.readingId === id) this.setReading(undefined);
    }
  }

  private setReading(id: string | undefined): void {
    this.readingId = id;
    this.host.post({ type: 'reading', id });
  }

  private async postCalls(c: Conversation, wanted: (media: ToolMedia) => boolean, calls = toolCalls(c)): Promise<void> {
    const sources = this.sources();
    const items: CallMedia[] = [];
    for (const call of calls) {
      if (!call.media || !wanted(call.media)) continue;
      const media = await mediaViewOf(call.media, sources);
      const json = JSON.stringify(media);
      if (this.posted.get(call.id) === json) continue;
      this.posted.set(call.id, json);
      items.push({ callId: call.id, media });
    }
    if (items.length && c.id === this.host.active().id) this.host.post({ type: 'toolMedia', conversationId: c.id, items });
  }

  private sources(): MediaViewSources {
    return {
      webviewUri: (file) => this.host.webviewUri(file),
      exists: (file) =>
        fs.stat(file).then(
          (s) => s.isFile(),
          () => false,
        ),
      task: (id) => this.services.tasks?.entry(id),
      now: Date.now,
    };
  }
}

function toolCalls(c: Conversation): ToolCallRecord[] {
  return c.turns.flatMap((t) => (t.kind === 'assistant' ? (t.toolCalls ?? []) : []));
}

/** The `text` argument of a read_aloud call. */
function argumentText(call: ToolCallRecord): string {
  try {
    const text = (JSON.parse(call.arguments) as { text?: unknown }).text;
    return typeof text === 'string' ? text : '';
  } catch {
    return '';
  }
}

/** In the Explorer when the file is in the workspace, else in the operating system's file manager. */
async function reveal(uri: vscode.Uri): Promise<void> {
  await vscode.commands.executeCommand(vscode.workspace.getWorkspaceFolder(uri) ? 'revealInExplorer' : 'revealFileInOS', uri);
}

async function saveCopy(file: string): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await vscode.window.showSaveDialog({
    title: t('Save a Copy'),
    defaultUri: folder ? vscode.Uri.joinPath(folder, path.basename(file)) : vscode.Uri.file(file),
  });
  if (!target) return;
  await vscode.workspace.fs.copy(vscode.Uri.file(file), target, { overwrite: true });
}
