/** "Reading… (Stop)" in the status bar while text is read aloud; a click stops it. */
import * as vscode from 'vscode';
import { t } from '../l10n/localize';

export class ReadingStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('genaiGateway.reading', vscode.StatusBarAlignment.Left, 90);
  private voice = '';
  private usage = '';
  private paused = false;

  constructor(stopCommand: string) {
    this.item.name = t('GenAI Gateway: Read Aloud');
    this.item.command = stopCommand;
    this.item.accessibilityInformation = { label: t('Reading aloud. Activate to stop.') };
  }

  show(voiceLabel: string): void {
    this.voice = voiceLabel;
    this.usage = '';
    this.paused = false;
    this.render();
    this.item.show();
    void vscode.commands.executeCommand('setContext', 'genaiGateway.reading', true);
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.render();
  }

  setUsage(usage: string): void {
    this.usage = usage;
    this.render();
  }

  hide(): void {
    this.item.hide();
    void vscode.commands.executeCommand('setContext', 'genaiGateway.reading', false);
  }

  private render(): void {
    this.item.text = this.paused ? `$(debug-pause) ${t('Paused (Stop)')}` : `$(unmute) ${t('Reading… (Stop)')}`;
    this.item.tooltip = [t('Reading aloud with {0}.', this.voice), this.usage, t('Click to stop.')].filter(Boolean).join('\n');
  }

  dispose(): void {
    this.hide();
    this.item.dispose();
  }
}
