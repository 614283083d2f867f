/**
 * The tools on offer, as settings and workspace trust make them: the
 * built-in ones, run_vscode_command when the allowlist has commands, the
 * gateway's media, and the user's own. In an untrusted workspace only the
 * read-only ones.
 */
import type { OfferedTool, ToolExecutor } from '../chat/toolLoop';
import type { ToolOutput } from '../chat/toolMedia';
import type { ToolSettings } from '../platform/settings';
import { BUILTIN_TOOLS } from './builtinToolSpecs';
import { runCommandTool, userDefinedTool } from './commandTools';
import type { ToolArgs } from './toolArgs';
import { toolDefinition } from './toolSpec';
import { readUserDefinedTools } from './userDefinedTools';
import type { WorkspaceTool } from './workspaceTool';

export interface ToolRegistryDeps {
  settings(): ToolSettings;
  /** vscode.workspace.isTrusted in the extension; tests pass their own. */
  isTrusted(): boolean;
  log: { warn(message: string): void };
  /** The tools that do not depend on settings. */
  fixed: readonly WorkspaceTool[];
}

export class ToolRegistry implements ToolExecutor {
  private readonly reported = new Set<string>();

  constructor(private readonly deps: ToolRegistryDeps) {}

  offered(): OfferedTool[] {
    return this.current().map((tool) => ({ definition: toolDefinition(tool.spec), readOnly: tool.spec.readOnly }));
  }

  async prepare(name: string, args: ToolArgs, signal: AbortSignal): Promise<{ dispose(): void } | undefined> {
    return this.find(name).preview?.(args, signal);
  }

  run(name: string, args: ToolArgs, signal: AbortSignal): Promise<string | ToolOutput> {
    return this.find(name).run(args, signal);
  }

  /**
   * What an "always" approval of this call covers: the tool, and for the
   * tools that run commands, the command too (run_vscode_command: the one
   * called; a user-defined tool: its command and its definition as it is now,
   * so editing the definition asks again).
   */
  approvalScope(name: string, argumentsText: string): string {
    if (name === BUILTIN_TOOLS.runVscodeCommand) {
      const command = parsedObject(argumentsText)?.command;
      return `${name} → ${typeof command === 'string' ? command : '?'}`;
    }
    const user = readUserDefinedTools(this.deps.settings().userDefined, []).tools.find((tool) => tool.spec.name === name);
    return user ? `${name} → ${user.command} #${user.definitionHash}` : name;
  }

  private current(): WorkspaceTool[] {
    const settings = this.deps.settings();
    if (!settings.enabled) return [];
    const taken = [...this.deps.fixed.map((t) => t.spec.name), BUILTIN_TOOLS.runVscodeCommand];
    const user = readUserDefinedTools(settings.userDefined, taken);
    this.report(user.problems);
    const all = [
      ...this.deps.fixed,
      ...(settings.commandAllowlist.length ? [runCommandTool(settings.commandAllowlist)] : []),
      ...user.tools.map(userDefinedTool),
    ];
    return this.deps.isTrusted() ? all : all.filter((tool) => tool.spec.readOnly);
  }

  private find(name: string): WorkspaceTool {
    const tool = this.current().find((t) => t.spec.name === name);
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

function parsedObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
