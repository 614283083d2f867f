/** POST /v1/audio/speech: real audio, sent with chunked transfer encoding one sentence at a time. */

import type { SpeechFormat } from '../../../src/gateway/types/speech';
import { oneOf, onlyFields, optNum, optOneOf, requestBody, str } from '../core/checks';
import { ApiError, invalidParam } from '../core/errors';
import type { Route } from '../core/router';
import { encodeSpeech, supportedSpeechFormats, UnsupportedAudioFormatError } from '../media/audio';
import { modelFor } from '../models/catalog';
import { VOICES } from './voices';

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
    if (!VOICES.includes(voice)) {
      throw invalidParam('voice', `Voice '${voice}' not found. Available voices: ${VOICES.join(', ')}.`, 'voice_not_found');
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
