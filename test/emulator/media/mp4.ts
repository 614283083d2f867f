import { encodeIdrPicture, h264ParameterSets } from './h264-intra-pcm';
import { muxAvcMp4 } from './mp4-mux';
import { promptHash } from './prompt-hash';
import { drawFrame, MovingSquareScene, Rgb } from './video-frames';

export interface Mp4Request {
  width: number;
  height: number;
  seconds: number;
  prompt: string;
  /** When larger than the natural size, a `free` box pads the file to exactly this many bytes. */
  padToBytes?: number;
}

export const VIDEO_FPS = 24;
/** Small enough that a clip of a few seconds stays a few megabytes despite raw (I_PCM) samples. */
export const DEFAULT_VIDEO_SIZE = { width: 160, height: 96 } as const;

/**
 * A playable H.264 (Constrained Baseline, I_PCM) MP4 at 24 fps showing a square, coloured after
 * the prompt, that moves across a background also coloured after the prompt.
 */
export function renderMp4(opts: Mp4Request): Buffer {
  assertEvenDimension('width', opts.width);
  assertEvenDimension('height', opts.height);
  if (!Number.isFinite(opts.seconds) || opts.seconds <= 0) {
    throw new RangeError(`MP4 seconds must be a positive number, got ${opts.seconds}`);
  }
  const frameCount = Math.max(1, Math.round(opts.seconds * VIDEO_FPS));
  const scene = sceneForPrompt(opts.prompt, opts.width, opts.height);
  const samples: Buffer[] = [];
  for (let index = 0; index < frameCount; index++) {
    // Consecutive IDR pictures must carry different idr_pic_id values.
    samples.push(encodeIdrPicture(drawFrame(scene, index, frameCount), index % 2));
  }
  return muxAvcMp4(
    {
      width: opts.width,
      height: opts.height,
      fps: VIDEO_FPS,
      parameterSets: h264ParameterSets(opts.width, opts.height, VIDEO_FPS),
      samples,
    },
    opts.padToBytes,
  );
}

function sceneForPrompt(prompt: string, width: number, height: number): MovingSquareScene {
  const hash = promptHash('mp4', prompt);
  const background: Rgb = [hash[0], hash[1], hash[2]];
  // The square takes the complementary colour so that it always stands out.
  const square: Rgb = [255 - hash[0], 255 - hash[1], 255 - hash[2]];
  return { width, height, background, square, wobble: 0.01 + hash[3] / 2560 };
}

function assertEvenDimension(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 16 || value > 4096 || value % 2 !== 0) {
    throw new RangeError(`MP4 ${name} must be an even integer from 16 to 4096, got ${value}`);
  }
}
