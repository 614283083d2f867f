/**
 * Realistic generation times of the paid media endpoints, scaled by the
 * `mediaLatencyScale` option (0 = answer at once; tests use e.g. 0.001).
 * Veo takes from about 11 seconds to 6 minutes (Google's Gemini API video
 * docs, "Limitations"; gaps.md "Upstream behaviour"); Seedream sets of several
 * images take minutes (gaps.md). The figures below are typical values inside
 * those ranges, not measurements.
 */

const VIDEO_MS: Record<string, number> = {
  'veo-2': 60_000,
  'google-veo-3': 90_000,
  'google-veo-3-1': 120_000,
};

/** Per image; a set is generated image after image. */
const IMAGE_MS: Record<string, number> = {
  'stable-image-core-1.1': 6_000,
  'bytedance-seedream-4': 15_000,
  'bytedance-seedream-4-5': 20_000,
};

/** Full-scale generation time of a synchronous video request (longer clips and more of them take longer). */
export function videoLatencyMs(model: string, count: number, seconds: number): number {
  return (VIDEO_MS[model] ?? 90_000) * Math.max(1, count) * Math.max(1, seconds / 8);
}

export function imageLatencyMs(model: string, count: number): number {
  return (IMAGE_MS[model] ?? 15_000) * Math.max(1, count);
}
