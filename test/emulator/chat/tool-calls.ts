/**
 * Which tools the scripted model calls. A user message that names a tool
 * calls it; `call get_weather {"city":"Paris"}` gives the arguments; every
 * named tool is called, in order, so `call a and b` gives parallel calls.
 */

import type { JsonSchemaObject, ToolDefinition } from '../../../src/gateway/types/chat';

export interface PlannedCall {
  name: string;
  arguments: string;
}

export function callsNamedIn(text: string, tools: readonly ToolDefinition[]): PlannedCall[] {
  const found: Array<{ at: number; call: PlannedCall; explicit: boolean }> = [];
  for (const tool of tools) {
    const name = tool.function.name;
    const pattern = new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`, 'g');
    const mentions: typeof found = [];
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const args = jsonObjectAt(text, m.index + name.length);
      mentions.push({ at: m.index, explicit: args !== undefined, call: { name, arguments: args ?? argumentsFromSchema(tool.function.parameters) } });
    }
    const explicit = mentions.filter((c) => c.explicit);
    found.push(...(explicit.length ? explicit : mentions.slice(0, 1)));
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.call);
}

/** Arguments built from the schema's required properties. */
export function argumentsFromSchema(schema: JsonSchemaObject): string {
  return JSON.stringify(valueFor(schema));
}

/** Cuts the closing of the JSON so it no longer parses (the invalidToolJson fault). */
export function breakJson(json: string): string {
  return json.endsWith('}') ? `${json.slice(0, -1)},` : `${json}{`;
}

function valueFor(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return null;
  const s = schema as Record<string, unknown>;
  if ('const' in s) return s.const;
  if ('default' in s) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  switch (s.type) {
    case 'string':
      return 'example';
    case 'number':
    case 'integer':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const props = (typeof s.properties === 'object' && s.properties !== null ? s.properties : {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
      return Object.fromEntries(required.map((key) => [key, valueFor(props[key])]));
    }
    default:
      return null;
  }
}

/** A JSON object starting after optional spaces at `from`, re-serialized, or undefined. */
function jsonObjectAt(text: string, from: number): string | undefined {
  let start = from;
  while (text[start] === ' ' || text[start] === '\t' || text[start] === ':') start += 1;
  if (text[start] !== '{') return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth += 1;
    else if (ch === '}' && --depth === 0) {
      try {
        const value: unknown = JSON.parse(text.slice(start, i + 1));
        return JSON.stringify(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
