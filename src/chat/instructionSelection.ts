/**
 * Which instruction files apply to a request, and in which order. Pure: the
 * host lists and reads the candidates, this decides.
 *
 * - the root `AGENTS.md`, then `.github/copilot-instructions.md`: always;
 * - a nested `AGENTS.md`: when a file in play is in its folder (at any
 *   depth), after those of the folders above it (the nearest last);
 * - `.github/instructions/**​/*.instructions.md`: when a glob of its
 *   front matter's `applyTo` matches a file in play (`**` always); without
 *   `applyTo`, never.
 *
 * Files in play: those attached to the message, the active editor's, and
 * those the response's tool calls touched (their `path` argument).
 */
import type { ContextChip, Turn } from './conversation';
import { readFrontMatter, textList } from './frontMatter';
import { instructionFrom, type WorkspaceInstruction } from './workspaceInstructions';

export const AGENTS_FILE = 'AGENTS.md';
export const COPILOT_INSTRUCTIONS = '.github/copilot-instructions.md';
export const SCOPED_INSTRUCTIONS_FOLDER = '.github/instructions';
const SCOPED_SUFFIX = '.instructions.md';
/** `applyTo` globs that match whatever is in play, nothing included. */
const EVERYTHING = new Set(['**', '**/*']);

/** A glob matcher (VS Code's syntax, workspace-relative paths). */
export type GlobTest = (glob: string) => (path: string) => boolean;

/** An instruction file as read, before it is known whether it applies. */
export interface InstructionCandidate extends WorkspaceInstruction {
  /** A scoped file's `applyTo` globs (none: it never applies by itself). */
  applyTo?: readonly string[];
}

type Kind = 'copilot' | 'agents' | 'scoped';

/** What kind of instruction file a workspace-relative path is; undefined when it is none. */
export function instructionKind(file: string): Kind | undefined {
  if (file === COPILOT_INSTRUCTIONS) return 'copilot';
  if (file === AGENTS_FILE || file.endsWith(`/${AGENTS_FILE}`)) return 'agents';
  if (file.startsWith(`${SCOPED_INSTRUCTIONS_FOLDER}/`) && file.endsWith(SCOPED_SUFFIX)) return 'scoped';
  return undefined;
}

/** The file's text as a candidate: a scoped file's front matter read and left out of the text. Undefined when nothing is left. */
export function candidateFrom(file: string, text: string): InstructionCandidate | undefined {
  if (instructionKind(file) !== 'scoped') return instructionFrom(file, text);
  const { data, body } = readFrontMatter(text);
  const instruction = instructionFrom(file, body);
  const applyTo = textList(data.applyTo);
  return instruction && applyTo ? { ...instruction, applyTo } : instruction;
}

/** True when the path, or a folder it is in, matches one of the globs (a glob naming a folder ignores what it holds). */
export function isIgnored(file: string, globs: readonly string[], glob: GlobTest): boolean {
  if (globs.length === 0) return false;
  const tests = globs.map((g) => safeGlob(glob, g.replace(/\/+$/, '')));
  const parts = file.split('/');
  return parts.some((_, i) => {
    const prefix = parts.slice(0, i + 1).join('/');
    return tests.some((test) => test(prefix));
  });
}

/** The candidates that apply to the files in play, in the order they join the prompt. */
/* model text: the scopes */
export function applicableInstructions(candidates: readonly InstructionCandidate[], inPlay: readonly string[], glob: GlobTest): WorkspaceInstruction[] {
  const root: WorkspaceInstruction[] = [];
  const copilot: WorkspaceInstruction[] = [];
  const agents: { depth: number; instruction: WorkspaceInstruction }[] = [];
  const scoped: WorkspaceInstruction[] = [];
  for (const candidate of candidates) {
    const { applyTo, ...instruction } = candidate;
    switch (instructionKind(candidate.file)) {
      case 'copilot':
        copilot.push(instruction);
        break;
      case 'agents': {
        const folder = folderOf(candidate.file);
        if (folder === '') root.push(instruction);
        else if (inPlay.some((file) => file === folder || file.startsWith(`${folder}/`)))
          agents.push({ depth: folder.split('/').length, instruction: { ...instruction, scope: `the folder ${folder}` } });
        break;
      }
      case 'scoped':
        if (applyTo?.length && matchesAny(applyTo, inPlay, glob)) scoped.push({ ...instruction, scope: `files matching ${applyTo.join(', ')}` });
        break;
      case undefined:
        break;
    }
  }
  agents.sort((a, b) => a.depth - b.depth || compare(a.instruction.file, b.instruction.file));
  scoped.sort((a, b) => compare(a.file, b.file));
  return [...root, ...copilot, ...agents.map((a) => a.instruction), ...scoped];
}

/** The files a response works on: those attached to its message and those its tool calls so far touched. */
export function responseFiles(history: readonly Turn[]): string[] {
  let lastUser = history.length - 1;
  while (lastUser >= 0 && history[lastUser]!.kind !== 'user') lastUser--;
  const user = history[lastUser];
  const touched = history
    .slice(lastUser + 1)
    .flatMap((turn) =>
      turn.kind === 'assistant' ? (turn.toolCalls ?? []).filter((call) => call.status === 'succeeded').map((call) => pathArgument(call.arguments)) : [],
    );
  return uniquePaths([...(user?.kind === 'user' ? chipFiles(user.context) : []), ...touched]);
}

/** The files (and folders) chips attach. */
export function chipFiles(chips: readonly ContextChip[]): string[] {
  return uniquePaths(chips.filter((chip) => chip.kind !== 'problems').map((chip) => chip.file));
}

/** Workspace-relative paths with '/' separators, without a leading `./` or a trailing `/`, each once. */
export function uniquePaths(paths: ReadonlyArray<string | undefined>): string[] {
  const normal = paths
    .flatMap((p) =>
      p
        ? [
            p
              .replace(/\\/g, '/')
              .replace(/^(\.\/)+/, '')
              .replace(/\/+$/, ''),
          ]
        : [],
    )
    .filter(Boolean);
  return [...new Set(normal)];
}

function pathArgument(args: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(args);
    const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).path : undefined;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function matchesAny(globs: readonly string[], inPlay: readonly string[], glob: GlobTest): boolean {
  if (globs.some((g) => EVERYTHING.has(g))) return true;
  return globs.some((g) => inPlay.some(safeGlob(glob, g)));
}

/** A glob too long to match matches nothing. */
function safeGlob(glob: GlobTest, pattern: string): (path: string) => boolean {
  try {
    return glob(pattern);
  } catch {
    return () => false;
  }
}

function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
