import * as vscode from 'vscode';
import { redactSecrets } from '../gateway/secretRedaction';

/**
 * The "GenAI Gateway" log channel. Every line goes through `redact`, which
 * removes the current credential and anything shaped like a Bearer value,
 * so a secret cannot reach the log even by accident.
 */
export class Log implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private secrets: string[] = [];

  constructor() {
    this.channel = vscode.window.createOutputChannel('GenAI Gateway', { log: true });
  }

  setSecrets(values: ReadonlyArray<string | undefined>): void {
    this.secrets = values.filter((v): v is string => typeof v === 'string');
  }

  info(message: string): void {
    this.channel.info(this.redact(message));
  }

  warn(message: string): void {
    this.channel.warn(this.redact(message));
  }

  error(message: string): void {
    this.channel.error(this.redact(message));
  }

  show(): void {
    this.channel.show(true);
  }

  redact(text: string): string {
    return redactSecrets(text, this.secrets);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
