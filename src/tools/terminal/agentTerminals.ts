/**
 * The terminals the chat's commands run in: one per conversation, shown to
 * the user and reused, so `cd` and exported variables carry over between
 * calls as they would for a person; another one only while the first is
 * busy with a background command. A command runs only through shell
 * integration, which says where it starts, what it prints and how it ends.
 */
import * as vscode from 'vscode';
import { t } from '../../l10n/localize';

/** How long a new terminal's shell gets to report shell integration. */
const SHELL_INTEGRATION_WAIT_MS = 15_000;

export interface AcquiredTerminal {
  terminal: vscode.Terminal;
  integration: vscode.TerminalShellIntegration;
  /** The terminal is free for the conversation's next command. */
  release(): void;
}

interface Entry {
  terminal: vscode.Terminal;
  busy: boolean;
}

/* model text: a failure the model reads, shown in the card too */
export class ShellIntegrationMissing extends Error {
  constructor(shell: string) {
    super(
      `The command was not run: the terminal's shell (${shell}) did not report VS Code's shell integration within ${SHELL_INTEGRATION_WAIT_MS / 1000} s, ` +
        'so its output and exit code could not be read. Shell integration works with bash, zsh, fish and PowerShell ' +
        'when "terminal.integrated.shellIntegration.enabled" is on. Tell the user; do not retry.',
    );
  }
}

export class AgentTerminals implements vscode.Disposable {
  private readonly byConversation = new Map<string, Entry[]>();
  private readonly subscription = vscode.window.onDidCloseTerminal((closed) => this.forget(closed));

  /** A free terminal of the conversation whose shell integration is active, created in `cwd` when none is free. */
  async acquire(conversationId: string, cwd: vscode.Uri, signal: AbortSignal): Promise<AcquiredTerminal> {
    const entries = this.byConversation.get(conversationId) ?? [];
    this.byConversation.set(conversationId, entries);
    let entry = entries.find((e) => !e.busy && e.terminal.exitStatus === undefined);
    if (!entry) {
      const name = entries.length ? t('GenAI Gateway agent ({0})', entries.length + 1) : t('GenAI Gateway agent');
      entry = { terminal: vscode.window.createTerminal({ name, cwd, iconPath: new vscode.ThemeIcon('hubot') }), busy: false };
      entries.push(entry);
    }
    entry.busy = true;
    const taken = entry;
    try {
      taken.terminal.show(true);
      const integration = await shellIntegrationOf(taken.terminal, signal);
      return { terminal: taken.terminal, integration, release: () => (taken.busy = false) };
    } catch (error) {
      taken.busy = false;
      // A shell without integration stays so: the next command gets a new terminal (the setting may be on again).
      if (error instanceof ShellIntegrationMissing) taken.terminal.dispose();
      throw error;
    }
  }

  /** The terminals of a conversation that is deleted. */
  close(conversationId: string): void {
    for (const entry of this.byConversation.get(conversationId) ?? []) entry.terminal.dispose();
    this.byConversation.delete(conversationId);
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private forget(closed: vscode.Terminal): void {
    for (const [id, entries] of this.byConversation) {
      const left = entries.filter((e) => e.terminal !== closed);
      if (left.length) this.byConversation.set(id, left);
      else this.byConversation.delete(id);
    }
  }
}

/** The terminal's shell integration, once its shell reports it; a throw when it does not in time or the terminal closes. */
function shellIntegrationOf(terminal: vscode.Terminal, signal: AbortSignal): Promise<vscode.TerminalShellIntegration> {
  if (terminal.shellIntegration) return Promise.resolve(terminal.shellIntegration);
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      subscriptions.forEach((s) => s.dispose());
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => done(() => reject(new Error('Stopped.')));
    const timer = setTimeout(() => done(() => reject(new ShellIntegrationMissing(shellName(terminal)))), SHELL_INTEGRATION_WAIT_MS);
    const subscriptions = [
      vscode.window.onDidChangeTerminalShellIntegration((e) => e.terminal === terminal && done(() => resolve(e.shellIntegration))),
      /* model text */
      vscode.window.onDidCloseTerminal((closed) => closed === terminal && done(() => reject(new Error('The terminal was closed before the command ran.')))),
    ];
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function shellName(terminal: vscode.Terminal): string {
  const options = terminal.creationOptions as vscode.TerminalOptions;
  return options.shellPath ?? vscode.env.shell ?? 'unknown';
}
