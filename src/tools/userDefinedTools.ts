/**
 * Tools the user declares in `genaiGateway.tools.userDefined`, each bound to
 * a VS Code command: reading the setting, and turning the model's arguments
 * into the command's. The model's values are passed as whole values only,
 * never pasted into a string: a command that takes text (a terminal
 * sequence, a shell line) gets exactly what the user saw in the approval
 * card, not a string the model completed. Pure.
 */
import { definitionDigest } from './definitionDigest';
import { TOOL_NAME_PATTERN } from '../gateway/validation/limits';
import type { JsonSchemaObject } from '../gateway/types/chat';
import { schemaProblem, uncheckedKeywords } from './jsonSchemaCheck';
import type { ToolSpec } from './toolSpec';

export interface UserDefinedTool {
  spec: ToolSpec;
  command: string;
  /**
   * The command's arguments, in order; a string that is exactly "${name}" is
   * replaced by the model's argument `name` (any JSON value). Absent: the
   * model's arguments object is the one argument.
   */
  argumentTemplate?: unknown[];
  /** Changes whenever the entry does: an "always" approval is bound to it. */
  definitionHash: string;
}

const PLACEHOLDER = /\$\{([A-Za-z0-9_.-]+)\}/;
const WHOLE_PLACEHOLDER = /^\$\{([A-Za-z0-9_.-]+)\}$/;

/** The valid entries as tools; what is wrong with the others, to log (so in English, as every log line). */
/* not shown */
export function readUserDefinedTools(value: unknown, takenNames: readonly string[]): { tools: UserDefinedTool[]; problems: string[] } {
  const tools: UserDefinedTool[] = [];
  const problems: string[] = [];
  if (!Array.isArray(value)) return { tools, problems: value === undefined ? [] : ['genaiGateway.tools.userDefined must be an array.'] };
  value.forEach((entry, i) => {
    try {
      const tool = readEntry(entry);
      if ([...takenNames, ...tools.map((t) => t.spec.name)].includes(tool.spec.name)) throw new Error(`the name "${tool.spec.name}" is already taken`);
      tools.push(tool);
    } catch (error) {
      problems.push(`genaiGateway.tools.userDefined[${i}] is ignored: ${error instanceof Error ? error.message : String(error)}.`);
    }
  });
  return { tools, problems };
}

/* not shown: what is wrong goes to the log; the default description is for the model */
function readEntry(entry: unknown): UserDefinedTool {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error('it is not an object');
  const e = entry as Record<string, unknown>;
  if (typeof e.name !== 'string' || !TOOL_NAME_PATTERN.test(e.name)) throw new Error('"name" must be 1 to 64 letters, digits, "_" or "-"');
  if (typeof e.command !== 'string' || e.command.trim() === '') throw new Error('"command" must be a VS Code command id');
  if (e.description !== undefined && typeof e.description !== 'string') throw new Error('"description" must be a string');
  const parameters = e.parameters ?? { type: 'object', properties: {} };
  if (typeof parameters !== 'object' || parameters === null || (parameters as Record<string, unknown>).type !== 'object') {
    throw new Error('"parameters" must be a JSON schema with "type": "object"');
  }
  if (e.arguments !== undefined && !Array.isArray(e.arguments)) throw new Error('"arguments" must be an array of the command\'s arguments');
  const unchecked = uncheckedKeywords(parameters);
  if (unchecked.length)
    throw new Error(
      `"parameters" uses ${unchecked.join(', ')}, which the extension cannot check before the command runs; use "enum", "minLength"/"maxLength" or "minimum"/"maximum" instead`,
    );
  const mixed = e.arguments === undefined ? undefined : textAroundPlaceholder(e.arguments);
  if (mixed !== undefined)
    throw new Error(
      `"arguments" has the text ${JSON.stringify(mixed)}: a placeholder must be the whole value ("\${name}"), so the model's text is never pasted into a longer string`,
    );
  return {
    spec: {
      name: e.name,
      description: typeof e.description === 'string' && e.description ? e.description : `Runs the VS Code command ${e.command}.`,
      parameters: parameters as JsonSchemaObject,
      readOnly: false,
    },
    command: e.command.trim(),
    ...(e.arguments !== undefined ? { argumentTemplate: e.arguments as unknown[] } : {}),
    definitionHash: definitionDigest(entry),
  };
}

/** The first string of a template that has a placeholder with text around it. */
function textAroundPlaceholder(template: unknown): string | undefined {
  if (typeof template === 'string') return PLACEHOLDER.test(template) && !WHOLE_PLACEHOLDER.test(template) ? template : undefined;
  const items = Array.isArray(template) ? template : typeof template === 'object' && template !== null ? Object.values(template) : [];
  for (const item of items) {
    const found = textAroundPlaceholder(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses arguments that do not fit the tool's declared parameters (before the user is asked). */
/* model text */
export function checkArguments(tool: UserDefinedTool, args: Record<string, unknown>): void {
  const problem = schemaProblem(args, tool.spec.parameters);
  if (problem) throw new Error(`The arguments do not fit ${tool.spec.name}'s parameters: ${problem}. Nothing ran.`);
}

/** The command's arguments for the model's arguments. */
export function commandArguments(tool: UserDefinedTool, args: Record<string, unknown>): unknown[] {
  return tool.argumentTemplate === undefined ? [args] : tool.argumentTemplate.map((item) => fill(item, args));
}

function fill(template: unknown, args: Record<string, unknown>): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    return whole ? args[whole[1]!] : template;
  }
  if (Array.isArray(template)) return template.map((item) => fill(item, args));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fill(value, args)]));
  }
  return template;
}

/** A command's return value as the model reads it. */
/* model text */
export function commandResultText(command: string, result: unknown): string {
  if (result === undefined || result === null) return `The command ${command} ran (it returned nothing).`;
  if (typeof result === 'string') return result;
  try {
    return JSON.stringify(result, null, 2) ?? String(result);
  } catch {
    return String(result);
  }
}
