/**
 * Every message between the chat view's host (extension) and its webview.
 * The webview posts `ready` first; the host posts nothing before it and then
 * answers with `state`. The webview is untrusted input: the host accepts a
 * message only as `readWebviewMessage` returns it: checked field by field,
 * unknown fields dropped.
 */
import { t } from '../l10n/localize';
import type { ChatParams } from '../chat/chatParams';
import { readChatParams } from '../chat/chatParams';
import type { ContextWindow } from '../chat/contextWindow';
import type { AnswerPart, AssistantTurn, Conversation, Draft, ToolCallRecord } from '../chat/conversation';
import type { ConversationUsage } from '../chat/conversationUsage';
import { bool, list, num, oneOf, str } from '../chat/jsonFields';
import type { ModelOption } from '../chat/modelOptions';
import type { PromptCommand } from '../chat/slashCommand';
import { readToolChoice } from '../chat/persistence';
import type { ApprovalDecision } from '../chat/toolLoop';
import type { ToolSource, ToolState } from '../chat/toolSources';
import type { ToolChoice } from '../gateway/types/chat';
import { MEDIA_ACTIONS, type CallMedia, type MediaAction } from './chatMediaProtocol';
import { messageReader, type MessageReaders } from './messageReader';

export type { ModelOption, PromptCommand, ToolChoice };

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: number;
}

export interface ModelList {
  models: ModelOption[];
  /** Why the list could not be fetched (the picker then offers the conversation's model only). */
  error?: string;
}

/** A tool available here, for the tool picker and the tool choice picker. */
export interface ToolOption {
  name: string;
  description: string;
  source: ToolSource;
  /** In the active conversation: offered, switched off, or switched on beyond the limit of tools per request. */
  state: ToolState;
}

/** What the # picker offers: its kind (the icon), what it is, where it is. */
export interface ContextItem {
  /** The host's name for the item; the webview sends it back to attach it. */
  id: string;
  kind: 'selection' | 'problems' | 'editor' | 'file' | 'folder' | 'symbol';
  label: string;
  description: string;
}

export interface ChatViewState {
  conversations: ConversationSummary[];
  conversation: Conversation;
  busy: boolean;
  models: ModelList;
  /** The tools available now; empty when tools are off. */
  tools: ToolOption[];
  /** Why some tools switched on are not offered (the limit of tools per request). */
  toolsNote?: string;
}

/** What a batch of the stream added to a tool call whose arguments are arriving. */
export interface ToolCallProgress {
  /** Among the turn's calls. */
  position: number;
  id: string;
  /** '' until it arrives. */
  name: string;
  /** Appended to the arguments shown; nothing beyond the first SHOWN_ARGUMENT_CHARS is posted while they stream. */
  argumentsAppended: string;
  /** The length of the whole arguments so far. */
  argumentsLength: number;
}

/** A card shows this much of a call's arguments, while they stream and (until "Show all") after. */
export const SHOWN_ARGUMENT_CHARS = 4000;

/** The answers to a tool call waiting for approval, as the card's buttons and the modal name them. */
/** A step of the setup the chat waits for. */
export type SetupStep = 'gateway' | 'key';

/** The answers every approval offers, as the card's buttons and the modal name them; a tool may offer its own "Always" choices instead of `always`. */
export type PlainDecision = Exclude<ApprovalDecision, object>;

export const APPROVAL_LABELS: Readonly<Record<PlainDecision, string>> = {
  get once() {
    return t('Allow once');
  },
  get always() {
    return t('Always in this workspace');
  },
  get deny() {
    return t('Deny');
  },
};
const APPROVAL_DECISIONS = Object.keys(APPROVAL_LABELS) as PlainDecision[];

// ---------------------------------------------------------------- host → webview

export type HostMessage =
  | { type: 'state'; state: ChatViewState }
  /** The active conversation's turns, title, model or parameters changed (or another became active). */
  | { type: 'conversation'; conversation: Conversation; busy: boolean }
  | { type: 'conversations'; conversations: ConversationSummary[] }
  | { type: 'textAppended'; conversationId: string; turnId: string; text: string }
  /** The model's reasoning before its answer grew; it is done once the turn has its duration (or ended). */
  | { type: 'reasoningAppended'; conversationId: string; turnId: string; text: string }
  /** The model's refusal to answer grew. */
  | { type: 'refusalAppended'; conversationId: string; turnId: string; text: string }
  | { type: 'turnChanged'; conversationId: string; turn: AssistantTurn; busy: boolean }
  | { type: 'models'; models: ModelList }
  | { type: 'toolCallChanged'; conversationId: string; turnId: string; call: ToolCallRecord }
  /** Tool calls of a streaming turn began or their arguments grew (batched like text). */
  | { type: 'toolCallsStreamed'; conversationId: string; turnId: string; calls: ToolCallProgress[] }
  /** The active conversation's token usage, and its model's context size where known. */
  | { type: 'usage'; conversationId: string; usage?: ConversationUsage; contextWindow?: ContextWindow }
  /** The tools on offer changed (settings, workspace trust, the conversation's switches, MCP servers started). */
  | { type: 'tools'; tools: ToolOption[]; note?: string }
  /** The draft changed on the host's side: context attached or removed, or cleared by a send (replaceText). */
  | { type: 'draft'; conversationId: string; draft: Draft; replaceText: boolean }
  /** Why a request would be refused (the validator's message), shown at the composer; none: all is valid. */
  | { type: 'problem'; message?: string }
  /** What the chat needs before it can answer: the gateway's address, a key; none: ready. The view shows its welcome until then. */
  | { type: 'setup'; needs?: SetupStep }
  | { type: 'focusComposer' }
  | { type: 'toggleHistory' }
  /** The # picker's items for the query of the request with this number. */
  | { type: 'contextItems'; requestId: number; items: ContextItem[] }
  /** The instructions a message with the draft would carry now (none: the notice is hidden). */
  | { type: 'instructions'; files: string[] }
  /** The prompt files the composer offers as `/name` (none: `/` offers nothing). */
  | { type: 'promptCommands'; commands: PromptCommand[] }
  /** What media tool calls of the conversation made, new or changed (a file deleted, a task's status). */
  | { type: 'toolMedia'; conversationId: string; items: CallMedia[] }
  /** The answer or read_aloud call being read aloud now (its id); none: nothing from the chat is being read. */
  | { type: 'reading'; id?: string };

/** The message carrying streamed text of each part of an answer. */
export const APPENDED_MESSAGE = { answer: 'textAppended', reasoning: 'reasoningAppended', refusal: 'refusalAppended' } as const satisfies Record<
  AnswerPart,
  HostMessage['type']
>;

// ---------------------------------------------------------------- webview → host

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'send'; text: string }
  /** The message is `/name args`: the prompt file `name` runs with `args` (`key=value` pairs, then text of the message). */
  | { type: 'runPrompt'; name: string; args: string }
  | { type: 'stop' }
  | { type: 'regenerate' }
  | { type: 'continue' }
  | { type: 'editAndResend'; turnId: string; text: string }
  | { type: 'draftChanged'; text: string }
  | { type: 'removeContext'; chipId: string }
  | { type: 'newConversation' }
  | { type: 'switchConversation'; conversationId: string }
  | { type: 'renameConversation'; conversationId: string }
  | { type: 'deleteConversation'; conversationId: string }
  | { type: 'exportConversation' }
  | { type: 'setModel'; model: string }
  | { type: 'setParams'; params: ChatParams }
  | { type: 'setToolChoice'; choice: ToolChoice }
  /** The user switched a tool on or off in the active conversation's tool picker. */
  | { type: 'setToolEnabled'; name: string; enabled: boolean }
  /** The tool picker opened: the host lists the tools again (VS Code has no event for its tools changing). */
  | { type: 'refreshTools' }
  | { type: 'startMcpServers' }
  /** The user's answer to a tool call waiting for approval, with the approval key of the call as its card showed it. */
  | { type: 'decideToolCall'; callId: string; approvalKey: string; decision: ApprovalDecision }
  /** "Restore checkpoint" on a user message: the files the agent changed since (after a preview), and the conversation if chosen. */
  | { type: 'restoreCheckpoint'; turnId: string }
  /** The card's Stop: the running call ends, the answer goes on. */
  | { type: 'stopToolCall'; callId: string }
  | { type: 'refreshModels' }
  /** The welcome's button: the walkthrough's first steps (gateway address, then key). */
  | { type: 'connectGateway' }
  | { type: 'copyCode'; code: string }
  | { type: 'insertCode'; code: string }
  | { type: 'openCode'; code: string; language: string }
  | { type: 'openLink'; href: string }
  /** The # picker asks what matches what was typed after `#`. */
  | { type: 'findContext'; query: string; requestId: number }
  /** The user chose a # picker item. */
  | { type: 'attachContext'; itemId: string }
  /** Files dropped on the view (text/uri-list). */
  | { type: 'attachUris'; uris: string[] }
  /** A chip was clicked: of the draft, or of a user turn. */
  | { type: 'openContext'; chipId: string; turnId?: string }
  | { type: 'openInstructions'; file: string }
  /** An action on the `index`th file (or the task) of a media tool call of the active conversation. */
  | { type: 'mediaAction'; callId: string; action: MediaAction; index: number }
  /** Reads an answer (its turn id) aloud. */
  | { type: 'readAloud'; turnId: string }
  | { type: 'stopReading' };

/** A # query is cut here: no file name is longer. */
const MAX_QUERY_CHARS = 256;
/** One drop attaches at most this many files. */
const MAX_DROPPED = 50;

/** Reads each message type's fields; throws on a missing or mistyped one. */
const READERS: MessageReaders<WebviewMessage> = {
  ready: () => ({ type: 'ready' }),
  send: (m) => ({ type: 'send', text: str(m.text, 'text') }),
  runPrompt: (m) => ({ type: 'runPrompt', name: str(m.name, 'name'), args: str(m.args, 'args') }),
  stop: () => ({ type: 'stop' }),
  regenerate: () => ({ type: 'regenerate' }),
  continue: () => ({ type: 'continue' }),
  editAndResend: (m) => ({ type: 'editAndResend', turnId: str(m.turnId, 'turnId'), text: str(m.text, 'text') }),
  draftChanged: (m) => ({ type: 'draftChanged', text: str(m.text, 'text') }),
  removeContext: (m) => ({ type: 'removeContext', chipId: str(m.chipId, 'chipId') }),
  newConversation: () => ({ type: 'newConversation' }),
  switchConversation: (m) => ({ type: 'switchConversation', conversationId: str(m.conversationId, 'conversationId') }),
  renameConversation: (m) => ({ type: 'renameConversation', conversationId: str(m.conversationId, 'conversationId') }),
  deleteConversation: (m) => ({ type: 'deleteConversation', conversationId: str(m.conversationId, 'conversationId') }),
  exportConversation: () => ({ type: 'exportConversation' }),
  setModel: (m) => ({ type: 'setModel', model: str(m.model, 'model') }),
  setParams: (m) => ({ type: 'setParams', params: readChatParams(m.params) }),
  setToolChoice: (m) => ({ type: 'setToolChoice', choice: readToolChoice(m.choice) }),
  setToolEnabled: (m) => ({ type: 'setToolEnabled', name: str(m.name, 'name'), enabled: bool(m.enabled, 'enabled') }),
  refreshTools: () => ({ type: 'refreshTools' }),
  startMcpServers: () => ({ type: 'startMcpServers' }),
  decideToolCall: (m) => ({
    type: 'decideToolCall',
    callId: str(m.callId, 'callId'),
    approvalKey: str(m.approvalKey, 'approvalKey'),
    decision: readDecision(m.decision),
  }),
  stopToolCall: (m) => ({ type: 'stopToolCall', callId: str(m.callId, 'callId') }),
  restoreCheckpoint: (m) => ({ type: 'restoreCheckpoint', turnId: str(m.turnId, 'turnId') }),
  refreshModels: () => ({ type: 'refreshModels' }),
  connectGateway: () => ({ type: 'connectGateway' }),
  copyCode: (m) => ({ type: 'copyCode', code: str(m.code, 'code') }),
  insertCode: (m) => ({ type: 'insertCode', code: str(m.code, 'code') }),
  openCode: (m) => ({ type: 'openCode', code: str(m.code, 'code'), language: str(m.language, 'language') }),
  openLink: (m) => ({ type: 'openLink', href: str(m.href, 'href') }),
  findContext: (m) => ({ type: 'findContext', query: str(m.query, 'query').slice(0, MAX_QUERY_CHARS), requestId: num(m.requestId, 'requestId') }),
  attachContext: (m) => ({ type: 'attachContext', itemId: str(m.itemId, 'itemId') }),
  attachUris: (m) => ({
    type: 'attachUris',
    uris: list(m.uris, 'uris')
      .slice(0, MAX_DROPPED)
      .map((u, i) => str(u, `uris[${i}]`)),
  }),
  openContext: (m) => ({ type: 'openContext', chipId: str(m.chipId, 'chipId'), ...(m.turnId === undefined ? {} : { turnId: str(m.turnId, 'turnId') }) }),
  openInstructions: (m) => ({ type: 'openInstructions', file: str(m.file, 'file') }),
  mediaAction: (m) => ({ type: 'mediaAction', callId: str(m.callId, 'callId'), action: oneOf(m.action, MEDIA_ACTIONS, 'action'), index: index(m.index) }),
  readAloud: (m) => ({ type: 'readAloud', turnId: str(m.turnId, 'turnId') }),
  stopReading: () => ({ type: 'stopReading' }),
};

function readDecision(value: unknown): ApprovalDecision {
  if (typeof value === 'object' && value !== null) return { choiceId: str((value as { choiceId?: unknown }).choiceId, 'decision.choiceId') };
  return oneOf(value, APPROVAL_DECISIONS, 'decision');
}

/* not shown: the chat page sends only indexes it was given; a bad one is a bug, logged */
function index(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error('index: a whole number from 0');
  return value;
}

/**
 * The message re-built from its known fields only, or undefined when it is
 * not a well-formed webview message.
 */
export const readWebviewMessage = messageReader(READERS);
