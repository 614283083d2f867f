import type * as vscode from 'vscode';
import type { FormValues, MediaKind, MediaVariant } from './forms/formFields';

const CHOICES_KEY = 'genaiGateway.mediaGeneration.lastChoices';
const PROMPT_KEY = 'genaiGateway.mediaGeneration.lastPrompt';

/** The options last chosen in the guided form, per model variant, and the last prompt of each kind. */
export class LastChoices {
  constructor(private readonly memento: vscode.Memento) {}

  values(variant: MediaVariant): FormValues {
    return this.memento.get<Record<string, FormValues>>(CHOICES_KEY, {})[variant] ?? {};
  }

  async rememberValues(variant: MediaVariant, values: FormValues): Promise<void> {
    const all = this.memento.get<Record<string, FormValues>>(CHOICES_KEY, {});
    await this.memento.update(CHOICES_KEY, { ...all, [variant]: values });
  }

  prompt(kind: MediaKind): string {
    return this.memento.get<Record<string, string>>(PROMPT_KEY, {})[kind] ?? '';
  }

  async rememberPrompt(kind: MediaKind, prompt: string): Promise<void> {
    const all = this.memento.get<Record<string, string>>(PROMPT_KEY, {});
    await this.memento.update(PROMPT_KEY, { ...all, [kind]: prompt });
  }
}
