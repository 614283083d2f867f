/**
 * Runs the tool calls of one model answer: parses their arguments, asks the
 * user before a tool that writes or runs something, runs read-only tools
 * side by side (a few at a time), caps how many calls run and what each
 * returns, and records it on the call. Knows the tools only through the
 * interfaces below.
 */
import { t } from '../l10n/localize';
import type { ToolDefinition } from '../gateway/types/chat';
import type { ToolCallRecord, ToolCallStatus } from './conversation';
import { forEachLimited } from './limitedConcurrency';
import { toolOutput, type ToolOutput } from './toolMedia';
import type { ToolSource, ToolSwitches } from './toolSources';

/** Read-only calls running at once: enough to overlap their waits, few enough to keep the workspace responsive. */
export const MAX_PARALLEL_TOOL_CALLS = 8;

/**
 * Calls of one model answer that run; the rest are skipped, and the model is
 * told so in their results. Models call a handful at a time; with the round
 * limit (genaiGateway.tools.maxRounds) this bounds what one chat answer runs
 * and sends back.
 */
export const MAX_TOOL_CALLS_PER_ROUND = 32;

export interface OfferedTool {
  definition: ToolDefinition;
  /** Reads only: runs without asking, side by side with other read-only calls. */
  readOnly: boolean;
  /** Shown on the call's card; absent: built-in. */
  source?: ToolSource;
}

/**
 * What preparing a call gives: what closes its preview, a sentence the user
 * reads when asked (what a paid call makes, the command a terminal runs),
 * and the tool's own "Always" answers, offered instead of "Always in this
 * workspace" (a terminal command: rules for the user's settings; none
 * when no rule could let the call run without asking).
 */
export interface PreparedCall {
  dispose?(): void;
  note?: string;
  choices?: readonly ApprovalChoice[];
}

/** A tool's own "Always" answer: what its button says, and what choosing it records before the call runs. */
export interface ApprovalChoice {
  id: string;
  label: string;
  apply(): Promise<void>;
}

/** What the user may answer when asked to run a tool: one of the tool's own choices by its id, or a plain answer. */
export type ApprovalDecision = 'once' | 'always' | 'deny' | { choiceId: string };

/** What a running tool may know of its call and tell the user meanwhile. */
export interface ToolCallContext {
  conversationId: string;
  /** The user message the call answers: what it changes is recorded in that message's checkpoint. */
  checkpointId?: string;
  /** What the call printed so far (a terminal command's output), shown in its card as it arrives and kept with it. */
  showOutput(text: string): void;
}

export interface ToolExecutor {
  /** The tools the model may call now (settings, workspace trust and the conversation's switches decide). */
  offered(switches?: ToolSwitches): readonly OfferedTool[];
  /**
   * Shows what the call would do before the user is asked (edit_file's diff);
   * resolves to what closes it again. A throw refuses the call with its message.
   */
  prepare(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<PreparedCall | undefined>;
  /** The text the model gets back (with what a media tool made); a throw's message reaches the model as the error. */
  run(name: string, args: Record<string, unknown>, signal: AbortSignal, context: ToolCallContext): Promise<string | ToolOutput>;
}

export interface ToolApprover {
  /** Allowed without asking (settings, or "Always in this workspace" for this tool and what it runs). */
  isPreApproved(call: ToolCallRecord): Promise<boolean>;
  /** Asks the user about a call whose status is `awaitingApproval`; an aborted signal ends the question. */
  ask(call: ToolCallRecord, signal: AbortSignal): Promise<ApprovalDecision>;
}

/** Asks in the chat view; undefined when the view cannot show the question now (the approver then asks elsewhere). */
export type ViewAsker = (call: ToolCallRecord, signal: AbortSignal) => Promise<ApprovalDecision> | undefined;

export interface ToolLoopSettings {
  /** The most model requests one answer may make. */
  maxRounds: number;
  /** Longer tool results are cut to this many characters before they are sent. */
  maxResultChars: number;
  /** False for models that cannot stream tool calls: their requests with tools are not streamed. */
  streamsToolCalls(model: string): boolean;
}

export interface ToolRuntime {
  executor: ToolExecutor;
  approver: ToolApprover;
  settings(): ToolLoopSettings;
}

/* model text: the results of calls that did not run, as the model reads them */
export const DENIED_RESULT = 'The user denied this call: it did not run. Do not call it again unless the user asks for it.';
/* model text */
export const CANCELLED_RESULT = 'The call was cancelled before it finished.';
/* model text */
export const STOPPED_RESULT = 'The user stopped this call before it finished.';
/** The result of a call in an answer that broke off: it may be cut short, so it never runs. */
/* model text */
export const BROKEN_OFF_RESULT = 'Not run: the answer broke off, so the call may be incomplete.';
/* model text */
export const TOO_MANY_CALLS_RESULT =
  `Not run: at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls of one answer run. ` + 'Call the ones you still need in your next answer.';

/* model text */
export function roundLimitResult(maxRounds: number): string {
  return `Not run: the answer reached its limit of ${maxRounds} rounds of tool calls.`;
}

/** Shown to the user when the round limit stops an answer. */
export function roundLimitMessage(maxRounds: number): string {
  return t(
    'Stopped after {0} rounds: the model still asked for tools. Its last calls did not run. Raise genaiGateway.tools.maxRounds to let it go on, or ask again.',
    maxRounds,
  );
}

const UNFINISHED: readonly ToolCallStatus[] = ['streaming', 'pending', 'awaitingApproval', 'running'];

export function isUnfinished(call: ToolCallRecord): boolean {
  return UNFINISHED.includes(call.status);
}

/** Ends every call that has not ended (the answer stopped or hit its limit) with the given status and result. */
export function settleUnfinished(calls: readonly ToolCallRecord[], status: ToolCallStatus, result: string): void {
  for (const call of calls) {
    if (!isUnfinished(call)) continue;
    call.status = status;
    call.result = result;
  }
}

/** The text cut to `maxChars`, saying so, so the model knows it did not see everything. */
/* model text */
export function capToolResult(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[Truncated: the first ${maxChars} of ${text.length} characters.]`;
}

export type ParsedArguments = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/** The call's arguments as an object; empty text counts as `{}` (some models send it for functions without parameters). */
/* model text: the message is the tool result the model gets */
export function parseToolArguments(name: string, text: string): ParsedArguments {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Error: the arguments of ${name} are not valid JSON (${why}). Nothing was run; call it again with a JSON object.` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: `Error: the arguments of ${name} must be a JSON object. Nothing was run; call it again with a JSON object.` };
  }
  return { ok: true, args: value as Record<string, unknown> };
}

/**
 * Consecutive read-only calls form one group, run side by side; any other
 * call is a group of its own, so writes and commands keep the model's order
 * relative to everything else.
 */
export function concurrencyGroups<T>(calls: readonly T[], isReadOnly: (call: T) => boolean): T[][] {
  const groups: T[][] = [];
  for (const call of calls) {
    const last = groups[groups.length - 1];
    if (isReadOnly(call) && last && isReadOnly(last[0]!)) last.push(call);
    else groups.push([call]);
  }
  return groups;
}

export interface ToolCallRun {
  runtime: ToolRuntime;
  /** The conversation's tool switches: a tool switched off is not run. */
  switches?: ToolSwitches;
  signal: AbortSignal;
  conversationId: string;
  /** The user message the calls answer (their checkpoint); absent: nothing is recorded. */
  checkpointId?: string;
  /** Where the card's Stop finds the call; absent: calls stop only with the answer. */
  stoppable?: StoppableCalls;
  /** A call's status, result or duration changed. */
  changed(call: ToolCallRecord): void;
  now(): number;
}

/**
 * Runs the first MAX_TOOL_CALLS_PER_ROUND calls, skipping the others, and
 * leaves each with a result; on abort, what did not end is marked cancelled.
 */
/** The calls running now, each stoppable on its own (the card's Stop) while the answer goes on. */
export class StoppableCalls {
  private readonly running = new Map<string, AbortController>();

  /** A signal that ends when the answer is stopped or this call is; `done` forgets the call. */
  start(callId: string, answer: AbortSignal): { signal: AbortSignal; done(): void } {
    const controller = new AbortController();
    const stop = () => controller.abort();
    answer.addEventListener('abort', stop, { once: true });
    this.running.set(callId, controller);
    return {
      signal: controller.signal,
      done: () => {
        answer.removeEventListener('abort', stop);
        if (this.running.get(callId) === controller) this.running.delete(callId);
      },
    };
  }

  /** True when the call was running and is now told to stop. */
  stop(callId: string): boolean {
    const controller = this.running.get(callId);
    controller?.abort();
    return controller !== undefined;
  }
}

export async function runToolCalls(calls: readonly ToolCallRecord[], run: ToolCallRun): Promise<void> {
  const offered = run.runtime.executor.offered(run.switches);
  const toolOf = (call: ToolCallRecord) => offered.find((t) => t.definition.function.name === call.name);
  const beyondLimit = calls.slice(MAX_TOOL_CALLS_PER_ROUND);
  settleUnfinished(beyondLimit, 'skipped', TOO_MANY_CALLS_RESULT);
  beyondLimit.forEach((call) => run.changed(call));
  const runnable = calls.slice(0, MAX_TOOL_CALLS_PER_ROUND);
  for (const group of concurrencyGroups(runnable, (call) => toolOf(call)?.readOnly === true)) {
    await forEachLimited(group, MAX_PARALLEL_TOOL_CALLS, async (call) => {
      if (!run.signal.aborted) await runOne(call, toolOf(call), offered, run);
    });
  }
  const cancelled = calls.filter(isUnfinished);
  settleUnfinished(cancelled, 'cancelled', CANCELLED_RESULT);
  cancelled.forEach((call) => run.changed(call));
}

async function runOne(call: ToolCallRecord, tool: OfferedTool | undefined, offered: readonly OfferedTool[], run: ToolCallRun): Promise<void> {
  const { executor, approver } = run.runtime;
  const { maxResultChars } = run.runtime.settings();
  const finish = (status: ToolCallStatus, result: string) => {
    call.status = status;
    call.result = capToolResult(result, maxResultChars);
    run.changed(call);
  };
  const parsed = parseToolArguments(call.name, call.arguments);
  if (!parsed.ok) return finish('invalid', parsed.message);
  if (!tool) {
    const names = offered.map((t) => t.definition.function.name).join(', ') || 'none';
    /* model text */
    return finish('failed', `Error: there is no tool named "${call.name}" here. Available tools: ${names}.`);
  }
  if (tool.source) call.source = tool.source;
  let preApproved = false;
  try {
    preApproved = tool.readOnly || (await approver.isPreApproved(call));
  } catch (error) {
    return finish('failed', `Error: ${messageOf(error)}`);
  }
  if (!preApproved) {
    let preview: PreparedCall | undefined;
    let decision: ApprovalDecision;
    try {
      preview = await executor.prepare(call.name, parsed.args, run.signal);
      if (preview?.note) call.approvalNote = preview.note;
      if (preview?.choices) call.approvalChoices = preview.choices.map(({ id, label }) => ({ id, label }));
      call.status = 'awaitingApproval';
      run.changed(call);
      decision = await approver.ask(call, run.signal);
      if (typeof decision === 'object') {
        const { choiceId } = decision;
        const choice = preview?.choices?.find((c) => c.id === choiceId);
        // A choice the call did not offer decides nothing but "no".
        decision = choice ? 'once' : 'deny';
        if (choice && !run.signal.aborted) await choice.apply();
      }
    } catch (error) {
      if (run.signal.aborted) return;
      return finish('failed', `Error: ${messageOf(error)}`);
    } finally {
      preview?.dispose?.();
      delete call.approvalChoices;
    }
    if (run.signal.aborted) return;
    if (decision === 'deny') return finish('denied', DENIED_RESULT);
  }
  call.status = 'running';
  run.changed(call);
  const started = run.now();
  const own = run.stoppable?.start(call.id, run.signal) ?? { signal: run.signal, done: () => undefined };
  const context: ToolCallContext = {
    conversationId: run.conversationId,
    ...(run.checkpointId ? { checkpointId: run.checkpointId } : {}),
    showOutput: (text) => {
      call.output = text;
      run.changed(call);
    },
  };
  try {
    const output = toolOutput(await executor.run(call.name, parsed.args, own.signal, context));
    call.durationMs = run.now() - started;
    if (output.media) call.media = output.media;
    finish('succeeded', output.text);
  } catch (error) {
    call.durationMs = run.now() - started;
    if (run.signal.aborted) return;
    if (own.signal.aborted) finish('cancelled', STOPPED_RESULT);
    else finish('failed', `Error: ${messageOf(error)}`);
  } finally {
    own.done();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
