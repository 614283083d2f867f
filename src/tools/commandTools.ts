/** The tools that run something: allowlisted VS Code commands, tasks of tasks.json, and the user's own command-bound tools. */
import * as vscode from 'vscode';
import { builtinSpec, BUILTIN_TOOLS, runCommandSpec } from './builtinToolSpecs';
import { optionalArray, requiredString, type ToolArgs } from './toolArgs';
import { checkArguments, commandArguments, commandResultText, type UserDefinedTool } from './userDefinedTools';
import type { WorkspaceTool } from './workspaceTool';
import { definitionDigest } from './definitionDigest';
import { t } from '../l10n/localize';

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
    approvalScope: async (args) => (typeof args.command === 'string' ? args.command : '?'),
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
    approvalScope: async () => `${tool.command} #${tool.definitionHash}`,
  };
}

/**
 * run_task: the card says what the task runs (its command line), and
 * "Always" covers that task as it is defined now (its label and a digest of
 * its definition and command line): another task, or this one edited, asks.
 */
export function runTaskTool(): WorkspaceTool {
  return {
    spec: builtinSpec(BUILTIN_TOOLS.runTask),
    run: runTask,
    async preview(args: ToolArgs) {
      const task = await workspaceTask(requiredString(args, 'label'));
      return { note: t('The task "{0}" runs: {1}', task.name, taskCommandLine(task)) };
    },
    async approvalScope(args: ToolArgs) {
      const label = requiredString(args, 'label');
      const task = await workspaceTask(label).catch(() => undefined);
      return task ? `${label} #${definitionDigest([task.definition, taskCommandLine(task)])}` : `${label} #missing`;
    },
  };
}

/** The task of tasks.json with this label; a throw names the tasks there are. */
/* model text */
async function workspaceTask(label: string): Promise<vscode.Task> {
  const tasks = (await vscode.tasks.fetchTasks()).filter((t) => t.source === 'Workspace');
  const task = tasks.find((t) => t.name === label);
  if (!task) throw new Error(`No task "${label}" in tasks.json. Tasks: ${tasks.map((t) => t.name).join(', ') || 'none'}.`);
  return task;
}

/** What a task runs, as written: its shell command line or process with arguments, or its type when it runs nothing of its own (a compound task). */
export function taskCommandLine(task: vscode.Task): string {
  const execution = task.execution;
  if (execution instanceof vscode.ShellExecution) {
    if (execution.commandLine !== undefined) return execution.commandLine;
    return [execution.command, ...(execution.args ?? [])].map(shellText).join(' ');
  }
  if (execution instanceof vscode.ProcessExecution) return [execution.process, ...execution.args].join(' ');
  const dependsOn = (task.definition as { dependsOn?: unknown }).dependsOn;
  return dependsOn === undefined ? t('a "{0}" task', task.definition.type) : t('the tasks {0}', JSON.stringify(dependsOn));
}

function shellText(part: string | vscode.ShellQuotedString | undefined): string {
  if (part === undefined) return '';
  return typeof part === 'string' ? part : part.value;
}

/** Runs a tasks.json task and waits for it to end; Stop terminates it. */
/* model text */
async function runTask(args: ToolArgs, signal: AbortSignal): Promise<string> {
  const label = requiredString(args, 'label');
  const task = await workspaceTask(label);
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
