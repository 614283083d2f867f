/** `/name args` at the start of a message: a prompt file run from the composer. Pure, and light enough for the chat page. */

/** What the composer offers after `/`: a prompt file. */
export interface PromptCommand {
  name: string;
  description: string;
  /** How its arguments are written, from `argument-hint`. */
  argumentHint?: string;
  /** From the workspace's `.github/prompts`, or a folder of the user's settings. */
  source: 'workspace' | 'user';
}

/** The name and what follows it when the message starts with one of the commands; undefined otherwise. */
export function slashCommand(message: string, names: ReadonlySet<string>): { name: string; args: string } | undefined {
  const match = /^\/([\w][\w.-]*)(?:\s+([\s\S]*))?$/.exec(message.trim());
  return match && names.has(match[1]!) ? { name: match[1]!, args: match[2] ?? '' } : undefined;
}
