/** Validation of POST /v1/audio/speech before sending. */
import type { SpeechRequest } from '../types/speech';
import { SPEECH_FORMATS, SPEECH_INPUT_MAX_CHARS, SPEECH_SPEED, VOICES } from './limits';
import { fail, numberInRange, oneOf, text } from './rules';

const VOICE_IDS: ReadonlySet<string> = new Set(VOICES.map((v) => v.id));
/** The voices a refusal names as examples: the first of each of the first languages. */
const EXAMPLE_VOICES = VOICES.filter((v, i) => VOICES.findIndex((w) => w.language === v.language) === i)
  .slice(0, 5)
  .map((v) => v.id);

export function validateSpeechRequest(req: SpeechRequest): void {
  text('model', req.model, { required: true });
  text('input', req.input, { required: true, max: SPEECH_INPUT_MAX_CHARS });
  if (typeof req.voice !== 'string' || !VOICE_IDS.has(req.voice)) {
    fail('voice', req.voice, `one of the ${VOICES.length} voice ids, e.g. ${EXAMPLE_VOICES.join(', ')}`);
  }
  oneOf('response_format', req.response_format, SPEECH_FORMATS);
  numberInRange('speed', req.speed, SPEECH_SPEED.min, SPEECH_SPEED.max);
}
