/** Shared helpers of the emulator tests: a fresh emulator per test, JSON calls, and a raw HTTP client that sees cut bodies. */

import { request } from 'node:http';
import { Emulator, EmulatorOptions, startEmulator } from '../../emulator/index';

export async function withEmulator(opts: EmulatorOptions, run: (emu: Emulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator(opts);
  try {
    await run(emu);
  } finally {
    await emu.close();
  }
}

export function authHeaders(emu: Emulator, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json', ...extra };
}

export function post(emu: Emulator, path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${emu.url}${path}`, { method: 'POST', headers: authHeaders(emu, extra), body: JSON.stringify(body) });
}

export function get(emu: Emulator, path: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${emu.url}${path}`, { headers: authHeaders(emu, extra) });
}

export interface ErrorEnvelope {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export async function errorOf(res: Response): Promise<ErrorEnvelope['error']> {
  const body = (await res.json()) as ErrorEnvelope;
  return body.error;
}

export interface RawResult {
  status?: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Set when the connection failed or the body was cut. */
  error?: Error;
  complete: boolean;
}

/** A raw HTTP exchange: returns what arrived, even when the server cut the body. */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<RawResult> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    const result: RawResult = { headers: {}, body: Buffer.alloc(0), complete: false };
    const finish = (error?: Error): void => {
      result.body = Buffer.concat(parts);
      if (error) result.error = error;
      resolve(result);
    };
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      result.status = res.statusCode;
      result.headers = res.headers;
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => {
        result.complete = res.complete;
        finish();
      });
      res.on('error', (error) => finish(error));
      res.on('aborted', () => finish(new Error('aborted')));
    });
    req.on('error', (error) => finish(error));
    if (opts.timeoutMs) req.setTimeout(opts.timeoutMs, () => req.destroy(new Error('timeout')));
    req.end(opts.body);
  });
}

export interface SseEvents {
  /** Parsed `data:` payloads, [DONE] excluded. */
  chunks: unknown[];
  done: boolean;
  comments: number;
  /** `data:` lines that are not JSON. */
  malformed: string[];
}

export function parseSse(text: string): SseEvents {
  const events: SseEvents = { chunks: [], done: false, comments: 0, malformed: [] };
  for (const block of text.split(/\r?\n\r?\n/)) {
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) events.comments += 1;
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') events.done = true;
      else {
        try {
          events.chunks.push(JSON.parse(data));
        } catch {
          events.malformed.push(data);
        }
      }
    }
  }
  return events;
}
