/** What the model is told of a tool, and whether it may run without asking. Pure. */
import type { JsonSchemaObject, ToolDefinition } from '../gateway/types/chat';

export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
  /** Reads only (files, editor state): runs without asking, and in untrusted workspaces. */
  readOnly: boolean;
}

/** The wire definition; `strict` when the schema meets strict mode's rules. */
export function toolDefinition(spec: ToolSpec): ToolDefinition {
  return {
    type: 'function',
    function: { name: spec.name, description: spec.description, parameters: spec.parameters, ...(allowsStrict(spec.parameters) ? { strict: true } : {}) },
  };
}

/**
 * Strict mode needs every object closed (`additionalProperties: false`) with
 * all its properties required, all the way down; a schema with optional
 * properties is sent without `strict`.
 */
export function allowsStrict(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(schema)) return schema.every(allowsStrict);
  if (s.type === 'object') {
    const properties = typeof s.properties === 'object' && s.properties !== null ? (s.properties as Record<string, unknown>) : {};
    const required = Array.isArray(s.required) ? s.required : [];
    if (s.additionalProperties !== false || Object.keys(properties).some((key) => !required.includes(key))) return false;
    if (!Object.values(properties).every(allowsStrict)) return false;
  }
  return ['items', 'anyOf'].every((key) => s[key] === undefined || allowsStrict(s[key]));
}
