/**
 * Turns text into a "speech" plan: per sentence, a sequence of tones (one per syllable-sized
 * group of letters, pitch derived from the letters) and pauses (spaces, punctuation). Every
 * audio encoder renders the same plan, so all formats have the same duration.
 */

export interface SpeechTone {
  /** 0 for a pause. */
  frequencyHz: number;
  startSample: number;
  sampleCount: number;
}

export interface SentencePlan {
  tones: SpeechTone[];
  /** Always a multiple of SENTENCE_SAMPLE_MULTIPLE; the tail after the last tone is silence. */
  sampleCount: number;
}

const SECONDS_PER_CHARACTER = 0.06;
/**
 * Sentences are padded with silence to a multiple of this: 2304 is the FLAC encoder's block size
 * and four MPEG-2 Layer III frames, so every sentence ends on a frame boundary in both.
 */
const SENTENCE_SAMPLE_MULTIPLE = 2304;

const MAX_SYLLABLE_LENGTH = 3;
const LOWEST_PITCH_HZ = 140;
const PITCH_STEP_HZ = 12;
const PITCH_STEPS = 28;

/** Blank text still gives one (silent) sentence, so that every format has a non-empty body. */
export function planSpeech(text: string, speed: number, sampleRate: number): SentencePlan[] {
  const samplesPerCharacter = (SECONDS_PER_CHARACTER / speed) * sampleRate;
  const sentences = splitSentences(text);
  return (sentences.length > 0 ? sentences : ['']).map((sentence) => {
    const tones: SpeechTone[] = [];
    let characterOffset = 0;
    for (const group of groupCharacters(sentence)) {
      const startSample = Math.round(characterOffset * samplesPerCharacter);
      characterOffset += [...group].length;
      const sampleCount = Math.round(characterOffset * samplesPerCharacter) - startSample;
      tones.push({ frequencyHz: pitchOf(group), startSample, sampleCount });
    }
    const spoken = Math.round(characterOffset * samplesPerCharacter);
    const sampleCount = Math.max(1, Math.ceil(spoken / SENTENCE_SAMPLE_MULTIPLE)) * SENTENCE_SAMPLE_MULTIPLE;
    return { tones, sampleCount };
  });
}

/** Sentences keep their trailing punctuation and whitespace; blank pieces are dropped. */
function splitSentences(text: string): string[] {
  const pieces = text.match(/[^.!?]*[.!?]+\s*|[^.!?]+$/g) ?? [];
  return pieces.filter((piece) => piece.trim().length > 0);
}

/** Runs of letters/digits split into syllables of at most three characters; any other character is its own pause. */
function groupCharacters(sentence: string): string[] {
  const groups: string[] = [];
  for (const match of sentence.matchAll(/[\p{L}\p{N}]+|[^\p{L}\p{N}]/gu)) {
    const run = [...match[0]];
    if (!/[\p{L}\p{N}]/u.test(run[0])) {
      groups.push(match[0]);
      continue;
    }
    for (let i = 0; i < run.length; i += MAX_SYLLABLE_LENGTH) {
      groups.push(run.slice(i, i + MAX_SYLLABLE_LENGTH).join(''));
    }
  }
  return groups;
}

function pitchOf(group: string): number {
  if (!/[\p{L}\p{N}]/u.test(group)) {
    return 0;
  }
  let sum = 0;
  for (const character of group.toLowerCase()) {
    sum = (sum * 31 + (character.codePointAt(0) ?? 0)) % 100003;
  }
  return LOWEST_PITCH_HZ + (sum % PITCH_STEPS) * PITCH_STEP_HZ;
}
