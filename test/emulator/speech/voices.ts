/** The 67 voice ids of the spec. */
export const VOICES: readonly string[] = [
  'af_alloy',
  'af_aoede',
  'af_bella',
  'af_heart',
  'af_jadzia',
  'af_jessica',
  'af_kore',
  'af_nicole',
  'af_nova',
  'af_river',
  'af_sarah',
  'af_sky',
  'af_v0',
  'af_v0bella',
  'af_v0irulan',
  'af_v0nicole',
  'af_v0sarah',
  'af_v0sky',
  'am_adam',
  'am_echo',
  'am_eric',
  'am_fenrir',
  'am_liam',
  'am_michael',
  'am_onyx',
  'am_puck',
  'am_santa',
  'am_v0adam',
  'am_v0gurney',
  'am_v0michael',
  'bf_alice',
  'bf_emma',
  'bf_lily',
  'bf_v0emma',
  'bf_v0isabella',
  'bm_daniel',
  'bm_fable',
  'bm_george',
  'bm_lewis',
  'bm_v0george',
  'bm_v0lewis',
  'ff_siwis',
  'ef_dora',
  'em_alex',
  'em_santa',
  'hf_alpha',
  'hf_beta',
  'hm_omega',
  'hm_psi',
  'if_sara',
  'im_nicola',
  'jf_alpha',
  'jf_gongitsune',
  'jf_nezumi',
  'jf_tebukuro',
  'jm_kumo',
  'pf_dora',
  'pm_alex',
  'pm_santa',
  'zf_xiaobei',
  'zf_xiaoni',
  'zf_xiaoxiao',
  'zf_xiaoyi',
  'zm_yunjian',
  'zm_yunxi',
  'zm_yunxia',
  'zm_yunyang',
];

/**
 * Voices the speech server has beyond the spec's table: Kokoro adds voices
 * over time, e.g. `bf_isabella` (gaps.md, "Kokoro speech").
 */
export const EXTRA_VOICES: readonly string[] = ['bf_isabella'];

/** Every voice the emulator's speech server has. */
export const SERVER_VOICES: readonly string[] = [...VOICES, ...EXTRA_VOICES];

/**
 * Whether `voice` is a voice or a mix of them, as Kokoro-FastAPI takes it:
 * `af_bella+af_sky`, weighted `af_bella(2)+af_sky(1)` (remsky/Kokoro-FastAPI,
 * api/src/services/tts_service.py, voice combination).
 */
export function isServerVoice(voice: string): boolean {
  return voice.split('+').every((part) => {
    const match = /^([a-z]{2}_[a-z0-9]+)(?:\((\d+(?:\.\d+)?)\))?$/.exec(part.trim());
    return match !== null && SERVER_VOICES.includes(match[1] as string) && (match[2] === undefined || Number(match[2]) > 0);
  });
}
