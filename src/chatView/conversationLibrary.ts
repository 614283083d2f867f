/** All conversations of the chat view, which one is active, and their persistence. */
import type { Conversation } from '../chat/conversation';
import { isEmptyConversation, newConversation } from '../chat/conversation';
import type { ConversationSummary } from '../protocol/chatProtocol';
import type { ConversationStore } from './conversationStore';
import { t } from '../l10n/localize';

export interface ActiveIdMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

const ACTIVE_KEY = 'genaiGateway.chat.activeConversation';

export class ConversationLibrary {
  private conversations: Conversation[] = [];
  private activeId = '';

  constructor(
    private readonly store: ConversationStore,
    private readonly memento: ActiveIdMemento,
    /** The system prompt a new conversation starts with (its model is chosen by the controller). */
    private readonly newSystemPrompt: () => string,
  ) {}

  async load(): Promise<void> {
    this.conversations = await this.store.loadAll();
    const remembered = this.memento.get<string>(ACTIVE_KEY);
    const active = this.get(remembered ?? '') ?? this.byRecency()[0];
    if (active) this.activeId = active.id;
    else this.create();
  }

  get active(): Conversation {
    const active = this.get(this.activeId);
    if (!active) throw new Error(t('The chat history is not loaded yet.'));
    return active;
  }

  get(id: string): Conversation | undefined {
    return this.conversations.find((c) => c.id === id);
  }

  /** The conversations worth listing (anything said or drafted, and the active one), newest first. */
  summaries(): ConversationSummary[] {
    return this.byRecency()
      .filter((c) => c.id === this.activeId || !isEmptyConversation(c))
      .map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt }));
  }

  /** A fresh conversation, made active; the active one is reused when it is still empty. */
  create(): Conversation {
    const current = this.get(this.activeId);
    if (current && isEmptyConversation(current)) return current;
    const conversation = newConversation('', this.newSystemPrompt());
    this.conversations.push(conversation);
    this.activate(conversation.id);
    return conversation;
  }

  activate(id: string): boolean {
    if (!this.get(id)) return false;
    this.activeId = id;
    void this.memento.update(ACTIVE_KEY, id);
    return true;
  }

  /** Removes a conversation and its file; when it was active, the most recent other one becomes active. */
  async remove(id: string): Promise<void> {
    this.conversations = this.conversations.filter((c) => c.id !== id);
    if (this.activeId === id) {
      const next = this.byRecency()[0];
      if (next) this.activate(next.id);
      else this.create();
    }
    await this.store.delete(id);
  }

  save(conversation: Conversation): void {
    this.store.saveInBackground(conversation);
  }

  /** For changes that come often (streamed text, typing): written at most every half second. */
  saveSoon(conversation: Conversation): void {
    this.store.saveSoon(conversation);
  }

  flush(): Promise<void> {
    return this.store.flush();
  }

  private byRecency(): Conversation[] {
    return [...this.conversations].sort((a, b) => b.updatedAt - a.updatedAt);
  }
}
