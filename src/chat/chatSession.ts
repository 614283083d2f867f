/**
 * One conversation being talked in: builds each request from the history,
 * streams the answer into an assistant turn, and owns the request in flight.
 * Knows nothing of VS Code or the webview: a listener is told what changed.
 *
 * A user action starts a "response" (`respond`); the tool loop of the next
 * issue will run several assistant/tool rounds inside one response.
 */
import type { ChatStream } from '../gateway/chat';
import { isGatewayError } from '../gateway/errors';
import type { ChatRequest } from '../gateway/types/chat';
import { validateChatRequest } from '../gateway/validation';
import type { AssistantTurn, Conversation, Turn, TurnError, UserTurn } from './conversation';
import { newId } from './conversation';
import { buildChatRequest, CONTINUE_PROMPT, type RequestOptions } from './requestBuilder';
import { readAnswerInto } from './answerReader';
import { deriveTitle } from './title';

export interface ChatBackend {
  /** The session reads the answer in batches. */
  stream(req: ChatRequest, options: { signal?: AbortSignal; includeUsage?: boolean }): Promise<Pick<ChatStream, 'requestId' | 'batches'>>;
}

export interface ChatSessionListener {
  /** Turns were added, removed or replaced, or the title changed. */
  structureChanged(): void;
  /** Text arrived for a streaming turn. */
  textAppended(turn: AssistantTurn, text: string): void;
  /** A turn's status, usage or error changed (its text did not). */
  turnChanged(turn: AssistantTurn): void;
}

export interface ChatSessionDeps {
  /** Asked once per request, so a changed connection is picked up. */
  backend(): ChatBackend;
  requestOptions(): RequestOptions;
  listener: ChatSessionListener;
  now?(): number;
}

/** How an aborted response is marked: by the user's Stop, or by the view going away. */
type AbortCause = 'stopped' | 'interrupted';

export class ChatSession {
  private inFlight: { controller: AbortController; cause: AbortCause } | undefined;

  constructor(
    readonly conversation: Conversation,
    private readonly deps: ChatSessionDeps,
  ) {}

  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  /**
   * Each action below throws at once, before anything changes, when it cannot
   * start: an invalid request (the validator's GatewayError) or an answer
   * still arriving. Otherwise it returns a promise that settles, never
   * rejecting, when the answer has ended: done, stopped or failed.
   */

  /** Sends `text` with the draft's context, which the draft then loses. */
  send(text: string): Promise<void> {
    this.assertIdle();
    const user = this.userTurn(text, this.conversation.draft.context);
    const request = this.request([...this.conversation.turns, user]);
    const c = this.conversation;
    if (!c.titleIsCustom && !c.turns.some((t) => t.kind === 'user')) c.title = deriveTitle(text, user.context) || c.title;
    c.turns.push(user);
    c.draft = { text: '', context: [] };
    return this.respond(request, this.appendAssistantTurn());
  }

  /** Answers the last user message again, replacing the answers after it (also Retry after an error). */
  regenerate(): Promise<void> {
    this.assertIdle();
    const lastUser = this.lastIndex((t) => t.kind === 'user');
    if (lastUser < 0) throw new Error('There is no message to answer again.');
    const history = this.conversation.turns.slice(0, lastUser + 1);
    const request = this.request(history);
    this.conversation.turns = history;
    return this.respond(request, this.appendAssistantTurn());
  }

  /** Replaces an earlier user message and drops everything after it, then answers it. */
  editAndResend(userTurnId: string, text: string): Promise<void> {
    this.assertIdle();
    const index = this.conversation.turns.findIndex((t) => t.id === userTurnId && t.kind === 'user');
    const original = this.conversation.turns[index];
    if (!original || original.kind !== 'user') throw new Error('That message is no longer in the conversation.');
    const edited = this.userTurn(text, original.context);
    const history = [...this.conversation.turns.slice(0, index), edited];
    const request = this.request(history);
    this.conversation.turns = history;
    return this.respond(request, this.appendAssistantTurn());
  }

  /** Asks the model to go on after an answer cut by max_tokens; the rest is appended to that answer. */
  continueAnswer(): Promise<void> {
    this.assertIdle();
    const last = this.conversation.turns[this.conversation.turns.length - 1];
    if (!last || last.kind !== 'assistant' || last.finishReason !== 'length') {
      throw new Error('Only an answer cut at the token limit can be continued.');
    }
    const request = this.request(this.conversation.turns);
    request.messages.push({ role: 'user', content: CONTINUE_PROMPT });
    validateChatRequest(request);
    delete last.finishReason;
    return this.respond(request, last);
  }

  /** Aborts the request in flight; what arrived stays, marked as stopped. */
  stop(): void {
    this.abort('stopped');
  }

  /** Aborts the request in flight, marking the answer interrupted (the view or window went away). */
  dispose(): void {
    this.abort('interrupted');
  }

  private abort(cause: AbortCause): void {
    if (!this.inFlight) return;
    this.inFlight.cause = cause;
    this.inFlight.controller.abort();
  }

  private async respond(request: ChatRequest, turn: AssistantTurn): Promise<void> {
    const inFlight = { controller: new AbortController(), cause: 'stopped' as AbortCause };
    this.inFlight = inFlight;
    turn.status = 'streaming';
    delete turn.error;
    this.touch();
    this.deps.listener.structureChanged();
    try {
      const stream = await this.deps.backend().stream(request, { signal: inFlight.controller.signal, includeUsage: true });
      if (stream.requestId) turn.requestId = stream.requestId;
      await readAnswerInto(turn, stream.batches, (text) => this.deps.listener.textAppended(turn, text));
      turn.status = 'done';
    } catch (error) {
      if (inFlight.controller.signal.aborted) {
        turn.status = inFlight.cause;
      } else {
        turn.status = turn.text === '' ? 'error' : 'interrupted';
        turn.error = describeError(error, turn.requestId);
      }
    } finally {
      this.inFlight = undefined;
      this.touch();
      this.deps.listener.turnChanged(turn);
    }
  }

  private request(history: readonly Turn[]): ChatRequest {
    const request = buildChatRequest(this.conversation, history, this.deps.requestOptions());
    validateChatRequest(request);
    return request;
  }

  private userTurn(text: string, context: UserTurn['context']): UserTurn {
    return { kind: 'user', id: newId(), text, context, createdAt: this.now() };
  }

  private appendAssistantTurn(): AssistantTurn {
    const turn: AssistantTurn = { kind: 'assistant', id: newId(), model: this.conversation.model, text: '', status: 'streaming', createdAt: this.now() };
    this.conversation.turns.push(turn);
    return turn;
  }

  private lastIndex(match: (turn: Turn) => boolean): number {
    for (let i = this.conversation.turns.length - 1; i >= 0; i--) if (match(this.conversation.turns[i]!)) return i;
    return -1;
  }

  private assertIdle(): void {
    if (this.inFlight) throw new Error('An answer is still arriving: stop it first.');
  }

  private touch(): void {
    this.conversation.updatedAt = this.now();
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }
}

/** Only the message, the advice and the request id reach the user: never a cause, header or body. */
export function describeError(error: unknown, requestId: string | undefined): TurnError {
  if (isGatewayError(error)) {
    const message = [error.message, error.advice].filter(Boolean).join(' ');
    const id = error.requestId ?? requestId;
    return id ? { message, requestId: id } : { message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return requestId ? { message, requestId } : { message };
}
