/**
 * Checks a tool call's arguments against the JSON schema its definition
 * declares, for the user's own tools (their commands take what the schema
 * promises). Covers the keywords that restrict values and have no run-time
 * hazard; a definition using others is refused when read (see
 * `uncheckedKeywords`), so a schema never silently promises more than is
 * checked. Pure.
 */
const CHECKED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'enum',
  'const',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'format', '$schema', 'deprecated', 'readOnly', 'writeOnly']);

type Schema = Record<string, unknown>;

/** Keywords of `schema` (at any depth) that this module does not check, e.g. `pattern`, `anyOf`. */
export function uncheckedKeywords(schema: unknown, at = 'parameters'): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const s = schema as Schema;
  const own = Object.keys(s)
    .filter((key) => !CHECKED.has(key) && !ANNOTATIONS.has(key))
    .map((key) => `${at}.${key}`);
  const properties = isSchema(s.properties) ? Object.entries(s.properties).flatMap(([name, sub]) => uncheckedKeywords(sub, `${at}.properties.${name}`)) : [];
  return [
    ...own,
    ...properties,
    ...uncheckedKeywords(s.items, `${at}.items`),
    ...(isSchema(s.additionalProperties) ? uncheckedKeywords(s.additionalProperties, `${at}.additionalProperties`) : []),
  ];
}

/** What is wrong with `value` for `schema`, naming the argument; undefined when it fits. */
/* model text */
export function schemaProblem(value: unknown, schema: unknown, at = 'arguments'): string | undefined {
  if (!isSchema(schema)) return undefined;
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (types.length && !types.some((type) => hasType(value, type))) return `${at} must be ${types.join(' or ')}, not ${typeName(value)}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => sameJson(allowed, value)))
    return `${at} must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in schema && !sameJson(schema.const, value)) return `${at} must be ${JSON.stringify(schema.const)}`;
  if (typeof value === 'string') return lengthProblem(value.length, schema, at, 'characters', 'minLength', 'maxLength');
  if (typeof value === 'number') return rangeProblem(value, schema, at);
  if (Array.isArray(value)) {
    return (
      lengthProblem(value.length, schema, at, 'items', 'minItems', 'maxItems') ??
      value.map((item, i) => schemaProblem(item, schema.items, `${at}[${i}]`)).find(Boolean)
    );
  }
  if (typeof value === 'object' && value !== null) return objectProblem(value as Record<string, unknown>, schema, at);
  return undefined;
}

/* model text */
function objectProblem(value: Record<string, unknown>, schema: Schema, at: string): string | undefined {
  const properties = isSchema(schema.properties) ? (schema.properties as Record<string, unknown>) : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  const missing = required.find((key) => !Object.hasOwn(value, key));
  if (missing) return `${at}.${missing} is required`;
  for (const [key, item] of Object.entries(value)) {
    const sub = Object.hasOwn(properties, key) ? properties[key] : schema.additionalProperties;
    if (sub === false) return `${at}.${key} is not a known argument (known: ${Object.keys(properties).join(', ') || 'none'})`;
    const problem = schemaProblem(item, sub, `${at}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

/* model text */
function lengthProblem(length: number, schema: Schema, at: string, unit: string, min: string, max: string): string | undefined {
  if (typeof schema[min] === 'number' && length < (schema[min] as number)) return `${at} must have at least ${schema[min]} ${unit}`;
  if (typeof schema[max] === 'number' && length > (schema[max] as number)) return `${at} must have at most ${schema[max]} ${unit}`;
  return undefined;
}

/* model text */
function rangeProblem(value: number, schema: Schema, at: string): string | undefined {
  const bound = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const [min, max, exclusiveMin, exclusiveMax] = [bound('minimum'), bound('maximum'), bound('exclusiveMinimum'), bound('exclusiveMaximum')];
  if (min !== undefined && value < min) return `${at} must be at least ${min}`;
  if (max !== undefined && value > max) return `${at} must be at most ${max}`;
  if (exclusiveMin !== undefined && value <= exclusiveMin) return `${at} must be more than ${exclusiveMin}`;
  if (exclusiveMax !== undefined && value >= exclusiveMax) return `${at} must be less than ${exclusiveMax}`;
  return undefined;
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/* model text */
function typeName(value: unknown): string {
  return value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
