/**
 * Instructions (the files VS Code's chat and other agents read, and the
 * user's own) as they join the system prompt. Pure: how much of each, and
 * the text the model reads.
 */
import { capText } from './attachedContext';

/** Each file is cut after this many characters. */
export const MAX_INSTRUCTION_CHARS = 20_000;

/** The name the user's own instructions go by where the chat lists the instructions used: the setting they are written in. */
export const USER_INSTRUCTIONS = 'genaiGateway.chat.userInstructions';

export interface WorkspaceInstruction {
  /** The file, relative to the workspace folder ('/' separators); USER_INSTRUCTIONS for the user's own. */
  file: string;
  text: string;
  /** True when the text was cut at MAX_INSTRUCTION_CHARS. */
  cut: boolean;
  /** What it applies to when not the whole workspace: "the folder src/ui", "files matching **​/*.ts". */
  scope?: string;
}

/** The file's text as it joins the prompt; undefined when there is nothing in it. */
export function instructionFrom(file: string, text: string): WorkspaceInstruction | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const capped = capText(trimmed, MAX_INSTRUCTION_CHARS);
  return { file, text: capped.text, cut: capped.cut };
}

/** The part of the system prompt that carries the instructions; '' when there are none. */
/* model text */
export function instructionsPrompt(instructions: readonly WorkspaceInstruction[]): string {
  return instructions
    .map((i) => {
      const cut = i.cut ? ` (cut at ${MAX_INSTRUCTION_CHARS.toLocaleString('en')} characters)` : '';
      if (i.file === USER_INSTRUCTIONS)
        return `The user's own instructions, from their settings${cut}:\n<instructions source="user">\n${i.text}\n</instructions>`;
      const scope = i.scope ? ` (they apply to ${i.scope})` : '';
      return `Instructions for this workspace, from its file ${i.file}${scope}${cut}:\n<instructions file="${i.file}">\n${i.text}\n</instructions>`;
    })
    .join('\n\n');
}
