/**
 * Inline flags of video task prompts: `--name value` pairs, space separated,
 * in the text item (gaps.md). Each flag has a long and a short name.
 */

export interface TaskFlags {
  resolution?: string;
  ratio?: string;
  duration?: number;
  framespersecond?: number;
  watermark?: boolean;
  seed?: number;
  camerafixed?: boolean;
  frames?: number;
}

export type TaskFlagName = keyof TaskFlags;

/** Long and short spelling of each flag, in the order appendTaskFlags writes them. */
export const TASK_FLAG_NAMES: ReadonlyArray<{ key: TaskFlagName; long: string; short: string }> = [
  { key: 'resolution', long: 'resolution', short: 'rs' },
  { key: 'ratio', long: 'ratio', short: 'rt' },
  { key: 'duration', long: 'duration', short: 'dur' },
  { key: 'framespersecond', long: 'framespersecond', short: 'fps' },
  { key: 'watermark', long: 'watermark', short: 'wm' },
  { key: 'seed', long: 'seed', short: 'seed' },
  { key: 'camerafixed', long: 'camerafixed', short: 'cf' },
  { key: 'frames', long: 'frames', short: 'frames' },
];

const readInteger = (raw: string): number | undefined => (/^-?\d+$/.test(raw) ? Number(raw) : undefined);
const readBoolean = (raw: string): boolean | undefined => {
  const lower = raw.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
};

/** A `--name value` pair with the whitespace before it; the value cannot itself start with `--`. */
const FLAG_PATTERN = /(?:^|\s+)--([A-Za-z][\w-]*)\s+(?!--)(\S+)/g;

function flagKey(name: string): TaskFlagName | undefined {
  const lower = name.toLowerCase();
  return TASK_FLAG_NAMES.find((f) => f.long === lower || f.short === lower)?.key;
}

/** Sets the flag from its written value; false when the value is not of the flag's kind. */
function setFlag(flags: TaskFlags, key: TaskFlagName, raw: string): boolean {
  switch (key) {
    case 'resolution':
    case 'ratio':
      flags[key] = raw;
      return true;
    case 'watermark':
    case 'camerafixed': {
      const value = readBoolean(raw);
      if (value !== undefined) flags[key] = value;
      return value !== undefined;
    }
    default: {
      const value = readInteger(raw);
      if (value !== undefined) flags[key] = value;
      return value !== undefined;
    }
  }
}

/**
 * Splits a text item into its prompt and its flags. `prompt` is the text
 * without any `--name value` pair; `unknown` holds, as written, each pair
 * that is not a known flag, has a value its flag cannot take (`--dur five`),
 * or repeats a flag already given.
 */
export function parseTaskFlags(text: string): { prompt: string; flags: TaskFlags; unknown: string[] } {
  const flags: TaskFlags = {};
  const unknown: string[] = [];
  for (const [, name, raw] of text.matchAll(FLAG_PATTERN)) {
    const key = flagKey(name);
    if (key === undefined || flags[key] !== undefined || !setFlag(flags, key, raw)) unknown.push(`--${name} ${raw}`);
  }
  return { prompt: text.replace(FLAG_PATTERN, '').trim(), flags, unknown };
}

/**
 * Appends the given flags to the text, e.g. `a cat --rs 720p --dur 5`. A flag
 * the text already carries (under either name) is replaced, so the text never
 * holds two values for one flag.
 */
export function appendTaskFlags(text: string, flags: TaskFlags, style: 'long' | 'short' = 'short'): string {
  const given = TASK_FLAG_NAMES.filter(({ key }) => flags[key] !== undefined);
  const kept = text.replace(FLAG_PATTERN, (pair: string, name: string) => (given.some(({ key }) => key === flagKey(name)) ? '' : pair));
  const pairs = given.map((f) => `--${style === 'long' ? f.long : f.short} ${String(flags[f.key])}`);
  return [kept.trim(), ...pairs].filter((part) => part !== '').join(' ');
}
