/** The chat view's page: lays out the parts and applies the host's messages to them. */
import type { Conversation } from '../../chat/conversation';
import type { HostMessage, SetupStep, ToolOption } from '../../protocol/chatProtocol';
import { installCodeBlockActions } from './codeBlockActions';
import { Composer } from './composer';
import { el, iconButton } from './dom';
import { HistoryPanel } from './historyPanel';
import type { HostConnection } from './hostConnection';
import { LiveAnnouncer } from './liveAnnouncer';
import { installLinkHandler } from './markdown';
import { ModelPicker } from './modelPicker';
import { ParamsPanel } from './paramsPanel';
import { ToolChoicePicker } from './toolChoicePicker';
import { ToolPicker } from './toolPicker';
import { Transcript } from './transcript';
import { UsageGauge } from './usageGauge';
import { WelcomePanel } from './welcomePanel';
import { t } from '../../l10n/localize';

export class ChatApp {
  private readonly announcer = new LiveAnnouncer();
  private readonly usage = new UsageGauge();
  private readonly transcript: Transcript;
  private readonly composer: Composer;
  private readonly models: ModelPicker;
  private readonly toolChoice: ToolChoicePicker;
  private readonly toolPicker: ToolPicker;
  private readonly params: ParamsPanel;
  private readonly history: HistoryPanel;
  private readonly title = el('h1', { class: 'conversation-title' });
  private readonly welcome: WelcomePanel;
  private readonly root: HTMLElement;
  private conversationId = '';
  private busy = false;

  constructor(root: HTMLElement, host: HostConnection) {
    this.root = root;
    this.welcome = new WelcomePanel(host);
    this.transcript = new Transcript(host, this.announcer);
    this.models = new ModelPicker(host);
    this.toolChoice = new ToolChoicePicker(host);
    this.toolPicker = new ToolPicker(host);
    this.composer = new Composer(
      host,
      el('div', { class: 'pickers' }, this.models.element, this.toolChoice.element, this.toolPicker.button),
      this.usage.element,
    );
    this.params = new ParamsPanel(host);
    this.history = new HistoryPanel(host);
    const paramsToggle = iconButton('settings', t('Parameters'), () => paramsToggle.setAttribute('aria-expanded', String(this.params.toggle())), {
      'aria-expanded': 'false',
    });
    // New conversation, history and export are the view's title buttons; the history panel also opens from there.
    const header = el('header', { class: 'chat-header' }, this.title, paramsToggle);
    root.replaceChildren(
      this.welcome.element,
      header,
      this.history.element,
      this.params.element,
      this.toolPicker.panel,
      this.transcript.element,
      this.composer.element,
      this.announcer.element,
    );

    // The view was given the focus (opened by the user, Open Chat): the caret goes to the composer unless something in the view has it.
    window.addEventListener('focus', () => {
      if (document.activeElement === document.body) this.composer.focus();
    });
    installLinkHandler(this.transcript.element, (href) => host.post({ type: 'openLink', href }));
    installCodeBlockActions(this.transcript.element, host);
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.busy && !event.defaultPrevented) {
        event.preventDefault();
        host.post({ type: 'stop' });
      }
    });
  }

  receive(message: HostMessage): void {
    switch (message.type) {
      case 'state':
        this.models.showModels(message.state.models);
        this.showTools(message.state.tools, message.state.toolsNote);
        this.history.show(message.state.conversations, message.state.conversation.id);
        this.showConversation(message.state.conversation, message.state.busy, true);
        // Only when the view has the focus: a view loading in the background must not take it from an editor or an open quick input.
        if (document.hasFocus()) this.composer.focus();
        return;
      case 'conversation':
        return this.showConversation(message.conversation, message.busy, message.conversation.id !== this.conversationId);
      case 'conversations':
        return this.history.show(message.conversations, this.conversationId);
      case 'textAppended':
        return this.transcript.appendText(message.conversationId, message.turnId, message.text);
      case 'reasoningAppended':
        return this.transcript.appendReasoning(message.conversationId, message.turnId, message.text);
      case 'refusalAppended':
        return this.transcript.appendRefusal(message.conversationId, message.turnId, message.text);
      case 'turnChanged':
        this.setBusy(message.busy);
        return this.transcript.updateTurn(message.conversationId, message.turn, message.busy);
      case 'models':
        return this.models.showModels(message.models);
      case 'toolCallChanged':
        return this.transcript.updateToolCall(message.conversationId, message.turnId, message.call);
      case 'toolCallsStreamed':
        return this.transcript.streamToolCalls(message.conversationId, message.turnId, message.calls);
      case 'usage':
        if (message.conversationId === this.conversationId) this.usage.show(message);
        return;
      case 'tools':
        return this.showTools(message.tools, message.note);
      case 'draft':
        if (message.conversationId === this.conversationId) this.composer.showDraft(message.draft, message.replaceText);
        return;
      case 'problem':
        return this.composer.showProblem(message.message);
      case 'setup':
        return this.showSetup(message.needs);
      case 'focusComposer':
        return this.composer.focus();
      case 'toggleHistory':
        this.history.toggle();
        return;
      case 'contextItems':
        return this.composer.showContextItems(message.requestId, message.items);
      case 'instructions':
        return this.composer.showInstructions(message.files);
      case 'promptCommands':
        return this.composer.showPromptCommands(message.commands);
      case 'toolMedia':
        return this.transcript.showMedia(message.conversationId, message.items);
      case 'reading':
        return this.transcript.showReading(message.id);
    }
  }

  /** The welcome instead of the conversation while the chat cannot answer; the keyboard goes where the view now starts. */
  private showSetup(needs: SetupStep | undefined): void {
    const wasShown = this.root.classList.contains('needs-setup');
    this.root.classList.toggle('needs-setup', needs !== undefined);
    this.welcome.show(needs);
    if (!document.hasFocus()) return;
    if (needs) this.welcome.focus();
    else if (wasShown) this.composer.focus();
  }

  private showConversation(conversation: Conversation, busy: boolean, switched: boolean): void {
    this.conversationId = conversation.id;
    this.title.textContent = conversation.title;
    this.setBusy(busy);
    this.transcript.render(conversation, busy);
    this.models.showModel(conversation.model);
    this.toolChoice.showChoice(conversation.toolChoice);
    this.params.show(conversation.params);
    if (switched) this.composer.showDraft(conversation.draft, true);
  }

  private showTools(tools: ToolOption[], note: string | undefined): void {
    this.toolChoice.showTools(tools.filter((tool) => tool.state === 'on'));
    this.toolPicker.showTools(tools, note);
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.composer.setBusy(busy);
  }
}
