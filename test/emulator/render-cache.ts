/** Memoized media renders: the same prompt, size and seed give the same bytes without re-encoding. */

import { renderMp4 } from './media/mp4';
import { renderPng } from './media/png';

/** Bounds the cache so padded large videos and 4K images do not pile up. */
const MAX_CACHED_BYTES = 768 * 1024 * 1024;

export interface VideoRenderRequest {
  width: number;
  height: number;
  seconds: number;
  prompt: string;
  padToBytes?: number;
}

export class RenderCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  png(width: number, height: number, prompt: string, seed?: number): Buffer {
    return this.memo(`png|${width}x${height}|${seed ?? ''}|${prompt}`, () => renderPng({ width, height, prompt, seed }));
  }

  mp4(req: VideoRenderRequest): Buffer {
    const key = `mp4|${req.width}x${req.height}|${req.seconds}|${req.padToBytes ?? 0}|${req.prompt}`;
    return this.memo(key, () => renderMp4(req));
  }

  private memo(key: string, render: () => Buffer): Buffer {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = render();
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= MAX_CACHED_BYTES || oldKey === key) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
    return value;
  }
}

/** Small frame sizes (multiples of 16) per aspect ratio: the I_PCM video stays a few megabytes. */
const VIDEO_DIMENSIONS: Record<string, { width: number; height: number }> = {
  '16:9': { width: 160, height: 96 },
  '9:16': { width: 96, height: 160 },
  '4:3': { width: 128, height: 96 },
  '3:4': { width: 96, height: 128 },
  '1:1': { width: 96, height: 96 },
  '21:9': { width: 224, height: 96 },
};

export function videoDimensions(ratio: string): { width: number; height: number } {
  return VIDEO_DIMENSIONS[ratio] ?? { width: 160, height: 96 };
}
