/**
 * The stored form of a conversation: one JSON document with a version field.
 * Reading checks every field, since the file may be old, hand-edited or cut.
 */
import { t } from '../l10n/localize';
import type { ChatUsage, ToolChoice } from '../gateway/types/chat';
import { readChatParams } from './chatParams';
import { readToolMedia } from './toolMedia';
import {
  CONTEXT_KINDS,
  newId,
  wireIdOf,
  type AssistantStatus,
  type AssistantTurn,
  type Conversation,
  type ContextChip,
  type Draft,
  type PromptUse,
  type ToolCallRecord,
  type ToolCallStatus,
  type Turn,
  type TurnReasoning,
  type UserTurn,
} from './conversation';
import { readConversationUsage } from './conversationUsage';
import { bool, list, num, oneOf, record, str } from './jsonFields';
import { BROKEN_OFF_RESULT, CANCELLED_RESULT, isUnfinished } from './toolLoop';
import { readToolSource, readToolSwitches } from './toolSources';

export const STORAGE_VERSION = 1;

interface StoredConversation {
  version: typeof STORAGE_VERSION;
  conversation: Conversation;
}

export function serializeConversation(conversation: Conversation): string {
  const stored: StoredConversation = { version: STORAGE_VERSION, conversation };
  return JSON.stringify(stored);
}

/** Throws a plain Error naming the first problem. A turn saved while streaming comes back as interrupted. */
export function parseConversation(json: string): Conversation {
  const root = record(JSON.parse(json), 'document');
  if (root.version !== STORAGE_VERSION) throw new Error(t('unsupported version {0}', JSON.stringify(root.version)));
  const c = record(root.conversation, 'conversation');
  return {
    id: str(c.id, 'id'),
    title: str(c.title, 'title'),
    titleIsCustom: bool(c.titleIsCustom, 'titleIsCustom'),
    createdAt: num(c.createdAt, 'createdAt'),
    updatedAt: num(c.updatedAt, 'updatedAt'),
    model: str(c.model, 'model'),
    params: readChatParams(c.params),
    ...(c.toolChoice !== undefined ? { toolChoice: readToolChoice(c.toolChoice) } : {}),
    ...(c.toolSwitches !== undefined ? { toolSwitches: readToolSwitches(c.toolSwitches) } : {}),
    turns: withUniqueCallIds(list(c.turns, 'turns').map((t, i) => turn(record(t, `turns[${i}]`)))),
    draft: draft(record(c.draft, 'draft')),
    ...(c.usage !== undefined ? { usage: readConversationUsage(c.usage) } : {}),
  };
}

/**
 * Calls saved before they had ids of their own kept the server's, which two
 * calls may share: a repeat gets an id of its own (the server's stays its
 * wire id), so no card, approval or media refers to two calls.
 */
function withUniqueCallIds(turns: Turn[]): Turn[] {
  const seen = new Set<string>();
  for (const call of turns.flatMap((t) => (t.kind === 'assistant' ? (t.toolCalls ?? []) : []))) {
    if (seen.has(call.id)) {
      call.wireId = wireIdOf(call);
      call.id = newId();
    }
    seen.add(call.id);
  }
  return turns;
}

const STATUSES: readonly AssistantStatus[] = ['streaming', 'done', 'stopped', 'interrupted', 'error'];

function turn(stored: Record<string, unknown>): Turn {
  if (stored.kind === 'user') return userTurn(stored);
  if (stored.kind === 'assistant') return assistantTurn(stored);
  throw new Error(t('unknown turn kind {0}', JSON.stringify(stored.kind)));
}

function userTurn(t: Record<string, unknown>): UserTurn {
  const out: UserTurn = {
    kind: 'user',
    id: str(t.id, 'turn.id'),
    text: str(t.text, 'turn.text'),
    context: chips(t.context),
    createdAt: num(t.createdAt, 'turn.createdAt'),
  };
  if (t.prompt !== undefined) out.prompt = promptUse(record(t.prompt, 'turn.prompt'));
  return out;
}

function promptUse(p: Record<string, unknown>): PromptUse {
  const name = str(p.name, 'turn.prompt.name');
  return p.tools === undefined ? { name } : { name, tools: texts(p.tools, 'turn.prompt.tools') };
}

function texts(value: unknown, what: string): string[] {
  return list(value, what).map((item, i) => str(item, `${what}[${i}]`));
}

function assistantTurn(t: Record<string, unknown>): AssistantTurn {
  const status = oneOf(t.status, STATUSES, 'turn.status');
  const out: AssistantTurn = {
    kind: 'assistant',
    id: str(t.id, 'turn.id'),
    model: str(t.model, 'turn.model'),
    text: str(t.text, 'turn.text'),
    status: status === 'streaming' ? 'interrupted' : status,
    createdAt: num(t.createdAt, 'turn.createdAt'),
  };
  if (t.reasoning !== undefined) out.reasoning = reasoning(record(t.reasoning, 'turn.reasoning'));
  if (t.refusal !== undefined) out.refusal = str(t.refusal, 'turn.refusal');
  // Any text: servers send finish reasons of their own.
  if (t.finishReason !== undefined) out.finishReason = str(t.finishReason, 'turn.finishReason');
  if (t.usage !== undefined) out.usage = usage(record(t.usage, 'turn.usage'));
  if (t.requestId !== undefined) out.requestId = str(t.requestId, 'turn.requestId');
  if (t.toolCalls !== undefined) out.toolCalls = list(t.toolCalls, 'turn.toolCalls').map((c, i) => toolCall(record(c, `turn.toolCalls[${i}]`)));
  if (t.instructions !== undefined) out.instructions = texts(t.instructions, 'turn.instructions');
  if (t.error !== undefined) {
    const e = record(t.error, 'turn.error');
    out.error = {
      message: str(e.message, 'turn.error.message'),
      ...(e.requestId !== undefined ? { requestId: str(e.requestId, 'turn.error.requestId') } : {}),
    };
  }
  return out;
}

function reasoning(r: Record<string, unknown>): TurnReasoning {
  const out: TurnReasoning = { text: str(r.text, 'turn.reasoning.text') };
  if (r.durationMs !== undefined) out.durationMs = num(r.durationMs, 'turn.reasoning.durationMs');
  return out;
}

const TOOL_CALL_STATUSES: readonly ToolCallStatus[] = [
  'streaming',
  'pending',
  'awaitingApproval',
  'running',
  'succeeded',
  'failed',
  'denied',
  'invalid',
  'incomplete',
  'skipped',
  'cancelled',
];

/** A call saved before it ended (VS Code closed) comes back cancelled; one saved while its arguments arrived, incomplete. */
function toolCall(c: Record<string, unknown>): ToolCallRecord {
  const out: ToolCallRecord = {
    id: str(c.id, 'toolCall.id'),
    ...(c.wireId !== undefined ? { wireId: str(c.wireId, 'toolCall.wireId') } : {}),
    name: str(c.name, 'toolCall.name'),
    arguments: str(c.arguments, 'toolCall.arguments'),
    status: oneOf(c.status, TOOL_CALL_STATUSES, 'toolCall.status'),
  };
  if (c.result !== undefined) out.result = str(c.result, 'toolCall.result');
  if (c.durationMs !== undefined) out.durationMs = num(c.durationMs, 'toolCall.durationMs');
  if (c.output !== undefined) out.output = str(c.output, 'toolCall.output');
  if (c.media !== undefined) out.media = readToolMedia(c.media);
  if (c.source !== undefined) out.source = readToolSource(c.source);
  if (out.status === 'streaming') {
    out.status = 'incomplete';
    out.result = BROKEN_OFF_RESULT;
  } else if (isUnfinished(out)) {
    out.status = 'cancelled';
    out.result = CANCELLED_RESULT;
  }
  return out;
}

/** `auto`, `none`, `required`, or the function the model must call. */
export function readToolChoice(value: unknown): ToolChoice {
  if (typeof value === 'string') return oneOf(value, ['auto', 'none', 'required'] as const, 'toolChoice');
  const choice = record(value, 'toolChoice');
  oneOf(choice.type, ['function'] as const, 'toolChoice.type');
  return { type: 'function', function: { name: str(record(choice.function, 'toolChoice.function').name, 'toolChoice.function.name') } };
}

function usage(u: Record<string, unknown>): ChatUsage {
  return { prompt_tokens: num(u.prompt_tokens, 'usage'), completion_tokens: num(u.completion_tokens, 'usage'), total_tokens: num(u.total_tokens, 'usage') };
}

function draft(d: Record<string, unknown>): Draft {
  return { text: str(d.text, 'draft.text'), context: chips(d.context) };
}

function chips(value: unknown): ContextChip[] {
  return list(value, 'context').map((item) => {
    const c = record(item, t('context chip'));
    return {
      id: str(c.id, 'chip.id'),
      file: str(c.file, 'chip.file'),
      uri: str(c.uri, 'chip.uri'),
      languageId: str(c.languageId, 'chip.languageId'),
      startLine: num(c.startLine, 'chip.startLine'),
      endLine: num(c.endLine, 'chip.endLine'),
      text: str(c.text, 'chip.text'),
      ...(c.kind === undefined ? {} : { kind: oneOf(c.kind, CONTEXT_KINDS, 'chip.kind') }),
      ...(c.name === undefined ? {} : { name: str(c.name, 'chip.name') }),
      ...(c.note === undefined ? {} : { note: str(c.note, 'chip.note') }),
    };
  });
}
