/** The spec's voices (limits.ts) as the picker shows them: by language and gender, with readable names. */
import { t } from '../l10n/localize';
import { Voice, VOICES } from '../gateway/validation/limits';
import { isAcceptedVoice } from '../gateway/validation/speech';
import { guessLanguage } from './languageGuess';

export interface VoiceGroup {
  language: string;
  gender: Voice['gender'];
  voices: Voice[];
}

export const DEFAULT_VOICE = 'af_heart';

/** Groups in the spec's order: each language's female voices, then its male ones. */
export function groupVoices(voices: ReadonlyArray<Voice> = VOICES): VoiceGroup[] {
  const groups: VoiceGroup[] = [];
  for (const voice of voices) {
    const last = groups[groups.length - 1];
    if (last && last.language === voice.language && last.gender === voice.gender) last.voices.push(voice);
    else groups.push({ language: voice.language, gender: voice.gender, voices: [voice] });
  }
  return groups;
}

export function findVoice(id: string): Voice | undefined {
  return VOICES.find((v) => v.id === id);
}

/** Kokoro's id prefixes: the language letter, then f or m (the spec's table). */
const LANGUAGE_OF_PREFIX: Readonly<Record<string, string>> = {
  a: 'English (American)',
  b: 'English (British)',
  f: 'French',
  e: 'German/European',
  h: 'Hindi',
  i: 'Italian',
  j: 'Japanese',
  p: 'Portuguese',
  z: 'Chinese',
};

/** The group of voices whose language their id does not say. */
export function otherVoices(): string {
  return t('Other voices');
}

/**
 * The voices a gateway listed (GET /v1/audio/voices), for the picker: the
 * spec's voices keep their table entry; a new one (e.g. `bf_isabella`) is
 * placed by its prefix; anything else goes under "Other voices" (in the
 * display language; no language guess ever picks it). Ordered like
 * the spec's table, new voices after the known ones of their group.
 */
export function voicesFromIds(ids: readonly string[]): Voice[] {
  const known = new Map(VOICES.map((voice, index) => [voice.id, index]));
  const other = otherVoices();
  const languages = [...new Set(VOICES.map((voice) => voice.language)), other];
  const voices = ids.map((id): Voice => {
    const spec = findVoice(id);
    if (spec) return spec;
    const match = /^([a-z])([fm])_/.exec(id);
    const language = match ? LANGUAGE_OF_PREFIX[match[1] as string] : undefined;
    if (!match || !language) return { id, language: other, gender: 'other' };
    return { id, language, gender: match[2] === 'f' ? 'female' : 'male' };
  });
  const genderRank = { female: 0, male: 1, other: 2 } as const;
  return voices
    .map((voice, index) => ({ voice, index }))
    .sort(
      (a, b) =>
        languages.indexOf(a.voice.language) - languages.indexOf(b.voice.language) ||
        genderRank[a.voice.gender] - genderRank[b.voice.gender] ||
        (known.get(a.voice.id) ?? Infinity) - (known.get(b.voice.id) ?? Infinity) ||
        a.index - b.index,
    )
    .map(({ voice }) => voice);
}

/** `af_v0bella` → "Bella (v0)": the name after the language-gender prefix; `v0` marks the older variant. */
export function voiceName(id: string): string {
  const name = id.replace(/^[a-z]{2}_/, '');
  const older = name.startsWith('v0');
  const base = older ? name.slice(2) : name;
  const shown = base ? base[0].toUpperCase() + base.slice(1) : t('Default');
  return older ? `${shown} (v0)` : shown;
}

/** A short sentence in each language of the table, for previews. */
/* not shown as UI text: spoken samples, each deliberately in its voice's own language, whatever the display language */
const PREVIEW_TEXT: Readonly<Record<string, string>> = {
  'English (American)': 'Hello! This is how I sound when I read your text aloud.',
  'English (British)': 'Hello! This is how I sound when I read your text aloud.',
  French: 'Bonjour ! Voici ma voix quand je lis votre texte à voix haute.',
  // Kokoro's "e" voices are Spanish ones.
  'German/European': '¡Hola! Así suena mi voz cuando leo tu texto en voz alta.',
  Hindi: 'नमस्ते! जब मैं आपका पाठ पढ़ती हूँ तो मेरी आवाज़ ऐसी लगती है।',
  Italian: 'Ciao! Ecco la mia voce quando leggo il tuo testo ad alta voce.',
  Japanese: 'こんにちは。あなたの文章を読み上げると、こんな声になります。',
  Portuguese: 'Olá! É assim que eu soo quando leio o seu texto em voz alta.',
  Chinese: '你好！这就是我朗读你的文字时的声音。',
};

export function previewText(voice: Voice): string {
  return PREVIEW_TEXT[voice.language] ?? PREVIEW_TEXT['English (American)'];
}

/** The voice for `text`: the one set for its language when the language is clear, else the default voice. */
export function voiceForText(text: string, settings: { voice: string; voiceByLanguage: Record<string, string> }): string {
  const language = guessLanguage(text);
  const chosen = language === undefined ? undefined : settings.voiceByLanguage[language];
  return chosen !== undefined && isAcceptedVoice(chosen) ? chosen : settings.voice;
}
