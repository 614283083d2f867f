/**
 * What a media answer says it generated, for the user. An image answer: how
 * many images, their sizes, and the tokens billed ("2 images, 2048×2048,
 * 32,768 output tokens"), from `data[].size` and `usage` where the gateway
 * sends them. A finished video task: its length, resolution, ratio, frame
 * rate and tokens ("5 s video, 720p, 16:9, 24 fps, 108,900 tokens").
 * Synchronous videos: the answer holds only the files, so what the saved
 * files are ("1 video, 8 s, 1280×720"). The answer is the gateway's: every
 * field is read defensively.
 */
import { t } from '../l10n/localize';

/** undefined when the answer says nothing beyond the files saved. */
export function describeGeneratedImages(document: { data?: unknown; usage?: unknown }): string | undefined {
  const data = Array.isArray(document.data) ? document.data : [];
  const usage = typeof document.usage === 'object' && document.usage !== null ? (document.usage as Record<string, unknown>) : {};
  const count = count0(usage.generated_images);
  const sizes = [...new Set(data.map(sizeOf).filter((size): size is string => size !== undefined))];
  const tokens = count0(usage.output_tokens) ?? count0(usage.total_tokens);
  const parts = [
    count === undefined ? undefined : count === 1 ? t('1 image') : t('{0} images', count),
    sizes.length ? sizes.join(', ') : undefined,
    tokens === undefined
      ? undefined
      : usage.output_tokens === undefined
        ? t('{0} tokens', tokens.toLocaleString('en'))
        : t('{0} output tokens', tokens.toLocaleString('en')),
  ].filter((part): part is string => part !== undefined);
  return parts.length ? parts.join(', ') : undefined;
}

/** undefined when the task record says nothing about what it made. */
export function describeGeneratedVideo(record: {
  duration?: unknown;
  resolution?: unknown;
  ratio?: unknown;
  framespersecond?: unknown;
  usage?: unknown;
}): string | undefined {
  const usage = typeof record.usage === 'object' && record.usage !== null ? (record.usage as Record<string, unknown>) : {};
  const seconds = count0(record.duration);
  const fps = count0(record.framespersecond);
  const tokens = count0(usage.completion_tokens) ?? count0(usage.total_tokens);
  const parts = [
    seconds ? t('{0} s video', seconds) : undefined,
    matching(record.resolution, /^\d{3,4}p$/),
    matching(record.ratio, /^(\d{1,2}:\d{1,2}|adaptive)$/),
    fps ? t('{0} fps', fps) : undefined,
    tokens === undefined ? undefined : t('{0} tokens', tokens.toLocaleString('en')),
  ].filter((part): part is string => part !== undefined);
  return parts.length ? parts.join(', ') : undefined;
}

/** What the saved videos of a synchronous generation are, from their files; undefined for none. */
export function describeSavedVideos(videos: ReadonlyArray<{ seconds?: number; width?: number; height?: number }>): string | undefined {
  if (videos.length === 0) return undefined;
  const lengths = distinct(videos.map((v) => (v.seconds === undefined ? undefined : t('{0} s', Math.round(v.seconds * 10) / 10))));
  const sizes = distinct(videos.map((v) => (v.width && v.height ? `${v.width}×${v.height}` : undefined)));
  return [videos.length === 1 ? t('1 video') : t('{0} videos', videos.length), ...lengths, ...sizes].join(', ');
}

function distinct(values: Array<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))];
}

function matching(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

function sizeOf(item: unknown): string | undefined {
  const size = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).size : undefined;
  const match = typeof size === 'string' ? /^(\d{1,5})x(\d{1,5})$/.exec(size) : null;
  return match ? `${match[1]}×${match[2]}` : undefined;
}

function count0(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
