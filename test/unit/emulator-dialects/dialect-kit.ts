/** Helpers of the dialect tests: raw streams over real HTTP, split with the dialect's own line ends. */

import assert from 'node:assert/strict';
import type { DialectName, Emulator } from '../../emulator/index';
import { DIALECT_HEADER } from '../../emulator/index';
import { authHeaders, rawRequest, RawResult } from '../emulator/kit';

export const WEATHER = {
  type: 'function',
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};
export const TIME = { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: {} } } };

/** The tool-call trigger: two parallel calls. */
export const TOOL_PROMPT = 'call get_weather {"city":"Rome"} and get_time';
/** The reasoning trigger. */
export const THINK_PROMPT = 'please think about it';

export type Json = Record<string, unknown>;

export interface RawStream extends RawResult {
  text: string;
  /** `data:` payloads parsed as JSON, [DONE] and non-JSON excluded. */
  chunks: Json[];
  /** Every line, split on the line end the test expects. */
  lines: string[];
}

export async function rawChat(emu: Emulator, dialect: DialectName | undefined, body: Json, opts: { query?: string; eol?: string } = {}): Promise<RawStream> {
  const headers = authHeaders(emu, dialect ? { [DIALECT_HEADER]: dialect } : {});
  const res = await rawRequest(`${emu.url}/chat/completions${opts.query ?? ''}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = res.body.toString('utf8');
  const eol = opts.eol ?? '\n';
  const lines = text.split(eol);
  const chunks: Json[] = [];
  for (const line of lines) {
    if (!line.startsWith('data: ')) continue;
    const data = line.slice(6);
    if (data === '[DONE]') continue;
    try {
      chunks.push(JSON.parse(data) as Json);
    } catch {
      // not JSON: left to the test
    }
  }
  return { ...res, text, chunks, lines };
}

export function ask(text: string, extra: Json = {}): Json {
  return { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: text }], ...extra };
}

export function tools(extra: Json = {}): Json {
  return ask(TOOL_PROMPT, { tools: [WEATHER, TIME], ...extra });
}

export function choice(chunk: Json | undefined): Json | undefined {
  return (chunk?.choices as Json[] | undefined)?.[0];
}

export function delta(chunk: Json | undefined): Json {
  return (choice(chunk)?.delta as Json | undefined) ?? {};
}

export function toolDeltas(chunks: readonly Json[]): Json[] {
  return chunks.flatMap((c) => (delta(c).tool_calls as Json[] | undefined) ?? []);
}

/** The concatenation of a string delta field over the stream. */
export function joined(chunks: readonly Json[], field: string): string {
  return chunks
    .map((c) => delta(c)[field])
    .filter((v): v is string => typeof v === 'string')
    .join('');
}

export function finishReasons(chunks: readonly Json[]): unknown[] {
  return chunks.map((c) => choice(c)?.finish_reason).filter((r) => r !== null && r !== undefined);
}

export function assertOk(res: RawStream): void {
  assert.equal(res.status, 200, res.text.slice(0, 500));
}
