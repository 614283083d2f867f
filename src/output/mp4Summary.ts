/**
 * What a saved MP4 is: its length (the movie header's duration) and the
 * size of its picture (the largest track header's width and height), read
 * from the `moov` box without loading the media data. The synchronous video
 * endpoint answers with the files only, so this is how the user learns what
 * was generated.
 */
import { parseBox, readMoov } from './mp4Audio';

export interface Mp4Summary {
  seconds?: number;
  width?: number;
  height?: number;
}

/** {} when the file is no readable MP4. */
export async function mp4Summary(path: string): Promise<Mp4Summary> {
  const moov = await readMoov(path).catch(() => undefined);
  return moov ? summaryOf(moov) : {};
}

/** The summary of a `moov` box's content. */
export function summaryOf(moov: Buffer): Mp4Summary {
  const summary: Mp4Summary = {};
  for (let at = 0; at + 8 <= moov.length;) {
    const box = parseBox(moov, at, moov.length - at);
    if (!box) break;
    if (box.type === 'mvhd') {
      const seconds = movieSeconds(moov.subarray(box.start, box.end));
      if (seconds !== undefined) summary.seconds = seconds;
    }
    if (box.type === 'trak') {
      const picture = trackPicture(moov.subarray(box.start, box.end));
      if (picture && picture.width * picture.height > (summary.width ?? 0) * (summary.height ?? 0)) Object.assign(summary, picture);
    }
    at = box.end;
  }
  return summary;
}

/** mvhd: version and flags, then (version 1: 64-bit) creation and modification times, the time scale, the duration. */
function movieSeconds(mvhd: Buffer): number | undefined {
  const wide = mvhd[0] === 1;
  const scaleAt = wide ? 20 : 12;
  if (mvhd.length < scaleAt + (wide ? 12 : 8)) return undefined;
  const scale = mvhd.readUInt32BE(scaleAt);
  const duration = wide ? Number(mvhd.readBigUInt64BE(scaleAt + 4)) : mvhd.readUInt32BE(scaleAt + 4);
  return scale > 0 && duration > 0 ? duration / scale : undefined;
}

/** tkhd ends with the width and height as 16.16 fixed-point numbers; an audio track's are 0. */
function trackPicture(trak: Buffer): { width: number; height: number } | undefined {
  for (let at = 0; at + 8 <= trak.length;) {
    const box = parseBox(trak, at, trak.length - at);
    if (!box) return undefined;
    if (box.type === 'tkhd' && box.end - box.start >= 84) {
      const width = trak.readUInt32BE(box.end - 8) >>> 16;
      const height = trak.readUInt32BE(box.end - 4) >>> 16;
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    at = box.end;
  }
  return undefined;
}
