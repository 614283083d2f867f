/** The conversation model of the chat view: pure data, persisted as JSON and shown by the webview. */
import { t } from '../l10n/localize';
import type { ChatUsage, FinishReason, ToolChoice } from '../gateway/types/chat';
import type { ToolSource } from './toolSources';
import { DEFAULT_PARAMS, type ChatParams } from './chatParams';
import type { ConversationUsage } from './conversationUsage';
import type { ToolMedia } from './toolMedia';

/**
 * What a chip attaches: an editor selection (its text taken when attached),
 * or a reference read when the message is sent: a whole file, a folder's
 * tree, a workspace symbol's lines, the current problems.
 */
export const CONTEXT_KINDS = ['selection', 'file', 'folder', 'symbol', 'problems'] as const;
export type ContextKind = (typeof CONTEXT_KINDS)[number];

/** Something attached to a message: what it is, where it is, and (once read) its text. */
export interface ContextChip {
  id: string;
  /** Absent in conversations saved before there were other kinds: a selection. */
  kind?: ContextKind;
  /** Shown to the user and the model: a workspace-relative path, or the file name. */
  file: string;
  /** The document's URI, to reveal it again ('' for problems). */
  uri: string;
  languageId: string;
  /** 1-based, inclusive; 0 and 0 for a whole file, a folder or the problems. */
  startLine: number;
  endLine: number;
  /** Empty in a draft's references until the message is sent. */
  text: string;
  /** A symbol's name. */
  name?: string;
  /** What reading it found: cut at a limit, ignored by .gitignore, not attached and why. */
  note?: string;
}

export interface Draft {
  text: string;
  context: ContextChip[];
}

export interface UserTurn {
  kind: 'user';
  id: string;
  text: string;
  context: ContextChip[];
  createdAt: number;
  /** The prompt file the message came from (`/name`), and the tools it narrowed its answers to. */
  prompt?: PromptUse;
}

/** A prompt file as a message used it. */
export interface PromptUse {
  name: string;
  /** The only tools its answers may call (among those the conversation allows); absent: the conversation's. */
  tools?: string[];
}

/**
 * streaming: text is arriving; done: the server finished (see finishReason);
 * stopped: the user stopped it; interrupted: the stream broke or the window
 * closed mid-way; error: the request failed before any text arrived.
 */
export type AssistantStatus = 'streaming' | 'done' | 'stopped' | 'interrupted' | 'error';

/** What a user may see of a failure: never credentials or other internals. */
export interface TurnError {
  message: string;
  requestId?: string;
}

/**
 * streaming: its arguments are still arriving; pending: not started yet;
 * awaitingApproval: the user is asked; running; succeeded / failed: the tool
 * ran; denied: the user refused it; invalid: its arguments were not a JSON
 * object, so it did not run; incomplete: the answer broke off (or was
 * stopped) while its arguments arrived, so it did not run; skipped: the
 * answer hit the round limit; cancelled: stopped (or VS Code closed) before
 * it ended.
 */
export type ToolCallStatus =
  'streaming' | 'pending' | 'awaitingApproval' | 'running' | 'succeeded' | 'failed' | 'denied' | 'invalid' | 'incomplete' | 'skipped' | 'cancelled';

/** A function the model called in an answer, and what became of it. */
export interface ToolCallRecord {
  /** The extension's own id for the call, unique in the conversation: cards, approvals and media refer to it. */
  id: string;
  /**
   * The id the model's answer gave the call, sent back only on the wire (made
   * unique there); absent in conversations saved before calls had ids of
   * their own (the id was the wire's), or when the answer gave none.
   */
  wireId?: string;
  name: string;
  /** As the model wrote them: a JSON text, possibly invalid. */
  arguments: string;
  status: ToolCallStatus;
  /** The content of the `tool` message sent back to the model (already capped). */
  result?: string;
  /** How long the tool ran. */
  durationMs?: number;
  /** What a media tool made (files, a video task), shown in its card. */
  media?: ToolMedia;
  /** Where the tool comes from, recorded when the call is handled. */
  source?: ToolSource;
  /** What the user is told when asked to approve the call (a paid call: what it makes); not read back from history. */
  approvalNote?: string;
  /** The tool's own "Always" answers offered while the call awaits approval (their ids and labels; empty: no "Always" at all); not kept. */
  approvalChoices?: { id: string; label: string }[];
  /** What the call printed (a terminal command's output, escape sequences removed, capped), shown in its card. */
  output?: string;
  /**
   * Set by the host while the call awaits approval: a digest of its id, name
   * and arguments that the card's answer must carry, so an answer approves
   * only the call as it was shown; not read back from history.
   */
  approvalKey?: string;
}

/** What streamed text belongs to: the answer, the model's reasoning before it, or its refusal. */
export type AnswerPart = 'answer' | 'reasoning' | 'refusal';

/** The model's reasoning before its answer. */
export interface TurnReasoning {
  text: string;
  /** From its first piece to the answer's first; absent while it goes on, or when not streamed. */
  durationMs?: number;
}

export interface AssistantTurn {
  kind: 'assistant';
  id: string;
  model: string;
  text: string;
  /** Shown and kept, never sent back to the model (DeepSeek refuses requests carrying it). */
  reasoning?: TurnReasoning;
  /** Why the model refused to answer (OpenAI structured outputs); kept, not sent back. */
  refusal?: string;
  status: AssistantStatus;
  finishReason?: FinishReason;
  usage?: ChatUsage;
  requestId?: string;
  error?: TurnError;
  /** The functions the model called in this answer; the next answer of the same response reads their results. */
  toolCalls?: ToolCallRecord[];
  /** The instruction files its request carried (USER_INSTRUCTIONS for the user's own); absent: none. */
  instructions?: string[];
  createdAt: number;
}

export type Turn = UserTurn | AssistantTurn;

export interface Conversation {
  id: string;
  title: string;
  /** True once the user renamed it: the title is then no longer derived from the first message. */
  titleIsCustom: boolean;
  createdAt: number;
  updatedAt: number;
  model: string;
  params: ChatParams;
  /** Whether the model may call tools, or must call one; absent: `auto`. */
  toolChoice?: ToolChoice;
  /** Tools the user switched on or off in this conversation's tool picker. */
  toolSwitches?: Record<string, boolean>;
  turns: Turn[];
  draft: Draft;
  /** The tokens its requests reported; absent until one did. */
  usage?: ConversationUsage;
}

export function newId(): string {
  return globalThis.crypto.randomUUID();
}

/** The id of a call as the model's answer named it (an older saved call: its only id). */
export function wireIdOf(call: Pick<ToolCallRecord, 'id' | 'wireId'>): string {
  return call.wireId ?? call.id;
}

export function newConversation(model: string, systemPrompt: string, now = Date.now()): Conversation {
  return {
    id: newId(),
    title: t('New conversation'),
    titleIsCustom: false,
    createdAt: now,
    updatedAt: now,
    model,
    params: { ...DEFAULT_PARAMS, systemPrompt },
    turns: [],
    draft: { text: '', context: [] },
  };
}

export function isEmptyConversation(c: Conversation): boolean {
  return c.turns.length === 0 && c.draft.text === '' && c.draft.context.length === 0;
}

/** "src/a.ts:3-9" for a selection, "src/a.ts" for a file, "src/" for a folder, "parse (src/a.ts:3-9)" for a symbol. */
export function chipLabel(chip: Pick<ContextChip, 'kind' | 'file' | 'startLine' | 'endLine' | 'name'>): string {
  const lines = chip.startLine === chip.endLine ? `${chip.startLine}` : `${chip.startLine}-${chip.endLine}`;
  switch (chip.kind) {
    case 'file':
      return chip.file;
    case 'folder':
      return chip.file.endsWith('/') ? chip.file : `${chip.file}/`;
    case 'symbol':
      return `${chip.name ?? t('symbol')} (${chip.file}:${lines})`;
    case 'problems':
      return chip.file;
    default:
      return `${chip.file}:${lines}`;
  }
}

/** "Tokens: 12 prompt + 30 answer = 42" */
export function usageLine(usage: ChatUsage): string {
  return t('Tokens: {0} prompt + {1} answer = {2}', usage.prompt_tokens, usage.completion_tokens, usage.total_tokens);
}

/** "Thought for 12 s" once the reasoning's time is known, else "Reasoning". */
export function reasoningLabel(reasoning: TurnReasoning): string {
  const ms = reasoning.durationMs;
  if (ms === undefined) return t('Reasoning');
  if (ms < 1000) return t('Thought for less than 1 s');
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? t('Thought for {0} s', seconds) : t('Thought for {0} min {1} s', Math.floor(seconds / 60), seconds % 60);
}

/** Finish reasons the chat explains in words of its own (stop and tool_calls need none). */
const EXPLAINED_FINISH_REASONS: readonly FinishReason[] = ['stop', 'length', 'content_filter', 'tool_calls'];

/** "Finish reason: eos" for a reason of the server's own, shown as it came; undefined for the ones the chat explains. */
export function unexplainedFinishReason(reason: FinishReason | undefined): string | undefined {
  return reason === undefined || EXPLAINED_FINISH_REASONS.includes(reason) ? undefined : t('Finish reason: {0}', reason);
}

/** A call's arguments as shown to the user: indented when they are JSON, as written otherwise. */
export function toolArgumentsText(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}
