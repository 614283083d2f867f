/** Reads a tool call's arguments (untrusted JSON from the model); a wrong one throws a message the model can act on. Pure. */

export type ToolArgs = Record<string, unknown>;

/* model text */
export function requiredString(args: ToolArgs, key: string): string {
  const value = args[key];
  if (typeof value !== 'string') throw new Error(`"${key}" is required and must be a string.`);
  return value;
}

export function optionalString(args: ToolArgs, key: string): string | undefined {
  return args[key] === undefined || args[key] === null ? undefined : requiredString(args, key);
}

/* model text */
export function optionalBoolean(args: ToolArgs, key: string): boolean | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new Error(`"${key}" must be true or false.`);
  return value;
}

/* model text */
export function optionalInteger(args: ToolArgs, key: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`"${key}" must be an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}.`);
  }
  return value;
}

/* model text */
export function optionalNumber(args: ToolArgs, key: string): number | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`"${key}" must be a number.`);
  return value;
}

/* model text */
export function optionalArray(args: ToolArgs, key: string): unknown[] | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new Error(`"${key}" must be an array.`);
  return value;
}

/* model text */
export function optionalStrings(args: ToolArgs, key: string): string[] | undefined {
  return optionalArray(args, key)?.map((item, i) => {
    if (typeof item !== 'string') throw new Error(`"${key}[${i}]" must be a string.`);
    return item;
  });
}
