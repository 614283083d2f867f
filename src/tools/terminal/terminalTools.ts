/**
 * run_in_terminal and terminal_output: shell commands the model runs in a
 * terminal the user sees. A command runs without asking only when the
 * user's rules allow every command in its line (src/terminal/commandRules.ts);
 * otherwise the card shows the exact line, its folder and which rule
 * decides each of its commands, and offers rules for "Always".
 */
import * as vscode from 'vscode';
import type { ApprovalChoice, ToolCallContext } from '../../chat/toolLoop';
import { t } from '../../l10n/localize';
import { codePointName } from '../../terminal/commandLine';
import { judgeCommandLine, readCommandRules, ruleSuggestions, type CommandRule, type CommandVerdict } from '../../terminal/commandRules';
import { fileWorkspaceFolders, resolveWorkspaceUri, shownPath } from '../../workspace/workspacePaths';
import { optionalBoolean, optionalString, requiredString, type ToolArgs } from '../toolArgs';
import type { WorkspaceTool } from '../workspaceTool';
import type { AgentTerminals } from './agentTerminals';
import { TerminalCommand } from './terminalCommand';
import { RUN_IN_TERMINAL_SPEC, TERMINAL_OUTPUT_SPEC } from './terminalToolSpecs';

export interface TerminalToolSettings {
  /** The raw `tools.terminal.autoApprove` of the user's settings. */
  rules: unknown;
  timeoutSeconds: number;
  maxResultChars: number;
}

export interface TerminalToolDeps {
  terminals: AgentTerminals;
  settings(): TerminalToolSettings;
  /** Adds allowing rules to the user's settings. */
  addRules(keys: readonly string[]): Promise<void>;
  log: { warn(message: string): void };
}

/** The `cd` before a command, when the terminal is elsewhere, gets this long. */
const CD_TIMEOUT_MS = 10_000;

interface Background {
  command: TerminalCommand;
  commandLine: string;
}

export function terminalTools(deps: TerminalToolDeps): WorkspaceTool[] {
  const background = new Map<string, Background>();
  let backgroundCount = 0;
  const reported = new Set<string>();
  const rules = (): CommandRule[] => {
    const read = readCommandRules(deps.settings().rules);
    for (const problem of read.problems) if (!reported.has(problem) && reported.add(problem)) deps.log.warn(problem);
    return read.rules;
  };

  const runInTerminal: WorkspaceTool = {
    spec: RUN_IN_TERMINAL_SPEC,
    changesUnknown: true,
    async preApproved(args) {
      return typeof args.command === 'string' && judgeCommandLine(args.command, rules()).allowed;
    },
    async preview(args) {
      const commandLine = oneLine(args);
      const folder = shownPath(workingFolder(args));
      const verdict = judgeCommandLine(commandLine, rules());
      return { note: approvalNote(commandLine, folder || '.', verdict), choices: ruleChoices(verdict, deps.addRules) };
    },
    /* model text */
    async run(args: ToolArgs, signal: AbortSignal, context: ToolCallContext) {
      const commandLine = oneLine(args);
      const cwd = workingFolder(args);
      const settings = deps.settings();
      const acquired = await deps.terminals.acquire(context.conversationId, cwd, signal);
      let keepsTerminal = false;
      try {
        if (acquired.integration.cwd?.fsPath !== cwd.fsPath) {
          const cd = new TerminalCommand(acquired.terminal, acquired.integration, `cd ${shellQuoted(cwd.fsPath)}`, {
            maxChars: 2000,
            showOutput: () => undefined,
          });
          await cd.finish(signal, CD_TIMEOUT_MS);
          if (cd.end !== 'exited' || (cd.exitCode ?? 0) !== 0) throw new Error(`Could not change to the folder ${shownPath(cwd)} in the terminal.`);
        }
        const command = new TerminalCommand(acquired.terminal, acquired.integration, commandLine, {
          maxChars: Math.max(100, settings.maxResultChars - 500),
          showOutput: (text) => context.showOutput(text),
        });
        if (optionalBoolean(args, 'background') === true) {
          await Promise.race([command.firstOutput, abortOf(signal)]);
          if (signal.aborted) {
            await command.finish(signal, 0);
            return commandResultText(commandLine, shownPath(cwd) || '.', command, settings.timeoutSeconds, 0);
          }
          const id = `bg-${++backgroundCount}`;
          background.set(id, { command, commandLine });
          keepsTerminal = true;
          void command.ended.then(() => {
            acquired.release();
            command.dispose();
          });
          return backgroundText(id, commandLine, command);
        }
        const started = Date.now();
        await command.finish(signal, settings.timeoutSeconds * 1000);
        return commandResultText(commandLine, shownPath(cwd) || '.', command, settings.timeoutSeconds, Date.now() - started);
      } finally {
        if (!keepsTerminal) acquired.release();
      }
    },
  };

  const terminalOutput: WorkspaceTool = {
    spec: TERMINAL_OUTPUT_SPEC,
    // Reads or stops only what an approved call started: never asks, and (not read-only) is off where run_in_terminal is.
    preApproved: async () => true,
    /* model text */
    async run(args: ToolArgs) {
      const id = requiredString(args, 'id');
      const entry = background.get(id);
      if (!entry) throw new Error(`No background command "${id}". Running: ${[...background.keys()].join(', ') || 'none'}.`);
      if (optionalBoolean(args, 'stop') === true) await entry.command.interrupt('stopped');
      return backgroundText(id, entry.commandLine, entry.command);
    },
  };

  return [runInTerminal, terminalOutput];
}

/**
 * The command line, refused (before the user is asked) when it spans lines:
 * shell integration follows one command line as one execution, so the lines
 * after the first would run unseen, without their output or exit code.
 */
/* model text */
function oneLine(args: ToolArgs): string {
  const commandLine = requiredString(args, 'command');
  if (/[\r\n]/.test(commandLine.trim()))
    throw new Error(
      'The command spans several lines, which the terminal would run as separate commands unseen: join them with && or ; on one line (for a long text, write a file first).',
    );
  return commandLine.trim();
}

/** The folder a command runs in: the argument's, inside the workspace, or the first workspace folder. */
/* model text */
function workingFolder(args: ToolArgs): vscode.Uri {
  const requested = optionalString(args, 'cwd');
  if (requested !== undefined && requested.trim() !== '' && requested.trim() !== '.') return resolveWorkspaceUri(requested);
  const folder = fileWorkspaceFolders()[0];
  if (!folder) throw new Error('No workspace folder is open: there is nowhere to run the command.');
  return folder.uri;
}

/** What the card says: the exact line (hidden characters named), its folder, and what decides each command. */
function approvalNote(commandLine: string, folder: string, verdict: CommandVerdict): string {
  const lines = [t('Runs in {0}:', folder), visible(commandLine), ''];
  if (verdict.notUnderstood) lines.push(t('Always asks: {0}.', verdict.notUnderstood));
  for (const command of verdict.commands) {
    if (!command.rule) lines.push(t('• {0}: no rule allows it', command.text));
    else if (command.rule.allow) lines.push(t('• {0}: allowed by the rule "{1}"', command.text, command.rule.key));
    else lines.push(t('• {0}: always asks (the rule "{1}")', command.text, command.rule.key));
  }
  if (verdict.writes.length) lines.push(t('It writes {0} through a redirection: always asks.', verdict.writes.join(', ')));
  return lines.join('\n');
}

/** "Always allow" answers that add rules to the user's settings; none when a rule could not make this line run without asking. */
function ruleChoices(verdict: CommandVerdict, addRules: (keys: readonly string[]) => Promise<void>): ApprovalChoice[] {
  if (verdict.notUnderstood || verdict.writes.length || verdict.commands.some((c) => c.rule && !c.rule.allow)) return [];
  const open = verdict.commands.filter((c) => !c.rule).map((c) => c.text);
  if (!open.length) return [];
  const { exact, prefix } = ruleSuggestions(verdict);
  const quoted = (texts: readonly string[]) => texts.map((text) => `\`${text}\``).join(t(' and '));
  const choices: ApprovalChoice[] = [{ id: 'exact', label: t('Always allow {0}', quoted([...new Set(open)])), apply: () => addRules(exact) }];
  if (prefix) choices.push({ id: 'prefix', label: t('Always allow commands starting with {0}', quoted(prefix)), apply: () => addRules(prefix) });
  return choices;
}

/** Invisible and control characters written as their code points, so the card shows what would run. */
function visible(text: string): string {
  return text.replace(/[\p{Cf}\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu, (c) => `<${codePointName(c)}>`);
}

/* model text */
function commandResultText(commandLine: string, folder: string, command: TerminalCommand, timeoutSeconds: number, elapsedMs: number): string {
  const seconds = (elapsedMs / 1000).toFixed(1);
  const how: Record<typeof command.end, string> = {
    exited:
      command.exitCode === undefined
        ? `It ended after ${seconds} s; the shell did not report an exit code.`
        : `Exit code ${command.exitCode} after ${seconds} s.`,
    stopped: `The user stopped it (Ctrl+C) after ${seconds} s.`,
    timedOut: `It reached its time limit of ${timeoutSeconds} s and was interrupted (Ctrl+C).`,
    closed: 'The terminal was closed while it ran.',
    running: 'It did not end after Ctrl+C; it may still run in the terminal.',
  };
  const output = command.output.text();
  const cut = command.output.cutChars ? ` (${command.output.cutChars} characters cut from the middle)` : '';
  return [`$ ${commandLine}`, `Folder: ${folder}`, how[command.end], output ? `Output${cut}:\n${output}` : 'No output.'].join('\n');
}

/* model text */
function backgroundText(id: string, commandLine: string, command: TerminalCommand): string {
  const state =
    command.end === 'running'
      ? `Still running in the background as "${id}": read more or stop it with terminal_output.`
      : command.end === 'exited'
        ? `It ended with exit code ${command.exitCode ?? 'unknown'}.`
        : command.end === 'closed'
          ? 'The terminal was closed.'
          : 'It was stopped.';
  const fresh = command.output.takeFresh();
  return [`$ ${commandLine}`, state, fresh ? `New output:\n${fresh}` : 'No new output.'].join('\n');
}

/** A folder as one shell word (POSIX shells and PowerShell both take single quotes). */
function shellQuoted(folder: string): string {
  return `'${folder.replace(/'/g, process.platform === 'win32' ? "''" : "'\\''")}'`;
}

function abortOf(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}
