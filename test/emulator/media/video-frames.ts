import { YuvPicture } from './h264-intra-pcm';

export type Rgb = readonly [number, number, number];

export interface MovingSquareScene {
  width: number;
  height: number;
  background: Rgb;
  square: Rgb;
  /** Fraction of a vertical wobble period per frame, so two prompts also move differently. */
  wobble: number;
}

/**
 * Frame `index` of `count`: a horizontally shaded background with a square that crosses the
 * picture once over the clip while wobbling vertically. Planes have the coded (macroblock) size;
 * the area outside width x height is cropped away by the SPS.
 */
export function drawFrame(scene: MovingSquareScene, index: number, count: number): YuvPicture {
  const codedWidth = Math.ceil(scene.width / 16) * 16;
  const codedHeight = Math.ceil(scene.height / 16) * 16;
  const picture: YuvPicture = {
    codedWidth,
    codedHeight,
    luma: new Uint8Array(codedWidth * codedHeight),
    cb: new Uint8Array((codedWidth * codedHeight) / 4),
    cr: new Uint8Array((codedWidth * codedHeight) / 4),
  };
  const [backY, backCb, backCr] = toYCbCr(scene.background);
  for (let x = 0; x < codedWidth; x++) {
    // A gentle left-to-right shade keeps the background from being one flat colour.
    picture.luma[x] = clampVideoRange(backY - 24 + Math.round((48 * x) / codedWidth));
  }
  for (let y = 1; y < codedHeight; y++) {
    picture.luma.copyWithin(y * codedWidth, 0, codedWidth);
  }
  picture.cb.fill(backCb);
  picture.cr.fill(backCr);

  const side = Math.max(2, Math.floor(Math.min(scene.width, scene.height) / 3) & ~1);
  const progress = count > 1 ? index / (count - 1) : 0;
  const left = Math.round(progress * (scene.width - side)) & ~1;
  const wobble = Math.sin(2 * Math.PI * (scene.wobble * index + progress));
  const top = Math.round(((1 + wobble) / 2) * (scene.height - side)) & ~1;
  const [squareY, squareCb, squareCr] = toYCbCr(scene.square);
  for (let y = top; y < top + side; y++) {
    picture.luma.fill(squareY, y * codedWidth + left, y * codedWidth + left + side);
  }
  const chromaStride = codedWidth / 2;
  for (let y = top / 2; y < (top + side) / 2; y++) {
    picture.cb.fill(squareCb, y * chromaStride + left / 2, y * chromaStride + (left + side) / 2);
    picture.cr.fill(squareCr, y * chromaStride + left / 2, y * chromaStride + (left + side) / 2);
  }
  return picture;
}

/** BT.601 limited range; results stay within 16..240, so no PCM sample is ever zero. */
function toYCbCr([r, g, b]: Rgb): [number, number, number] {
  return [
    clampVideoRange(Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255)),
    clampVideoRange(Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255)),
    clampVideoRange(Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255)),
  ];
}

function clampVideoRange(value: number): number {
  return Math.min(240, Math.max(16, value));
}
