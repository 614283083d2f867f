/**
 * Prompt files (`.github/prompts/NAME.prompt.md`, VS Code's format) as the
 * chat runs them as `/NAME`: their front matter (description, model, tools,
 * argument-hint), their `${input:name}` arguments, the files their
 * `#file:path` references attach, and how their tool list narrows what the
 * conversation allows. Pure.
 */
import { readFrontMatter, text, textList } from './frontMatter';
import type { PromptCommand } from './slashCommand';
import type { ToolSwitches } from './toolSources';

export const PROMPTS_FOLDER = '.github/prompts';
export const PROMPT_SUFFIX = '.prompt.md';
/** A prompt file's text is cut here (a prompt is a message, not a document). */
export const MAX_PROMPT_CHARS = 50_000;

export interface PromptFile extends PromptCommand {
  /** The model to answer with, as the gateway names it. */
  model?: string;
  /** The tools it may use (among those the conversation allows); absent: the conversation's. */
  tools?: string[];
  /** The message, front matter left out. */
  body: string;
}

/** An argument of the prompt, `${input:name}` or `${input:name:placeholder}`. */
export interface PromptInput {
  name: string;
  placeholder?: string;
}

const NAME = /^[\w][\w.-]*$/;
const INPUT = /\$\{input:([A-Za-z_][\w-]*)(?::([^}]*))?\}/g;
const FILE_REFERENCE = /(^|\s)#file:(?:"([^"]+)"|(\S+))/g;
const ARGUMENT = /([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|([^\s"']\S*|))/y;

/** The command name of a file named NAME.prompt.md; undefined for other files and names a command cannot have. */
export function promptName(fileName: string): string | undefined {
  if (!fileName.endsWith(PROMPT_SUFFIX)) return undefined;
  const name = fileName.slice(0, -PROMPT_SUFFIX.length);
  return NAME.test(name) ? name : undefined;
}

export function parsePromptFile(name: string, source: PromptCommand['source'], content: string): PromptFile {
  const { data, body } = readFrontMatter(content.slice(0, MAX_PROMPT_CHARS));
  const description = text(data.description);
  const argumentHint = text(data['argument-hint']);
  const model = text(data.model);
  const tools = textList(data.tools);
  return {
    name,
    source,
    description: description ?? '',
    ...(argumentHint ? { argumentHint } : {}),
    ...(model ? { model } : {}),
    ...(tools ? { tools } : {}),
    body: body.trim(),
  };
}

/** The prompt's arguments, each once, in the order they first appear. */
export function promptInputs(body: string): PromptInput[] {
  const inputs = new Map<string, PromptInput>();
  for (const match of body.matchAll(INPUT)) {
    const [, name, placeholder] = match;
    if (!inputs.has(name!)) inputs.set(name!, placeholder?.trim() ? { name: name!, placeholder: placeholder.trim() } : { name: name! });
  }
  return [...inputs.values()];
}

/**
 * What follows `/name`: `key=value` pairs at the start (a value in quotes
 * may hold spaces), and the rest, which joins the message as it is.
 */
export function parseArguments(args: string): { values: Record<string, string>; rest: string } {
  const values: Record<string, string> = {};
  let at = args.length - args.trimStart().length;
  for (;;) {
    ARGUMENT.lastIndex = at;
    const match = ARGUMENT.exec(args);
    if (!match || (match.index + match[0].length < args.length && !/\s/.test(args[match.index + match[0].length]!))) break;
    values[match[1]!] = match[2] ?? match[3] ?? match[4] ?? '';
    at = match.index + match[0].length;
    while (at < args.length && /\s/.test(args[at]!)) at++;
  }
  return { values, rest: args.slice(at).trim() };
}

/** Every `${input:name…}` replaced by its value (one without a value stays as written). */
export function substituteInputs(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(INPUT, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : whole));
}

/** The paths of the prompt's `#file:path` (or `#file:"path with spaces"`) references, each once. */
export function fileReferences(body: string): string[] {
  const paths = [...body.matchAll(FILE_REFERENCE)].map((m) => (m[2] ?? m[3]!).replace(/[.,;:!?)\]]+$/, ''));
  return [...new Set(paths.filter(Boolean))];
}

/**
 * The conversation's switches with every offered tool that the prompt does
 * not list switched off: a prompt file narrows what the user allowed, never
 * widens it (a tool it lists that the user switched off stays off).
 */
export function narrowSwitches(switches: ToolSwitches | undefined, offered: readonly string[], allowed: readonly string[]): ToolSwitches {
  const keep = new Set(allowed);
  return { ...switches, ...Object.fromEntries(offered.filter((name) => !keep.has(name)).map((name) => [name, false])) };
}
