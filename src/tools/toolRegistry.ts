/**
 * The tools on offer, as settings and workspace trust make them: the
 * built-in ones, run_vscode_command when the allowlist has commands, the
 * gateway's media, the user's own, then the tools VS Code knows (other
 * extensions', MCP servers'). In an untrusted workspace only the read-only
 * ones. Each conversation's switches and the limit on tools per request
 * then choose what a request offers.
 */
import type { OfferedTool, PreparedCall, ToolCallContext, ToolExecutor } from '../chat/toolLoop';
import type { ToolOutput } from '../chat/toolMedia';
import { BUILTIN_SOURCE, type ToolSwitches } from '../chat/toolSources';
import { TOOL_NAME_PATTERN } from '../gateway/validation/limits';
import type { ToolSettings } from '../platform/settings';
import { BUILTIN_TOOLS } from './builtinToolSpecs';
import { runCommandTool, userDefinedTool } from './commandTools';
import type { ToolArgs } from './toolArgs';
import { overLimitNote, selectTools, type AvailableTool, type SelectedTool } from './toolSelection';
import { toolDefinition } from './toolSpec';
import { readUserDefinedTools } from './userDefinedTools';
import type { WorkspaceTool } from './workspaceTool';
import type { ChangeKind } from './workspaceChanges';
import { t } from '../l10n/localize';

export interface ToolRegistryDeps {
  settings(): ToolSettings;
  /** vscode.workspace.isTrusted in the extension; tests pass their own. */
  isTrusted(): boolean;
  log: { warn(message: string): void };
  /** The tools that do not depend on settings. */
  fixed: readonly WorkspaceTool[];
  /** The tools of other extensions and MCP servers, as VS Code lists them now; absent: none. */
  external?(): readonly WorkspaceTool[];
  /** Where what the calls change is recorded, per user message; absent: nothing is. */
  checkpoints?: CheckpointRecorder;
  /** Watches the workspace while a tool whose changes are unknown runs. */
  watchWorkspace?(report: (file: string, kind: ChangeKind) => void): { end(): void };
}

/** What the registry records of a call's changes (src/checkpoints/checkpointStore.ts). */
export interface CheckpointRecorder {
  beforeChange(conversationId: string, checkpointId: string, file: string): Promise<void>;
  afterChange(conversationId: string, checkpointId: string, file: string): Promise<void>;
  terminalChanged(conversationId: string, checkpointId: string, file: string, kind: ChangeKind): Promise<void>;
}

/** What the tool picker shows: every tool available here with its state, and why some are left out. */
export interface ToolCatalog {
  tools: SelectedTool[];
  note?: string;
}

const RESTRICTED_NOTE = t('The tools of other extensions and MCP servers are not offered in Restricted Mode: VS Code does not say which of them only read.');

export class ToolRegistry implements ToolExecutor {
  private readonly reported = new Set<string>();

  constructor(private readonly deps: ToolRegistryDeps) {}

  offered(switches?: ToolSwitches): OfferedTool[] {
    const current = this.current();
    const on = new Set(
      selectTools(current.map(available), switches, this.deps.settings().maxTools)
        .filter((t) => t.state === 'on')
        .map((t) => t.name),
    );
    return current
      .filter((tool) => on.has(tool.spec.name))
      .map((tool) => ({ definition: toolDefinition(tool.spec), readOnly: tool.spec.readOnly, source: tool.source ?? BUILTIN_SOURCE }));
  }

  catalog(switches?: ToolSwitches): ToolCatalog {
    const { maxTools } = this.deps.settings();
    const tools = selectTools(this.current().map(available), switches, maxTools);
    const restricted = !this.deps.isTrusted() && (this.deps.external?.().length ?? 0) > 0 ? RESTRICTED_NOTE : undefined;
    const note = [overLimitNote(tools, maxTools), restricted].filter(Boolean).join(' ');
    return note ? { tools, note } : { tools };
  }

  async prepare(name: string, args: ToolArgs, signal: AbortSignal): Promise<PreparedCall | undefined> {
    return this.find(name).preview?.(args, signal);
  }

  /** Runs the call; what it changes goes into its message's checkpoint first (a failure to record does not stop it: it is logged). */
  async run(name: string, args: ToolArgs, signal: AbortSignal, context: ToolCallContext): Promise<string | ToolOutput> {
    const tool = this.find(name);
    const recorder = this.deps.checkpoints;
    const checkpointId = context.checkpointId;
    if (!recorder || !checkpointId || (!tool.changes && !tool.changesUnknown)) return tool.run(args, signal, context);
    const { conversationId } = context;
    const logged = (what: Promise<void>) =>
      what.catch((error: unknown) => this.deps.log.warn(`Checkpoint: ${error instanceof Error ? error.message : String(error)}`));
    const files = (await tool.changes?.(args).catch(() => [])) ?? [];
    for (const file of files) await logged(recorder.beforeChange(conversationId, checkpointId, file));
    const watch = tool.changesUnknown
      ? this.deps.watchWorkspace?.((file, kind) => void logged(recorder.terminalChanged(conversationId, checkpointId, file, kind)))
      : undefined;
    try {
      return await tool.run(args, signal, context);
    } finally {
      watch?.end();
      for (const file of files) await logged(recorder.afterChange(conversationId, checkpointId, file));
    }
  }

  /** The tool's own verdict on running this call without asking; undefined: the tool has none (settings and "Always" decide). */
  async ownPreApproval(name: string, argumentsText: string): Promise<boolean | undefined> {
    const tool = this.current().find((candidate) => candidate.spec.name === name);
    return tool?.preApproved ? tool.preApproved(parsedObject(argumentsText) ?? {}) : undefined;
  }

  /**
   * What an "always" approval of this call covers: the tool, or what the
   * tool says (the command it runs and its definition now, so editing the
   * definition asks again); another source's tool is named with its source.
   */
  async approvalScope(name: string, argumentsText: string): Promise<string> {
    const tool = this.current().find((candidate) => candidate.spec.name === name);
    if (tool?.approvalScope) return `${name} → ${await tool.approvalScope(parsedObject(argumentsText) ?? {})}`;
    return tool?.source ? `${name} @ ${tool.source.label}` : name;
  }

  private current(): WorkspaceTool[] {
    const settings = this.deps.settings();
    if (!settings.enabled) return [];
    const taken = [...this.deps.fixed.map((t) => t.spec.name), BUILTIN_TOOLS.runVscodeCommand];
    const user = readUserDefinedTools(settings.userDefined, taken);
    this.report(user.problems);
    const builtIn = [
      ...this.deps.fixed,
      ...(settings.commandAllowlist.length ? [runCommandTool(settings.commandAllowlist)] : []),
      ...user.tools.map(userDefinedTool),
    ];
    const all = [...builtIn, ...this.usableExternal(builtIn.map((tool) => tool.spec.name))];
    return this.deps.isTrusted() ? all : all.filter((tool) => tool.spec.readOnly);
  }

  /** External tools whose names the gateway accepts and no earlier tool has. */
  private usableExternal(taken: readonly string[]): WorkspaceTool[] {
    const names = new Set(taken);
    const usable: WorkspaceTool[] = [];
    for (const tool of this.deps.external?.() ?? []) {
      const { name } = tool.spec;
      const from = tool.source?.label ?? 'VS Code';
      // Problems go to the log only.
      /* not shown */
      if (!TOOL_NAME_PATTERN.test(name))
        this.report([`The tool "${name}" (${from}) is not offered to the chat's model: function names are 1 to 64 letters, digits, "_" or "-".`]);
      else if (names.has(name)) this.report([`The tool ${name} (${from}) is not offered to the chat's model: another tool has that name.`]);
      else {
        names.add(name);
        usable.push(tool);
      }
    }
    return usable;
  }

  private find(name: string): WorkspaceTool {
    const tool = this.current().find((t) => t.spec.name === name);
    /* model text */
    if (!tool) throw new Error(`The tool ${name} is not available here.`);
    return tool;
  }

  /** Each problem of the setting once, not on every request. */
  private report(problems: readonly string[]): void {
    for (const problem of problems) {
      if (this.reported.has(problem)) continue;
      this.reported.add(problem);
      this.deps.log.warn(problem);
    }
  }
}

function available(tool: WorkspaceTool): AvailableTool {
  return { name: tool.spec.name, description: tool.spec.description, source: tool.source ?? BUILTIN_SOURCE, defaultOn: tool.defaultOn ?? true };
}

function parsedObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
