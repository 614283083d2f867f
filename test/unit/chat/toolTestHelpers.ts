/** Fakes for the tool loop tests: a scripted model that calls tools, a recording executor and approver. */
import type { ToolOutput } from '../../../src/chat/toolMedia';
import { ChatSession, type ChatSessionListener } from '../../../src/chat/chatSession';
import { newConversation, type AssistantTurn, type Conversation, type ToolCallRecord } from '../../../src/chat/conversation';
import type { ApprovalChoice, ApprovalDecision, OfferedTool, StoppableCalls, ToolCallContext, ToolLoopSettings, ToolRuntime } from '../../../src/chat/toolLoop';
import type { ChatChunk, ChatRequest } from '../../../src/gateway/types/chat';
import { answer, fakeBackend, USAGE, type FakeBackend } from './chatTestHelpers';

export interface PlannedCall {
  name: string;
  arguments: string;
}

/** Chunks of an answer that calls the functions, each streamed in fragments as servers do (id and name first, then argument pieces). */
export async function* toolCallAnswer(calls: readonly PlannedCall[], text = ''): AsyncGenerator<ChatChunk> {
  const base = { id: 'c2', object: 'chat.completion.chunk' as const, created: 0, model: 'm' };
  if (text) yield { ...base, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] };
  for (const [index, call] of calls.entries()) {
    yield {
      ...base,
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index, id: `call_${index}_${call.name}`, type: 'function', function: { name: call.name, arguments: '' } }] },
          finish_reason: null,
        },
      ],
    };
    const half = Math.ceil(call.arguments.length / 2);
    for (const piece of [call.arguments.slice(0, half), call.arguments.slice(half)]) {
      if (piece) yield { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null }] };
    }
  }
  yield { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] };
  yield { ...base, choices: [], usage: USAGE };
}

/** The model answers `Tool results: name=content; ...` after tool messages, and calls `calls(request)` otherwise. */
export function toolModel(calls: (request: ChatRequest, index: number) => PlannedCall[]): FakeBackend {
  let index = 0;
  return fakeBackend((request) => {
    const last = request.messages[request.messages.length - 1];
    const planned = calls(request, index++);
    if (planned.length && (last?.role === 'user' || last?.role === 'tool')) return toolCallAnswer(planned);
    const results = request.messages.filter((m) => m.role === 'tool').map((m) => (m.role === 'tool' ? `${m.name}=${m.content}` : ''));
    return answer([`Tool results: ${results.join('; ')}`]);
  });
}

export interface ToolFake {
  name: string;
  readOnly: boolean;
  run?: (args: Record<string, unknown>, signal: AbortSignal, context: ToolCallContext) => Promise<string | ToolOutput>;
  /** What preparing a call tells the user who is asked. */
  note?: string;
  /** The tool's own "Always" answers. */
  choices?: ApprovalChoice[];
}

export interface Recorder {
  runs: Array<{ name: string; args: Record<string, unknown> }>;
  asked: string[];
  prepared: string[];
  disposedPreviews: string[];
}

export function toolRuntime(
  tools: readonly ToolFake[],
  options: {
    decide?: (call: ToolCallRecord, signal: AbortSignal) => Promise<ApprovalDecision>;
    preApproved?: string[];
    settings?: Partial<ToolLoopSettings>;
  } = {},
): { runtime: ToolRuntime; seen: Recorder } {
  const seen: Recorder = { runs: [], asked: [], prepared: [], disposedPreviews: [] };
  const offered: OfferedTool[] = tools.map((t) => ({
    readOnly: t.readOnly,
    definition: { type: 'function', function: { name: t.name, description: `the ${t.name} tool`, parameters: { type: 'object', properties: {} } } },
  }));
  const runtime: ToolRuntime = {
    executor: {
      offered: () => offered,
      prepare: async (name) => {
        seen.prepared.push(name);
        const tool = tools.find((t) => t.name === name);
        return { dispose: () => seen.disposedPreviews.push(name), note: tool?.note, choices: tool?.choices };
      },
      run: async (name, args, signal, context) => {
        seen.runs.push({ name, args });
        const tool = tools.find((t) => t.name === name);
        return tool?.run ? tool.run(args, signal, context) : `${name} ok`;
      },
    },
    approver: {
      isPreApproved: async (call) => options.preApproved?.includes(call.name) ?? false,
      ask: (call, signal) => {
        seen.asked.push(call.name);
        return options.decide ? options.decide(call, signal) : Promise.resolve('once');
      },
    },
    settings: () => ({ maxRounds: 8, maxResultChars: 10000, streamsToolCalls: () => true, ...options.settings }),
  };
  return { runtime, seen };
}

export function toolSession(
  backend: FakeBackend,
  runtime: ToolRuntime,
  conversation: Conversation = newConversation('gpt-x', ''),
  stoppable?: StoppableCalls,
): { s: ChatSession; c: Conversation; changes: Array<{ id: string; status: string }> } {
  const changes: Array<{ id: string; status: string }> = [];
  const listener: ChatSessionListener = {
    structureChanged: () => undefined,
    textAppended: () => undefined,
    turnChanged: () => undefined,
    toolCallChanged: (_turn, call) => changes.push({ id: call.id, status: call.status }),
    toolCallsGrew: () => undefined,
  };
  return {
    s: new ChatSession(conversation, { backend: () => backend, requestOptions: () => ({}), listener, tools: runtime, ...(stoppable ? { stoppable } : {}) }),
    c: conversation,
    changes,
  };
}

export function answers(c: Conversation): AssistantTurn[] {
  return c.turns.filter((t): t is AssistantTurn => t.kind === 'assistant');
}

/** A read-only tool that records how many of its calls run at once. */
export function concurrencyProbe(): { run: () => Promise<string>; readonly max: number; readonly runs: number } {
  let running = 0;
  let max = 0;
  let runs = 0;
  return {
    run: async () => {
      runs++;
      max = Math.max(max, ++running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return 'ok';
    },
    get max() {
      return max;
    },
    get runs() {
      return runs;
    },
  };
}
