/**
 * One conversation being talked in: builds each request from the history,
 * streams the answer into an assistant turn, and owns the request in flight.
 * Knows nothing of VS Code or the webview: a listener is told what changed.
 *
 * A user action starts a "response" (`respond`): rounds of a model answer
 * whose tool calls are run and answered, each round an assistant turn of its
 * own, until an answer without tool calls (or the round limit).
 */
import { t } from '../l10n/localize';
import type { ChatStream } from '../gateway/chat';
import { isGatewayError } from '../gateway/errors';
import type { ChatCompletion, ChatRequest } from '../gateway/types/chat';
import { validateChatRequest } from '../gateway/validation';
import type { AnswerPart, AssistantTurn, Conversation, PromptUse, ToolCallRecord, Turn, TurnError, UserTurn } from './conversation';
import { newId } from './conversation';
import { buildChatRequest, CONTINUE_PROMPT, NO_RESULT, type RequestOptions } from './requestBuilder';
import { readAnswerInto, readCompletionInto, type AnswerListener } from './answerReader';
import { addRequestUsage } from './conversationUsage';
import type { ToolCallGrowth } from './liveToolCalls';
import {
  BROKEN_OFF_RESULT,
  CANCELLED_RESULT,
  roundLimitMessage,
  roundLimitResult,
  runToolCalls,
  settleUnfinished,
  type StoppableCalls,
  type ToolRuntime,
} from './toolLoop';
import { deriveTitle } from './title';
import { narrowSwitches } from './promptFiles';
import type { ToolSwitches } from './toolSources';

export interface ChatBackend {
  /** The session reads the answer in batches. */
  stream(
    req: ChatRequest,
    options: { signal?: AbortSignal; includeUsage?: boolean; headers?: Readonly<Record<string, string>> },
  ): Promise<Pick<ChatStream, 'requestId' | 'batches'>>;
  /** A whole answer, not streamed: for models that cannot stream tool calls. */
  create(req: ChatRequest, signal?: AbortSignal, headers?: Readonly<Record<string, string>>): Promise<ChatCompletion>;
}

export interface ChatSessionListener {
  /** Turns were added, removed or replaced, or the title changed. */
  structureChanged(): void;
  /** Text arrived for a streaming turn: for its answer, its reasoning or its refusal. */
  textAppended(turn: AssistantTurn, text: string, part: AnswerPart): void;
  /** A turn's status, usage, error, reasoning time or list of tool calls changed (its text did not); so may the conversation's usage. */
  turnChanged(turn: AssistantTurn): void;
  /** Tool calls of a streaming turn began, or their arguments grew. */
  toolCallsGrew(turn: AssistantTurn, growth: readonly ToolCallGrowth[]): void;
  /** One tool call's status, result or duration changed. */
  toolCallChanged(turn: AssistantTurn, call: ToolCallRecord): void;
}

export interface ChatSessionDeps {
  /** Asked once per request, so a changed connection is picked up. */
  backend(): ChatBackend;
  /** The options of a request answering this history (the instructions depend on the files it works on). */
  requestOptions(history: readonly Turn[]): RequestOptions;
  /** The header that carries the conversation's id to the gateway (for gateways that route or cache by session); absent or empty: none. */
  sessionHeader?(): string | undefined;
  listener: ChatSessionListener;
  /** The tools offered with each request and how their calls run; absent: no tools. */
  tools?: ToolRuntime;
  /** Where a card's Stop finds a running call; absent: calls stop only with the answer. */
  stoppable?: StoppableCalls;
  now?(): number;
}

/** How an aborted response is marked: by the user's Stop, or by the view going away. */
type AbortCause = 'stopped' | 'interrupted';

export class ChatSession {
  private inFlight: { controller: AbortController; cause: AbortCause } | undefined;
  /** The instruction files of the request built last, for the answer it starts. */
  private requestInstructions: string[] = [];

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

  /** Sends `text` with the draft's context, which the draft then loses; `prompt`: the prompt file it came from. */
  send(text: string, prompt?: PromptUse): Promise<void> {
    this.assertIdle();
    const user = this.userTurn(text, this.conversation.draft.context);
    if (prompt) user.prompt = prompt;
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
    if (lastUser < 0) throw new Error(t('There is no message to answer again.'));
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
    if (!original || original.kind !== 'user') throw new Error(t('That message is no longer in the conversation.'));
    const edited = this.userTurn(text, original.context);
    if (original.prompt) edited.prompt = original.prompt;
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
      throw new Error(t('Only an answer cut at the token limit can be continued.'));
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
    const { signal } = inFlight.controller;
    turn.status = 'streaming';
    delete turn.error;
    this.touch();
    this.deps.listener.structureChanged();
    let current = turn;
    try {
      for (let round = 1; ; round++) {
        await this.answerInto(current, request, signal);
        if (!current.toolCalls?.length || !(await this.runTools(current, round, signal))) break;
        request = this.request(this.conversation.turns, true);
        current = this.appendAssistantTurn();
        this.deps.listener.structureChanged();
      }
      if (signal.aborted) current.status = inFlight.cause;
    } catch (error) {
      if (signal.aborted) {
        current.status = inFlight.cause;
        settleUnfinished(current.toolCalls ?? [], 'cancelled', CANCELLED_RESULT);
      } else {
        current.status = nothingArrived(current) ? 'error' : 'interrupted';
        current.error = describeError(error, current.requestId);
        settleUnfinished(current.toolCalls ?? [], 'skipped', BROKEN_OFF_RESULT);
      }
    } finally {
      this.inFlight = undefined;
      this.touch();
      this.deps.listener.turnChanged(current);
    }
  }

  /** One model request into the turn, streamed unless the model cannot stream tool calls. */
  private async answerInto(turn: AssistantTurn, request: ChatRequest, signal: AbortSignal): Promise<void> {
    const listener: AnswerListener = {
      appended: (part, text) => this.deps.listener.textAppended(turn, text, part),
      reasoningEnded: () => this.deps.listener.turnChanged(turn),
      toolCallsGrew: (growth) => this.deps.listener.toolCallsGrew(turn, growth),
      usageReported: (usage) => (this.conversation.usage = addRequestUsage(this.conversation.usage, usage)),
    };
    const now = () => this.now();
    const backend = this.deps.backend();
    if (request.tools && this.deps.tools && !this.deps.tools.settings().streamsToolCalls(request.model)) {
      readCompletionInto(turn, await backend.create(request, signal, this.sessionHeaders()), listener, now);
    } else {
      const stream = await backend.stream(request, { signal, includeUsage: true, headers: this.sessionHeaders() });
      if (stream.requestId) turn.requestId = stream.requestId;
      await readAnswerInto(turn, stream.batches, listener, now);
    }
    turn.status = 'done';
  }

  /**
   * Runs the turn's tool calls; true when their results go back to the model.
   * In the last round allowed they do not run: nothing could read their results.
   */
  private async runTools(turn: AssistantTurn, round: number, signal: AbortSignal): Promise<boolean> {
    const calls = turn.toolCalls ?? [];
    const runtime = this.deps.tools;
    if (!runtime) {
      settleUnfinished(calls, 'skipped', NO_RESULT);
      return false;
    }
    const { maxRounds } = runtime.settings();
    if (round >= maxRounds) {
      settleUnfinished(calls, 'skipped', roundLimitResult(maxRounds));
      turn.error = { message: roundLimitMessage(maxRounds) };
      return false;
    }
    this.deps.listener.turnChanged(turn);
    await runToolCalls(calls, {
      runtime,
      signal,
      conversationId: this.conversation.id,
      checkpointId: this.conversation.turns[this.lastIndex((t) => t.kind === 'user')]?.id,
      ...(this.deps.stoppable ? { stoppable: this.deps.stoppable } : {}),
      switches: this.switchesFor(this.conversation.turns),
      changed: (call) => this.deps.listener.toolCallChanged(turn, call),
      now: () => this.now(),
    });
    this.touch();
    return !signal.aborted;
  }

  private request(history: readonly Turn[], afterToolResults = false): ChatRequest {
    const tools = this.deps.tools?.executor.offered(this.switchesFor(history)).map((tool) => tool.definition);
    const options = this.deps.requestOptions(history);
    const request = buildChatRequest(this.conversation, history, { ...options, tools, afterToolResults });
    validateChatRequest(request);
    this.requestInstructions = (options.instructions ?? []).map((i) => i.file);
    return request;
  }

  /** The conversation's id under the session header: the same for every request of the conversation, never for another. */
  private sessionHeaders(): Record<string, string> | undefined {
    const name = this.deps.sessionHeader?.()?.trim();
    return name ? { [name]: this.conversation.id } : undefined;
  }

  /** The conversation's tool switches, narrowed to the tools of the prompt file the answered message came from. */
  private switchesFor(history: readonly Turn[]): ToolSwitches | undefined {
    const switches = this.conversation.toolSwitches;
    const executor = this.deps.tools?.executor;
    const allowed = lastUserTurn(history)?.prompt?.tools;
    if (!executor || !allowed) return switches;
    return narrowSwitches(
      switches,
      executor.offered(switches).map((tool) => tool.definition.function.name),
      allowed,
    );
  }

  private userTurn(text: string, context: UserTurn['context']): UserTurn {
    return { kind: 'user', id: newId(), text, context, createdAt: this.now() };
  }

  private appendAssistantTurn(): AssistantTurn {
    const turn: AssistantTurn = { kind: 'assistant', id: newId(), model: this.conversation.model, text: '', status: 'streaming', createdAt: this.now() };
    if (this.requestInstructions.length) turn.instructions = this.requestInstructions;
    this.conversation.turns.push(turn);
    return turn;
  }

  private lastIndex(match: (turn: Turn) => boolean): number {
    for (let i = this.conversation.turns.length - 1; i >= 0; i--) if (match(this.conversation.turns[i]!)) return i;
    return -1;
  }

  private assertIdle(): void {
    if (this.inFlight) throw new Error(t('An answer is still arriving: stop it first.'));
  }

  private touch(): void {
    this.conversation.updatedAt = this.now();
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }
}

function lastUserTurn(history: readonly Turn[]): UserTurn | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i]!;
    if (turn.kind === 'user') return turn;
  }
  return undefined;
}

function nothingArrived(turn: AssistantTurn): boolean {
  return turn.text === '' && !turn.toolCalls && !turn.reasoning && turn.refusal === undefined;
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
