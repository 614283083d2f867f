/** The tools that run something: allowlisted VS Code commands, tasks of tasks.json, and the user's own command-bound tools. */
import * as vscode from 'vscode';
import { builtinSpec, BUILTIN_TOOLS, runCommandSpec } from './builtinToolSpecs';
import { optionalArray, requiredString, type ToolArgs } from './toolArgs';
import { checkArguments, commandArguments, commandResultText, type UserDefinedTool } from './userDefinedTools';
import type { WorkspaceTool } from './workspaceTool';

export function runCommandTool(allowlist: readonly string[]): WorkspaceTool {
  return {
    spec: runCommandSpec(allowlist),
    /* model text */
    async run(args: ToolArgs) {
      const command = requiredString(args, 'command');
      if (!allowlist.includes(command))
        throw new Error(`${command} is not on the user's allowlist (genaiGateway.tools.commandAllowlist): ${allowlist.join(', ')}.`);
      return commandResultText(command, await vscode.commands.executeCommand(command, ...(optionalArray(args, 'args') ?? [])));
    },
  };
}

export function userDefinedTool(tool: UserDefinedTool): WorkspaceTool {
  return {
    spec: tool.spec,
    async preview(args: ToolArgs) {
      checkArguments(tool, args);
      return undefined;
    },
    async run(args: ToolArgs) {
      checkArguments(tool, args);
      return commandResultText(tool.command, await vscode.commands.executeCommand(tool.command, ...commandArguments(tool, args)));
    },
  };
}

export function runTaskTool(): WorkspaceTool {
  return { spec: builtinSpec(BUILTIN_TOOLS.runTask), run: runTask };
}

/** Runs a tasks.json task and waits for it to end; Stop terminates it. */
/* model text */
async function runTask(args: ToolArgs, signal: AbortSignal): Promise<string> {
  const label = requiredString(args, 'label');
  const tasks = (await vscode.tasks.fetchTasks()).filter((t) => t.source === 'Workspace');
  const task = tasks.find((t) => t.name === label);
  if (!task) throw new Error(`No task "${label}" in tasks.json. Tasks: ${tasks.map((t) => t.name).join(', ') || 'none'}.`);
  const subscriptions: vscode.Disposable[] = [];
  try {
    const ended = new Promise<number | undefined>((resolve) => {
      subscriptions.push(
        vscode.tasks.onDidEndTaskProcess((e) => e.execution.task.name === label && resolve(e.exitCode)),
        // A task without a process (e.g. a compound one) only ends.
        vscode.tasks.onDidEndTask((e) => e.execution.task.name === label && setTimeout(() => resolve(undefined), 100)),
      );
    });
    const execution = await vscode.tasks.executeTask(task);
    const stop = () => execution.terminate();
    signal.addEventListener('abort', stop, { once: true });
    subscriptions.push(new vscode.Disposable(() => signal.removeEventListener('abort', stop)));
    const exitCode = await ended;
    if (signal.aborted) return `The task "${label}" was stopped.`;
    return exitCode === undefined ? `The task "${label}" ended.` : `The task "${label}" ended with exit code ${exitCode}.`;
  } finally {
    subscriptions.forEach((s) => s.dispose());
  }
}
