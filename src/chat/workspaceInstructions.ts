/**
 * Per-repository instructions (the files VS Code's chat and other agents
 * read) as they join the system prompt. Pure: which files, how much of each,
 * and the text the model reads.
 */
import { capText } from './attachedContext';

/** Relative to the first workspace folder, in the order they join the prompt. */
export const INSTRUCTION_FILES = ['AGENTS.md', '.github/copilot-instructions.md'] as const;

/** Each file is cut after this many characters. */
export const MAX_INSTRUCTION_CHARS = 20_000;

export interface WorkspaceInstruction {
  /** The file, relative to the workspace folder ('/' separators). */
  file: string;
  text: string;
  /** True when the text was cut at MAX_INSTRUCTION_CHARS. */
  cut: boolean;
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
    .map(
      (i) =>
        `Instructions for this workspace, from its file ${i.file}${i.cut ? ` (cut at ${MAX_INSTRUCTION_CHARS.toLocaleString('en')} characters)` : ''}:\n<instructions file="${i.file}">\n${i.text}\n</instructions>`,
    )
    .join('\n\n');
}
