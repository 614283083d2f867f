/** Inline text flags of task prompts (`--name value`), with their short aliases. */

import { invalidParam } from '../core/errors';

export interface InlineFlags {
  resolution?: string;
  ratio?: string;
  duration?: number;
  framespersecond?: number;
  watermark?: boolean;
  seed?: number;
  camerafixed?: boolean;
  frames?: number;
}

type FlagName = keyof InlineFlags;

const ALIASES: Record<string, FlagName> = {
  resolution: 'resolution',
  rs: 'resolution',
  ratio: 'ratio',
  rt: 'ratio',
  duration: 'duration',
  dur: 'duration',
  framespersecond: 'framespersecond',
  fps: 'framespersecond',
  watermark: 'watermark',
  wm: 'watermark',
  seed: 'seed',
  camerafixed: 'camerafixed',
  cf: 'camerafixed',
  frames: 'frames',
};

const BOOLEAN_FLAGS = new Set<FlagName>(['watermark', 'camerafixed']);
const STRING_FLAGS = new Set<FlagName>(['resolution', 'ratio']);

/** Flags found in `text`; unknown `--words` are left as prompt text. */
export function parseInlineFlags(text: string, param: string): { flags: InlineFlags; prompt: string } {
  const flags: InlineFlags = {};
  const prompt = text.replace(/(?:^|\s)--([a-z]+)\s+(\S+)/gi, (whole, rawName: string, value: string) => {
    const name = ALIASES[rawName.toLowerCase()];
    if (!name) return whole;
    setFlag(flags, name, value, param);
    return '';
  });
  return { flags, prompt: prompt.trim() };
}

function setFlag(flags: InlineFlags, name: FlagName, value: string, param: string): void {
  if (STRING_FLAGS.has(name)) {
    (flags as Record<FlagName, unknown>)[name] = value;
    return;
  }
  if (BOOLEAN_FLAGS.has(name)) {
    if (value !== 'true' && value !== 'false') {
      throw invalidParam(param, `Inline flag --${name} must be true or false, got "${value}".`);
    }
    (flags as Record<FlagName, unknown>)[name] = value === 'true';
    return;
  }
  if (!/^-?\d+$/.test(value)) throw invalidParam(param, `Inline flag --${name} must be an integer, got "${value}".`);
  (flags as Record<FlagName, unknown>)[name] = Number(value);
}
