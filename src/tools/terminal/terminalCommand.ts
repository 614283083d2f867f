/**
 * One command run through a terminal's shell integration: its output read
 * as it arrives, its exit code from the end of its execution. It ends by
 * itself, by its time limit or a stop (Ctrl+C, as a person would), or
 * with its terminal.
 */
import * as vscode from 'vscode';
import { CommandOutput } from '../../terminal/terminalOutput';

/** How the command ended; `running` only for a background command not ended yet. */
export type CommandEnd = 'exited' | 'stopped' | 'timedOut' | 'closed' | 'running';

/** After Ctrl+C, how long the command gets to end before the call returns without it. */
const INTERRUPT_GRACE_MS = 3000;
/** After the end, how long the last output gets to arrive. */
const LAST_OUTPUT_MS = 1000;
/** The card's output is updated at most this often. */
const SHOW_INTERVAL_MS = 200;

export interface CommandOptions {
  maxChars: number;
  /** Shown to the user while the command runs: the output so far. */
  showOutput(text: string): void;
}

/** A command started in a terminal, readable while it runs and after. */
export class TerminalCommand {
  readonly output: CommandOutput;
  exitCode: number | undefined;
  end: CommandEnd = 'running';
  /** Settles when the command has ended (or its terminal closed). */
  readonly ended: Promise<void>;
  /** Settles at the first output (or the end). */
  readonly firstOutput: Promise<void>;
  private readonly reading: Promise<void>;
  private readonly subscriptions: vscode.Disposable[] = [];
  private lastShown = 0;
  private showTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly terminal: vscode.Terminal,
    integration: vscode.TerminalShellIntegration,
    commandLine: string,
    private readonly options: CommandOptions,
  ) {
    const output = new CommandOutput(options.maxChars);
    this.output = output;
    const execution = integration.executeCommand(commandLine);
    let sawOutput: () => void = () => undefined;
    this.firstOutput = new Promise((resolve) => (sawOutput = resolve));
    this.ended = new Promise((resolve) => {
      this.subscriptions.push(
        vscode.window.onDidEndTerminalShellExecution((e) => {
          if (e.execution !== execution) return;
          this.exitCode = e.exitCode;
          if (this.end === 'running') this.end = 'exited';
          resolve();
        }),
        vscode.window.onDidCloseTerminal((closed) => {
          if (closed !== terminal) return;
          if (this.end === 'running') this.end = 'closed';
          resolve();
        }),
      );
    });
    this.reading = (async () => {
      for await (const data of execution.read()) {
        if (output.push(data) || output.text()) sawOutput();
        this.scheduleShow();
      }
    })().catch(() => undefined);
    void this.ended.then(sawOutput);
  }

  /** Waits for the end, a stop or the time limit; a stop or the limit interrupts the command. */
  async finish(signal: AbortSignal, timeoutMs: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<'timedOut'>((resolve) => (timer = setTimeout(() => resolve('timedOut'), timeoutMs)));
    const stopped = new Promise<'stopped'>((resolve) => {
      if (signal.aborted) resolve('stopped');
      signal.addEventListener('abort', () => resolve('stopped'), { once: true });
    });
    const outcome = await Promise.race([this.ended.then(() => 'ended' as const), limit, stopped]);
    clearTimeout(timer);
    if (outcome !== 'ended') await this.interrupt(outcome);
    await Promise.race([this.reading, delay(LAST_OUTPUT_MS)]);
    this.showNow();
    this.dispose();
  }

  /** Ctrl+C, as the user would press it; the command then has a moment to end. */
  async interrupt(why: 'stopped' | 'timedOut'): Promise<void> {
    if (this.end !== 'running') return;
    this.end = why;
    this.terminal.sendText('\u0003', false);
    await Promise.race([this.ended, delay(INTERRUPT_GRACE_MS)]);
  }

  dispose(): void {
    clearTimeout(this.showTimer);
    this.subscriptions.forEach((s) => s.dispose());
  }

  private scheduleShow(): void {
    if (this.showTimer) return;
    const wait = Math.max(0, this.lastShown + SHOW_INTERVAL_MS - Date.now());
    this.showTimer = setTimeout(() => this.showNow(), wait);
  }

  private showNow(): void {
    clearTimeout(this.showTimer);
    this.showTimer = undefined;
    this.lastShown = Date.now();
    this.options.showOutput(this.output.text());
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
