/** POST /v1/audio/speech: real audio, sent with chunked transfer encoding one sentence at a time. */

import type { SpeechFormat } from '../../../src/gateway/types/speech';
import { oneOf, onlyFields, optNum, optOneOf, requestBody, str } from '../core/checks';
import { ApiError, invalidParam } from '../core/errors';
import type { Route } from '../core/router';
import { encodeSpeech, supportedSpeechFormats, UnsupportedAudioFormatError } from '../media/audio';
import { modelFor } from '../models/catalog';
import { isServerVoice, SERVER_VOICES } from './voices';

const FORMATS: readonly SpeechFormat[] = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'];
/** Rough characters per input token, for the usage headers. */
const CHARS_PER_TOKEN = 4;
/** Audio bytes per output token, for the usage headers. */
const BYTES_PER_OUTPUT_TOKEN = 256;

export const speechRoute: Route = {
  method: 'POST',
  pattern: /^\/v1\/audio\/speech$/,
  auth: true,
  async handle(ctx) {
    const fields = requestBody(ctx.body);
    const model = str(fields.model, 'model');
    modelFor(model, ['speech'] as const, 'speech');
    onlyFields(fields, ['model', 'input', 'voice', 'response_format', 'speed'], model);
    const input = str(fields.input, 'input', { max: 4096 });
    const voice = str(fields.voice, 'voice');
    if (!isServerVoice(voice)) {
      throw invalidParam('voice', `Voice '${voice}' not found. Available voices: ${SERVER_VOICES.join(', ')}.`, 'voice_not_found');
    }
    const format = optOneOf(fields.response_format, 'response_format', FORMATS) ?? 'mp3';
    const speed = optNum(fields.speed, 'speed', 0.25, 4) ?? 1;
    const audio = encode(input, format, speed);
    const inputTokens = Math.max(1, Math.ceil(input.length / CHARS_PER_TOKEN));
    const outputTokens = Math.ceil(audio.chunks.reduce((n, c) => n + c.length, 0) / BYTES_PER_OUTPUT_TOKEN);
    ctx.reply.start(200, {
      'content-type': audio.contentType,
      'x-usage-input-tokens': String(inputTokens),
      'x-usage-output-tokens': String(outputTokens),
      'x-usage-total-tokens': String(inputTokens + outputTokens),
      ...ctx.extraHeaders,
    });
    for (const chunk of audio.chunks) await ctx.reply.write(chunk);
    await ctx.reply.end();
  },
};

function encode(input: string, format: SpeechFormat, speed: number): { contentType: string; chunks: Buffer[] } {
  const unsupported = (): ApiError =>
    invalidParam(
      'response_format',
      `response_format '${format}' cannot be produced by this server; supported formats: ${supportedSpeechFormats().join(', ')}.`,
      'unsupported_value',
    );
  if (!supportedSpeechFormats().includes(oneOf(format, 'response_format', FORMATS))) throw unsupported();
  try {
    return encodeSpeech(input, { format, speed });
  } catch (error) {
    if (error instanceof UnsupportedAudioFormatError) throw unsupported();
    throw error;
  }
}

/** GET /v1/audio/voices, in the shape the `voiceList` option chooses (Kokoro-FastAPI, api/src/routers/openai_compatible.py). */
export const voicesRoute: Route = {
  method: 'GET',
  pattern: /^\/v1\/audio\/voices$/,
  auth: true,
  async handle(ctx) {
    const shape = ctx.state.options.voiceList;
    if (shape === 'none') throw new ApiError(404, 'Not Found', 'not_found');
    const voices = shape === 'strings' ? [...SERVER_VOICES] : SERVER_VOICES.map((id) => ({ id, name: id }));
    await ctx.reply.json(200, { voices }, ctx.extraHeaders);
  },
};
