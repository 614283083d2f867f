/** A tool the chat's model can call, as the registry runs it. */
import type { PreparedCall, ToolCallContext } from '../chat/toolLoop';
import type { ToolOutput } from '../chat/toolMedia';
import type { ToolArgs } from './toolArgs';
import type { ToolSource } from '../chat/toolSources';
import type { ToolSpec } from './toolSpec';

export interface WorkspaceTool {
  readonly spec: ToolSpec;
  /** Absent: built into this extension. */
  readonly source?: ToolSource;
  /** Whether it is on in a conversation that did not switch it; absent: on. */
  readonly defaultOn?: boolean;
  /** The text the model reads (with what a media tool made); a throw's message reaches the model as the error. */
  run(args: ToolArgs, signal: AbortSignal, context: ToolCallContext): Promise<string | ToolOutput>;

  /**
   * Shows what the call would change before the user is asked; resolves to
   * what closes it and what the user is told (a paid call: what it makes).
   * A throw refuses the call before the user is asked.
   */
  preview?(args: ToolArgs, signal: AbortSignal): Promise<PreparedCall | undefined>;

  /**
   * What an "Always" for this call covers, beyond the tool (a command tool:
   * the command it runs and its definition now); absent: the tool.
   */
  approvalScope?(args: ToolArgs): Promise<string>;

  /**
   * Whether the call may run without asking, by the tool's own rules (a
   * terminal command: the user's command rules); when present, nothing else
   * pre-approves its calls (not `tools.autoApprove`, not "Always in this workspace").
   */
  preApproved?(args: ToolArgs): Promise<boolean>;

  /** The files the call writes (absolute paths), recorded in its message's checkpoint before it runs. */
  changes?(args: ToolArgs): Promise<string[]>;

  /** True for a tool whose changes cannot be known before (a terminal command): the workspace is watched while it runs, for the checkpoint. */
  readonly changesUnknown?: boolean;
}
