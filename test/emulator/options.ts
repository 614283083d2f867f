/** Options of the emulator and their defaults. */

import type { FaultSpec } from './core/faults';
import type { DialectName } from './chat/dialects/types';

export interface EmulatorOptions {
  /** 0 = ephemeral (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'emu-key-0123456789'. */
  apiKey?: string;
  /** Default 'emu-access-token'; accepted in the same Bearer header. */
  accessToken?: string;
  /** Above it, 429 rate_limit_exceeded with Retry-After; default unlimited. */
  rateLimitPerMinute?: number;
  /** SSE delay between chunks, default 0. */
  chunkDelayMs?: number;
  /** Characters of content per SSE chunk, default 4. */
  chunkChars?: number;
  /** Task lifecycle timing, default 300 / 700 ms. */
  taskTiming?: { queuedMs: number; runningMs: number };
  /** Lifetime of signed media links, default 24 h. */
  signedUrlTtlMs?: number;
  /** When set, synchronous videos are padded to about this size (memory tests). */
  largeVideoBytes?: number;
  /** Emulator-wide faults. */
  faults?: FaultSpec;
  /** Chat answers chosen by the test: a last user message equal to a key is answered with its value. */
  scriptedAnswers?: Readonly<Record<string, string>>;
  /** Agent runs chosen by the test: a last user message equal to a key is answered step by step, one step per answer (chat/scripted-model.ts). */
  scriptedRuns?: Readonly<Record<string, readonly string[]>>;
  /**
   * Scale of the realistic generation times of images and synchronous
   * videos (media/latency.ts): 1 is real time (minutes for a Veo video),
   * 0.001 a test's milliseconds. Default 0: answered at once.
   */
  mediaLatencyScale?: number;
  /**
   * GET /v1/audio/voices as Kokoro-FastAPI answers it: `objects` (default,
   * `{"voices": [{"id", "name"}]}`), `strings` (older releases,
   * `{"voices": ["af_bella", …]}`), or `none` (404: a gateway without it).
   */
  voiceList?: 'objects' | 'strings' | 'none';
  /** Chat in the stream dialect of a real server (chat/dialects); unset = the emulator's classic OpenAI shape. Header `x-emulator-dialect` overrides it per request. */
  dialect?: DialectName;
  /**
   * Ids the model list also names, as a real gateway lists models of its own
   * that nothing classifies; requests for them answer 404 model_not_found
   * (the key may not use them).
   */
  extraModels?: readonly string[];
}

export interface RuntimeOptions {
  apiKey: string;
  accessToken: string;
  rateLimitPerMinute: number | undefined;
  chunkDelayMs: number;
  chunkChars: number;
  taskTiming: { queuedMs: number; runningMs: number };
  signedUrlTtlMs: number;
  largeVideoBytes: number | undefined;
  scriptedAnswers: Readonly<Record<string, string>>;
  scriptedRuns: Readonly<Record<string, readonly string[]>>;
  dialect: DialectName | undefined;
  mediaLatencyScale: number;
  voiceList: 'objects' | 'strings' | 'none';
  extraModels: readonly string[];
}

const DEFAULT_API_KEY = 'emu-key-0123456789';
const DEFAULT_ACCESS_TOKEN = 'emu-access-token';

export function runtimeOptions(o: EmulatorOptions): RuntimeOptions {
  return {
    apiKey: o.apiKey ?? DEFAULT_API_KEY,
    accessToken: o.accessToken ?? DEFAULT_ACCESS_TOKEN,
    rateLimitPerMinute: o.rateLimitPerMinute,
    chunkDelayMs: o.chunkDelayMs ?? 0,
    chunkChars: Math.max(1, o.chunkChars ?? 4),
    taskTiming: o.taskTiming ?? { queuedMs: 300, runningMs: 700 },
    signedUrlTtlMs: o.signedUrlTtlMs ?? 24 * 60 * 60 * 1000,
    largeVideoBytes: o.largeVideoBytes,
    scriptedAnswers: o.scriptedAnswers ?? {},
    scriptedRuns: o.scriptedRuns ?? {},
    dialect: o.dialect,
    mediaLatencyScale: Math.max(0, o.mediaLatencyScale ?? 0),
    voiceList: o.voiceList ?? 'objects',
    extraModels: o.extraModels ?? [],
  };
}

/** Applies the runtime-changeable fields of `patch`; a field present with value undefined clears it. */
export function patchOptions(current: RuntimeOptions, patch: Partial<EmulatorOptions>): RuntimeOptions {
  const next = { ...current };
  if (patch.apiKey !== undefined) next.apiKey = patch.apiKey;
  if (patch.accessToken !== undefined) next.accessToken = patch.accessToken;
  if ('rateLimitPerMinute' in patch) next.rateLimitPerMinute = patch.rateLimitPerMinute;
  if (patch.chunkDelayMs !== undefined) next.chunkDelayMs = patch.chunkDelayMs;
  if (patch.chunkChars !== undefined) next.chunkChars = Math.max(1, patch.chunkChars);
  if (patch.taskTiming !== undefined) next.taskTiming = patch.taskTiming;
  if (patch.signedUrlTtlMs !== undefined) next.signedUrlTtlMs = patch.signedUrlTtlMs;
  if ('largeVideoBytes' in patch) next.largeVideoBytes = patch.largeVideoBytes;
  if ('scriptedAnswers' in patch) next.scriptedAnswers = patch.scriptedAnswers ?? {};
  if ('scriptedRuns' in patch) next.scriptedRuns = patch.scriptedRuns ?? {};
  if ('dialect' in patch) next.dialect = patch.dialect;
  if (patch.voiceList !== undefined) next.voiceList = patch.voiceList;
  if (patch.mediaLatencyScale !== undefined) next.mediaLatencyScale = Math.max(0, patch.mediaLatencyScale);
  if ('extraModels' in patch) next.extraModels = patch.extraModels ?? [];
  return next;
}
