/**
 * Tools the user declares in `genaiGateway.tools.userDefined`, each bound to
 * a VS Code command: reading the setting, and turning the model's arguments
 * into the command's. Pure.
 */
import { TOOL_NAME_PATTERN } from '../gateway/validation/limits';
import type { JsonSchemaObject } from '../gateway/types/chat';
import type { ToolSpec } from './toolSpec';

export interface UserDefinedTool {
  spec: ToolSpec;
  command: string;
  /**
   * The command's arguments, in order; a string "${name}" is replaced by the
   * model's argument `name` (any JSON value), "${name}" inside a longer
   * string by its text. Absent: the model's arguments object is the one argument.
   */
  argumentTemplate?: unknown[];
}

const PLACEHOLDER = /\$\{([A-Za-z0-9_.-]+)\}/g;
const WHOLE_PLACEHOLDER = /^\$\{([A-Za-z0-9_.-]+)\}$/;

/** The valid entries as tools; what is wrong with the others, to log. */
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
  return {
    spec: {
      name: e.name,
      description: typeof e.description === 'string' && e.description ? e.description : `Runs the VS Code command ${e.command}.`,
      parameters: parameters as JsonSchemaObject,
      readOnly: false,
    },
    command: e.command.trim(),
    ...(e.arguments !== undefined ? { argumentTemplate: e.arguments as unknown[] } : {}),
  };
}

/** The command's arguments for the model's arguments. */
export function commandArguments(tool: UserDefinedTool, args: Record<string, unknown>): unknown[] {
  return tool.argumentTemplate === undefined ? [args] : tool.argumentTemplate.map((item) => fill(item, args));
}

function fill(template: unknown, args: Record<string, unknown>): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    if (whole) return args[whole[1]!];
    return template.replace(PLACEHOLDER, (_match, name: string) => textOf(args[name]));
  }
  if (Array.isArray(template)) return template.map((item) => fill(item, args));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fill(value, args)]));
  }
  return template;
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A command's return value as the model reads it. */
export function commandResultText(command: string, result: unknown): string {
  if (result === undefined || result === null) return `The command ${command} ran (it returned nothing).`;
  if (typeof result === 'string') return result;
  try {
    return JSON.stringify(result, null, 2) ?? String(result);
  } catch {
    return String(result);
  }
}
