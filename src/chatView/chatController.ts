/**
 * The chat view's host side: answers the webview's messages, runs one
 * ChatSession per conversation, keeps the webview and the disk up to date.
 */
import * as vscode from 'vscode';
import { ChatSession, type ChatSessionListener } from '../chat/chatSession';
import { contextWindowOf } from '../chat/contextWindow';
import type { TokenLimits } from '../chat/languageModelInformation';
import type { ContextChip, Conversation, ToolCallRecord } from '../chat/conversation';
import { toModelOptions } from '../chat/modelOptions';
import { settingsProblem } from '../chat/requestBuilder';
import { responseFiles } from '../chat/instructionSelection';
import { StoppableCalls, type ToolRuntime, type ViewAsker } from '../chat/toolLoop';
import type { ToolSwitches } from '../chat/toolSources';
import type { ModelPlace } from '../gateway/catalog';
import type { GatewayClient } from '../gateway/client';
import type { ModelObject } from '../gateway/types/models';
import {
  APPENDED_MESSAGE,
  type HostMessage,
  type ModelList,
  type PromptCommand,
  type SetupStep,
  type ToolOption,
  type WebviewMessage,
} from '../protocol/chatProtocol';
import { unhandledMessage } from '../protocol/unhandledMessage';
import { ChatAttachments, type InstructionsSource } from './chatAttachments';
import type { PromptFileSource } from './promptFileSource';
import { preparePrompt } from './promptRunner';
import type { PromptUse } from '../chat/conversation';
import type { ConversationLibrary } from './conversationLibrary';
import { errorText } from '../gateway/errors';
import { exportConversation } from './exportConversation';
import { handleCodeAction } from './codeActions';
import { ChatMedia, type ChatMediaServices } from './chatMedia';
import { approvalKeyOf, PendingApprovals } from './pendingApprovals';
import { restoreCheckpoint, type CheckpointFiles } from './checkpointRestore';
import { TextBatcher } from './textBatcher';
import { ToolCallBatcher } from './toolCallBatcher';
import { t } from '../l10n/localize';

export interface ChatServices {
  clients: { get(): GatewayClient; readonly onDidChangeConnection: vscode.Event<void> };
  catalog: { list(signal?: AbortSignal, refresh?: boolean): Promise<ModelObject[]>; placeOf(model: ModelObject): ModelPlace };
  settings: {
    model(role: 'chat'): string;
    chatUser(): string;
    /** Absent or '': no session header. */
    chatSessionHeader?(): string;
    languageModelTokenLimits(): Record<string, Partial<TokenLimits>>;
  };
  log: { warn(message: string): void };
  /** Absent: requests offer no tools. */
  tools?: ChatViewTools;
  /** The workspace's instruction files for the system prompt; absent: none. */
  instructions?: InstructionsSource;
  /** The prompt files run as `/name`; absent: none. */
  prompts?: Pick<PromptFileSource, 'commands' | 'get' | 'onDidChange'>;
  /** What media tool calls show and do in their cards. */
  media?: ChatMediaServices;
  /** What the agent changed per user message, for "Restore checkpoint"; absent: no checkpoints. */
  checkpoints?: CheckpointFiles & { forget(conversationId: string): Promise<void> };
  /** What the chat waits for before it can answer (the view shows its welcome meanwhile), and what its button runs; absent: nothing. */
  setup?: { needs(): Promise<SetupStep | undefined>; connect(): Promise<void> };
}

/** What the chat view needs of the chat's tools (src/tools builds them, the composition root hands them over). */
export interface ChatViewTools {
  runtime: ToolRuntime;
  /** The view asks in its cards while it is attached. */
  approvals: { setViewAsker(asker: ViewAsker | undefined): void };
  /** Every tool available here with its state in a conversation with these switches, for the tool picker. */
  catalog(switches?: ToolSwitches): { tools: readonly ToolOption[]; note?: string };
  /** Starts the MCP servers VS Code knows; resolves when their tools are listed. */
  startMcpServers(): Promise<void>;
  /** The tools on offer may have changed (settings, workspace trust, extensions). */
  onDidChange: vscode.Event<void>;
  /** A conversation was deleted (its agent terminals close). */
  forgetConversation?(conversationId: string): void;
}

/** The webview as the controller sees it: a place to post to once it is ready. */
export interface ChatViewPort {
  post(message: HostMessage): void;
  /** False while the view is collapsed or hidden (tool approvals then use a modal); absent: always visible. */
  isVisible?(): boolean;
  /** The file's URI for the page when it is inside the output folder the page may load from; absent: none. */
  webviewUri?(file: string): string | undefined;
}

const BUSY_CONTEXT_KEY = 'genaiGateway.chatBusy';
const CHAT_MODEL_SETTING = 'genaiGateway.models.chat';
/** The messages the batchers post: any other posts what the batchers hold first. */
const BATCHED: ReadonlySet<HostMessage['type']> = new Set([...Object.values(APPENDED_MESSAGE), 'toolCallsStreamed']);

export class ChatController implements vscode.Disposable {
  private readonly sessions = new Map<string, ChatSession>();
  private readonly batcher = new TextBatcher((conversationId, turnId, text, part) => this.post({ type: APPENDED_MESSAGE[part], conversationId, turnId, text }));
  private readonly toolCallBatcher = new ToolCallBatcher((conversationId, turnId, calls) =>
    this.post({ type: 'toolCallsStreamed', conversationId, turnId, calls }),
  );
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly loading: Promise<void>;
  private readonly approvals = new PendingApprovals();
  private readonly stoppable = new StoppableCalls();
  /** genaiGateway.models.chat as last read: a conversation on it follows when it changes. */
  private defaultModel: string;
  /** What the chat waits for, as last posted; `unknown` until first asked. */
  private setupNeeded: SetupStep | 'ready' | 'unknown';
  readonly attachments: ChatAttachments;
  private readingAttachments = false;
  private readonly media: ChatMedia;
  private models: ModelList = { models: [] };
  /** Whether the model list has been asked for and answered (or failed) at least once. */
  private modelsLoaded = false;
  private view: ChatViewPort | undefined;

  constructor(
    private readonly services: ChatServices,
    private readonly library: ConversationLibrary,
  ) {
    this.defaultModel = services.settings.model('chat');
    this.setupNeeded = services.setup ? 'unknown' : 'ready';
    this.loading = library.load();
    this.media = new ChatMedia(services.media ?? {}, {
      post: (m) => this.post(m),
      active: () => this.library.active,
      webviewUri: (file) => this.view?.webviewUri?.(file),
    });
    this.subscriptions.push(
      services.clients.onDidChangeConnection(() => {
        void this.loadModels(false);
        void this.postSetup();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(CHAT_MODEL_SETTING) && this.defaultModelChanged()),
    );
    this.attachments = new ChatAttachments({ post: (m) => this.post(m), attach: (chip) => this.addContext(chip, false) }, services.instructions);
    if (services.instructions)
      this.subscriptions.push(
        services.instructions.onDidChange(() => this.postInstructions()),
        vscode.window.onDidChangeActiveTextEditor(() => this.postInstructions()),
      );
    if (services.prompts) this.subscriptions.push(services.prompts.onDidChange(() => this.postPromptCommands()));
    const tools = services.tools;
    if (tools) {
      tools.approvals.setViewAsker((call, signal) => (this.view && this.view.isVisible?.() !== false ? this.approvals.wait(call, signal) : undefined));
      this.subscriptions.push(
        tools.onDidChange(() => {
          this.postTools();
          this.postProblem(this.library.active);
        }),
        { dispose: () => tools.approvals.setViewAsker(undefined) },
      );
    }
  }

  /** The webview posted `ready`: it gets the whole state, then fresh models. */
  async connect(view: ChatViewPort): Promise<void> {
    await this.loading;
    // The state below holds all text so far: what is still batched belongs to the previous view.
    this.flushBatches();
    this.view = view;
    const conversation = this.library.active;
    this.chooseModelIfNone(conversation);
    const tools = this.toolOptions(conversation);
    view.post({
      type: 'state',
      state: {
        conversations: this.library.summaries(),
        conversation,
        busy: this.isBusy(conversation),
        models: this.models,
        tools: tools.tools,
        ...(tools.note ? { toolsNote: tools.note } : {}),
      },
    });
    this.postUsage(conversation);
    this.postProblem(conversation);
    this.postInstructions();
    this.postPromptCommands();
    void this.media.shown(conversation, true);
    void this.loadModels(false);
    void this.postSetup();
  }

  disconnect(view: ChatViewPort): void {
    if (this.view === view) this.view = undefined;
  }

  get active(): Promise<Conversation> {
    return this.loading.then(() => this.library.active);
  }

  async handle(message: Exclude<WebviewMessage, { type: 'ready' }>): Promise<void> {
    await this.loading;
    const c = this.library.active;
    switch (message.type) {
      case 'send':
        return this.send(c, message.text);
      case 'runPrompt':
        return this.runPrompt(message.name, message.args);
      case 'stop':
        return this.stop();
      case 'regenerate':
        return void this.start(c, (s) => s.regenerate());
      case 'continue':
        return void this.start(c, (s) => s.continueAnswer());
      case 'editAndResend':
        return void this.start(c, (s) => s.editAndResend(message.turnId, message.text));
      case 'draftChanged':
        c.draft.text = message.text;
        return this.library.saveSoon(c);
      case 'removeContext':
        c.draft.context = c.draft.context.filter((chip) => chip.id !== message.chipId);
        this.library.save(c);
        return this.postDraft(c, false);
      case 'newConversation':
        return this.newConversation();
      case 'switchConversation':
        if (this.library.activate(message.conversationId)) this.showActive();
        return;
      case 'renameConversation':
        return this.rename(message.conversationId);
      case 'deleteConversation':
        return this.delete(message.conversationId);
      case 'exportConversation':
        return this.exportActive();
      case 'setModel':
        c.model = message.model;
        return this.settingsChanged(c);
      case 'setParams':
        c.params = message.params;
        return this.settingsChanged(c);
      case 'setToolChoice':
        c.toolChoice = message.choice;
        return this.settingsChanged(c);
      case 'setToolEnabled':
        c.toolSwitches = { ...c.toolSwitches, [message.name]: message.enabled };
        this.settingsChanged(c);
        return this.postTools();
      case 'refreshTools':
        return this.postTools();
      case 'startMcpServers':
        await this.services.tools?.startMcpServers();
        return this.postTools();
      case 'decideToolCall': {
        const shownOtherwise = this.approvals.decide(message.callId, message.approvalKey, message.decision);
        if (shownOtherwise) this.showToolCallAgain(c, shownOtherwise);
        return;
      }
      case 'restoreCheckpoint':
        return this.restoreCheckpoint(c, message.turnId);
      case 'stopToolCall':
        this.stoppable.stop(message.callId);
        return;
      case 'refreshModels':
        return this.loadModels(true);
      case 'connectGateway':
        return this.connectGateway();
      case 'mediaAction':
        return this.media.act(c, message.callId, message.action, message.index);
      case 'readAloud':
        return this.media.readTurn(c, message.turnId);
      case 'stopReading':
        return this.media.stopReading();
      case 'copyCode':
      case 'insertCode':
      case 'openCode':
      case 'openLink':
        return handleCodeAction(message, this.services.log);
      case 'findContext':
      case 'attachContext':
      case 'attachUris':
      case 'openContext':
      case 'openInstructions':
        return this.attachments.handle(message, c);
      default:
        return unhandledMessage(message);
    }
  }

  /**
   * Runs a prompt file in the active conversation: its arguments asked for
   * where not given, its references attached, its model chosen when the
   * gateway lists it, its message sent with its tools.
   */
  async runPrompt(name: string, args: string): Promise<void> {
    await this.loading;
    const c = this.library.active;
    if (this.isBusy(c)) return this.post({ type: 'problem', message: t('An answer is still arriving: stop it first.') });
    const prepared = await preparePrompt(this.services.prompts ?? { get: () => Promise.resolve(undefined) }, name, args);
    if (!prepared || this.library.active !== c) return;
    await this.attachments.attachUris(prepared.references);
    if (prepared.model && prepared.model !== c.model) {
      if (this.models.models.some((m) => m.id === prepared.model)) {
        c.model = prepared.model;
        this.settingsChanged(c);
        this.postConversation();
      } else {
        void vscode.window.showWarningMessage(
          t('The prompt file {0} asks for the model {1}, which the gateway does not list; {2} answers.', name, prepared.model, c.model),
        );
      }
    }
    await this.send(c, prepared.text, prepared.use);
  }

  async newConversation(): Promise<void> {
    await this.loading;
    this.library.create();
    this.showActive();
  }

  /**
   * Ask about Selection: a question of its own, in a new conversation (the
   * open one when nothing was asked in it yet), with the excerpt attached and
   * the caret in the composer.
   */
  async askAbout(chip: ContextChip): Promise<void> {
    await this.loading;
    if (this.library.active.turns.length > 0) await this.newConversation();
    await this.addContext(chip, true);
  }

  /** Attaches an editor excerpt to the active conversation's draft. */
  async addContext(chip: ContextChip, focusComposer: boolean): Promise<void> {
    await this.loading;
    const c = this.library.active;
    c.draft.context.push(chip);
    this.library.save(c);
    this.postDraft(c, false);
    if (focusComposer) this.post({ type: 'focusComposer' });
  }

  async stop(): Promise<void> {
    await this.loading;
    this.sessions.get(this.library.active.id)?.stop();
  }

  async exportActive(): Promise<void> {
    await this.loading;
    try {
      await exportConversation(this.library.active);
    } catch (error) {
      void vscode.window.showErrorMessage(t('Export failed: {0}', errorText(error)));
    }
  }

  /** The output folder changed: the media are shown from where they can be loaded now. */
  refreshMedia(): Promise<void> {
    return this.media.refresh();
  }

  toggleHistory(): void {
    this.post({ type: 'toggleHistory' });
  }

  /** The token limits in the settings changed: the gauge shows the new context size. */
  async tokenLimitsChanged(): Promise<void> {
    await this.loading;
    this.postUsage(this.library.active);
  }

  /** Ends every answer still arriving (marked interrupted) and writes everything to disk. */
  async shutdown(): Promise<void> {
    await this.loading.catch(() => undefined);
    for (const session of this.sessions.values()) session.dispose();
    this.flushBatches();
    await this.library.flush();
  }

  dispose(): void {
    void this.shutdown();
    this.batcher.dispose();
    this.toolCallBatcher.dispose();
    this.media.dispose();
    this.subscriptions.forEach((s) => s.dispose());
  }

  /** Sends the draft's context with this text (from the composer, or a prompt file's). */
  private async send(c: Conversation, text: string, prompt?: PromptUse): Promise<void> {
    // A second Enter while the attachments are read would send them twice.
    if (this.readingAttachments) return;
    c.draft.text = text;
    this.readingAttachments = true;
    c.draft.context = await this.attachments.read(c.draft.context).finally(() => (this.readingAttachments = false));
    if (this.start(c, (s) => s.send(text, prompt))) this.postDraft(c, true);
  }

  /** The prompt files the composer offers after `/`. */
  promptCommands(): PromptCommand[] {
    return this.services.prompts?.commands() ?? [];
  }

  private postPromptCommands(): void {
    this.post({ type: 'promptCommands', commands: this.promptCommands() });
  }

  /** Starts a session action; a refusal (invalid request, busy) is shown at the composer. True when it started. */
  private start(c: Conversation, action: (session: ChatSession) => Promise<void>): boolean {
    try {
      action(this.sessionFor(c)).catch((error: unknown) => this.services.log.warn(`Chat: ${errorText(error)}`));
    } catch (error) {
      this.post({ type: 'problem', message: errorText(error) });
      return false;
    }
    this.post({ type: 'problem' });
    return true;
  }

  private sessionFor(c: Conversation): ChatSession {
    let session = this.sessions.get(c.id);
    if (!session) {
      session = new ChatSession(c, {
        backend: () => this.services.clients.get().chat,
        requestOptions: (history) => ({ user: this.services.settings.chatUser(), instructions: this.attachments.instructionsFor(responseFiles(history)) }),
        sessionHeader: () => this.services.settings.chatSessionHeader?.(),
        listener: this.listenerFor(c),
        tools: this.services.tools?.runtime,
        stoppable: this.stoppable,
      });
      this.sessions.set(c.id, session);
    }
    return session;
  }

  private listenerFor(c: Conversation): ChatSessionListener {
    return {
      structureChanged: () => {
        this.library.save(c);
        if (this.isActive(c)) this.postConversation();
        this.updateBusyContext();
      },
      textAppended: (turn, text, part) => {
        this.library.saveSoon(c);
        if (this.isActive(c)) this.batcher.append(c.id, turn.id, text, part);
      },
      turnChanged: (turn) => {
        this.library.save(c);
        if (this.isActive(c)) {
          this.post({ type: 'turnChanged', conversationId: c.id, turn, busy: this.isBusy(c) });
          this.postUsage(c);
        }
        this.post({ type: 'conversations', conversations: this.library.summaries() });
        this.updateBusyContext();
      },
      toolCallsGrew: (turn, growth) => {
        this.library.saveSoon(c);
        if (this.isActive(c)) this.toolCallBatcher.append(c.id, turn, growth);
      },
      toolCallChanged: (turn, call) => {
        this.library.saveSoon(c);
        if (call.status === 'awaitingApproval') call.approvalKey = approvalKeyOf(call);
        if (!this.isActive(c)) return;
        this.post({ type: 'toolCallChanged', conversationId: c.id, turnId: turn.id, call });
        this.media.callChanged(c, call);
      },
    };
  }

  /** The tools available now and their state in the conversation, for the tool pickers. */
  /** A call the card showed otherwise than it is now: the card is given the call as it is. */
  private showToolCallAgain(c: Conversation, call: ToolCallRecord): void {
    const turn = c.turns.find((t) => t.kind === 'assistant' && t.toolCalls?.includes(call));
    if (!turn) return;
    call.approvalKey = approvalKeyOf(call);
    this.post({ type: 'toolCallChanged', conversationId: c.id, turnId: turn.id, call });
  }

  private toolOptions(c: Conversation): { tools: ToolOption[]; note?: string } {
    const catalog = this.services.tools?.catalog(c.toolSwitches);
    const tools = (catalog?.tools ?? []).map(({ name, description, source, state }) => ({ name, description, source, state }));
    return catalog?.note ? { tools, note: catalog.note } : { tools };
  }

  private postTools(): void {
    this.post({ type: 'tools', ...this.toolOptions(this.library.active) });
  }

  private settingsChanged(c: Conversation): void {
    this.library.save(c);
    this.postUsage(c);
    this.postProblem(c);
  }

  private async rename(id: string): Promise<void> {
    const c = this.library.get(id);
    if (!c) return;
    const title = await vscode.window.showInputBox({
      title: t('Rename Conversation'),
      value: c.title,
      prompt: t('The name shown in the chat history'),
      validateInput: (v) => (v.trim() ? undefined : t('Enter a name')),
    });
    if (!title?.trim()) return;
    c.title = title.trim();
    c.titleIsCustom = true;
    this.library.save(c);
    if (this.isActive(c)) this.postConversation();
    else this.post({ type: 'conversations', conversations: this.library.summaries() });
  }

  private async delete(id: string): Promise<void> {
    const c = this.library.get(id);
    if (!c) return;
    const deleteButton = t('Delete');
    const choice = await vscode.window.showWarningMessage(
      t('Delete the conversation "{0}"?', c.title),
      { modal: true, detail: t('Its messages cannot be restored.') },
      deleteButton,
    );
    if (choice !== deleteButton) return;
    this.sessions.get(id)?.dispose();
    this.sessions.delete(id);
    await this.library.remove(id);
    this.services.tools?.forgetConversation?.(id);
    await this.services.checkpoints?.forget(id).catch((error: unknown) => this.services.log.warn(`Checkpoints: ${errorText(error)}`));
    this.showActive();
  }

  /** Puts the files the agent changed since the message back (after a preview), and the conversation to before it when chosen. */
  private async restoreCheckpoint(c: Conversation, turnId: string): Promise<void> {
    const store = this.services.checkpoints;
    if (!store) return;
    if (this.isBusy(c)) return this.post({ type: 'problem', message: t('An answer is still arriving: stop it first.') });
    const outcome = await restoreCheckpoint(store, c.id, turnId);
    const index = c.turns.findIndex((turn) => turn.id === turnId && turn.kind === 'user');
    const user = c.turns[index];
    if (outcome !== 'filesAndConversation' || user?.kind !== 'user' || this.isBusy(c)) return;
    c.turns.splice(index);
    c.draft = { text: user.text, context: user.context };
    this.library.save(c);
    if (this.isActive(c)) this.postConversation();
    this.postDraft(c, true);
  }

  private async loadModels(refresh: boolean): Promise<void> {
    try {
      const models = await this.services.catalog.list(undefined, refresh);
      this.models = { models: toModelOptions(models, (model) => this.services.catalog.placeOf(model)) };
    } catch (error) {
      this.models = { models: [], error: errorText(error) };
    }
    this.modelsLoaded = true;
    this.post({ type: 'models', models: this.models });
    if (!this.library.active.model) this.showActive();
  }

  /** A conversation without a model gets the default chat model, or the gateway's first chat model. */
  /** Tells the view what the chat waits for, and the problem that follows from it. */
  private async postSetup(): Promise<void> {
    const needs = await this.services.setup?.needs();
    this.setupNeeded = needs ?? 'ready';
    this.post({ type: 'setup', ...(needs ? { needs } : {}) });
    this.postProblem(this.library.active);
  }

  /** The welcome's button: the walkthrough's steps still needed, then the view follows. */
  private async connectGateway(): Promise<void> {
    await this.services.setup?.connect();
    await this.postSetup();
  }

  /**
   * A new default chat model (Select Model, the settings): the open
   * conversation follows when it used the old default, or none; one whose
   * model was chosen in its own picker keeps it.
   */
  private defaultModelChanged(): void {
    const before = this.defaultModel;
    this.defaultModel = this.services.settings.model('chat');
    const c = this.library.active;
    if (!this.defaultModel || this.isBusy(c) || (c.model !== '' && c.model !== before)) return;
    c.model = this.defaultModel;
    this.settingsChanged(c);
    this.postConversation();
  }

  private chooseModelIfNone(c: Conversation): void {
    if (!c.model) c.model = this.services.settings.model('chat') || this.models.models.find((m) => m.group === 'chat')?.id || '';
  }

  /** The active conversation changed as a whole (new, switched, deleted): the view shows it with its problems. */
  private showActive(): void {
    const c = this.library.active;
    this.chooseModelIfNone(c);
    this.postConversation();
    this.postTools();
    this.postProblem(c);
  }

  private postConversation(): void {
    const c = this.library.active;
    this.flushBatches();
    this.post({ type: 'conversation', conversation: c, busy: this.isBusy(c) });
    this.postUsage(c);
    this.post({ type: 'conversations', conversations: this.library.summaries() });
    void this.media.shown(c, false);
  }

  private postUsage(c: Conversation): void {
    const contextWindow = contextWindowOf(c.model, this.services.settings.languageModelTokenLimits());
    this.post({ type: 'usage', conversationId: c.id, ...(c.usage ? { usage: c.usage } : {}), ...(contextWindow ? { contextWindow } : {}) });
  }

  private postDraft(c: Conversation, replaceText: boolean): void {
    if (!this.isActive(c)) return;
    this.post({ type: 'draft', conversationId: c.id, draft: c.draft, replaceText });
    this.postInstructions();
  }

  private postInstructions(): void {
    // A view is attached only once the history is loaded.
    if (this.view) this.attachments.postInstructions(this.library.active.draft.context);
  }

  private postProblem(c: Conversation): void {
    // The welcome says what to do: no validation text before the gateway is known to be set up.
    if (this.setupNeeded !== 'ready') return this.post({ type: 'problem' });
    if (!c.model) return this.post({ type: 'problem', message: this.noModelProblem() });
    const tools = this.services.tools?.runtime.executor.offered(c.toolSwitches).map((tool) => tool.definition);
    this.post({ type: 'problem', message: settingsProblem(c, { user: this.services.settings.chatUser(), tools }) });
  }

  /** Why the conversation has no model yet, and what to do; nothing while the model list is on its way. */
  private noModelProblem(): string | undefined {
    if (!this.modelsLoaded) return undefined;
    if (this.models.error !== undefined) {
      return t(
        'No model: the model list could not be fetched ({0}). Choose a model once the gateway answers, or set a default in {1}.',
        this.models.error,
        'genaiGateway.models.chat',
      );
    }
    return t('No model: the gateway lists no chat model. Choose one in the model picker, or set a default in {0}.', 'genaiGateway.models.chat');
  }

  private post(message: HostMessage): void {
    if (!BATCHED.has(message.type)) this.flushBatches();
    this.view?.post(message);
  }

  private flushBatches(): void {
    this.batcher.flush();
    this.toolCallBatcher.flush();
  }

  private isActive(c: Conversation): boolean {
    return this.library.active.id === c.id;
  }

  private isBusy(c: Conversation): boolean {
    return this.sessions.get(c.id)?.busy ?? false;
  }

  private updateBusyContext(): void {
    void vscode.commands.executeCommand('setContext', BUSY_CONTEXT_KEY, this.isBusy(this.library.active));
  }
}
