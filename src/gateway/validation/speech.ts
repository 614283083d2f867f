/** Validation of POST /v1/audio/speech before sending. */
import { t } from '../../l10n/localize';
import type { SpeechRequest } from '../types/speech';
import { SPEECH_FORMATS, SPEECH_INPUT_MAX_CHARS, SPEECH_SPEED, VOICES } from './limits';
import { fail, numberInRange, oneOf, text } from './rules';

const VOICE_IDS: ReadonlySet<string> = new Set(VOICES.map((v) => v.id));
/** The voices a refusal names as examples: the first of each of the first languages. */
const EXAMPLE_VOICES = VOICES.filter((v, i) => VOICES.findIndex((w) => w.language === v.language) === i)
  .slice(0, 5)
  .map((v) => v.id);

/**
 * Kokoro mixes voices: `af_bella+af_sky`, or weighted `af_bella(2)+af_sky(1)`
 * (remsky/Kokoro-FastAPI, api/src/services/tts_service.py, voice combination;
 * gaps.md "Kokoro speech"). A part is a voice id with an optional positive weight.
 */
const MIX_PART = /^([a-z]{2}_[a-z0-9]+)(?:\((\d+(?:\.\d+)?)\))?$/;

/** The voice ids of a well-formed mix of two or more voices; undefined when `voice` is not one. */
export function voiceMixParts(voice: string): string[] | undefined {
  const parts = voice.split('+');
  if (parts.length < 2) return undefined;
  const ids: string[] = [];
  for (const part of parts) {
    const match = MIX_PART.exec(part.trim());
    if (!match || (match[2] !== undefined && Number(match[2]) <= 0)) return undefined;
    ids.push(match[1] as string);
  }
  return ids;
}

/**
 * A voice is one of the spec's ids, one the gateway listed (GET
 * /v1/audio/voices, `known`), or a mix of such ids.
 */
export function isAcceptedVoice(voice: unknown, known: ReadonlySet<string> = new Set()): voice is string {
  if (typeof voice !== 'string') return false;
  const isKnown = (id: string): boolean => VOICE_IDS.has(id) || known.has(id);
  if (isKnown(voice)) return true;
  return voiceMixParts(voice)?.every(isKnown) ?? false;
}

export function validateSpeechRequest(req: SpeechRequest, knownVoices: ReadonlySet<string> = new Set()): void {
  text('model', req.model, { required: true });
  text('input', req.input, { required: true, max: SPEECH_INPUT_MAX_CHARS });
  if (!isAcceptedVoice(req.voice, knownVoices)) {
    fail(
      'voice',
      req.voice,
      knownVoices.size
        ? t(
            'one of the {0} voice ids or a voice the gateway lists, e.g. {1}, or a mix of them such as af_bella+af_sky or af_bella(2)+af_sky(1)',
            VOICES.length,
            EXAMPLE_VOICES.join(', '),
          )
        : t('one of the {0} voice ids, e.g. {1}, or a mix of them such as af_bella+af_sky or af_bella(2)+af_sky(1)', VOICES.length, EXAMPLE_VOICES.join(', ')),
    );
  }
  oneOf('response_format', req.response_format, SPEECH_FORMATS);
  numberInRange('speed', req.speed, SPEECH_SPEED.min, SPEECH_SPEED.max);
}
