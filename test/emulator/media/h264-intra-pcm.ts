import { BitWriter } from './bit-writer';

/**
 * A minimal H.264 Constrained Baseline encoder in which every macroblock is I_PCM: the samples
 * are stored raw, so no transform, prediction or entropy coding is needed, yet any conforming
 * decoder reconstructs the picture exactly. Every picture is an IDR picture with one slice.
 */

/** A 4:2:0 picture whose planes already have the coded size (multiples of 16). */
export interface YuvPicture {
  codedWidth: number;
  codedHeight: number;
  luma: Uint8Array;
  cb: Uint8Array;
  cr: Uint8Array;
}

export interface H264ParameterSets {
  sps: Buffer;
  pps: Buffer;
  profileIdc: number;
  /** constraint_set flags byte, also the avcC profile_compatibility. */
  constraintFlags: number;
  levelIdc: number;
}

const NAL_SPS = 7;
const NAL_PPS = 8;
const NAL_IDR_SLICE = 5;
const NAL_REF_IDC_HIGHEST = 3;
const PROFILE_BASELINE = 66;
/** constraint_set0 and constraint_set1: Constrained Baseline. */
const CONSTRAINED_BASELINE_FLAGS = 0xc0;
const SLICE_TYPE_I_ALL = 7;
const MB_TYPE_I_PCM = 25;
const LOG2_MAX_FRAME_NUM = 4;
const BYTES_PER_MACROBLOCK = 256 + 64 + 64;

/**
 * Table A-1 (max macroblocks per second, max frame size in macroblocks). I_PCM exceeds every
 * level's bit-rate limit by design; decoders do not enforce it, so only size and rate pick the level.
 */
const LEVELS: ReadonlyArray<{ idc: number; maxMbPerSecond: number; maxFrameMbs: number }> = [
  { idc: 10, maxMbPerSecond: 1485, maxFrameMbs: 99 },
  { idc: 11, maxMbPerSecond: 3000, maxFrameMbs: 396 },
  { idc: 12, maxMbPerSecond: 6000, maxFrameMbs: 396 },
  { idc: 13, maxMbPerSecond: 11880, maxFrameMbs: 396 },
  { idc: 21, maxMbPerSecond: 19800, maxFrameMbs: 792 },
  { idc: 22, maxMbPerSecond: 20250, maxFrameMbs: 1620 },
  { idc: 30, maxMbPerSecond: 40500, maxFrameMbs: 1620 },
  { idc: 31, maxMbPerSecond: 108000, maxFrameMbs: 3600 },
  { idc: 32, maxMbPerSecond: 216000, maxFrameMbs: 5120 },
  { idc: 40, maxMbPerSecond: 245760, maxFrameMbs: 8192 },
  { idc: 42, maxMbPerSecond: 522240, maxFrameMbs: 8704 },
  { idc: 50, maxMbPerSecond: 589824, maxFrameMbs: 22080 },
  { idc: 51, maxMbPerSecond: 983040, maxFrameMbs: 36864 },
  { idc: 52, maxMbPerSecond: 2073600, maxFrameMbs: 36864 },
];

/** SPS and PPS for a width x height picture (even numbers); odd macroblock remainders are cropped. */
export function h264ParameterSets(width: number, height: number, fps: number): H264ParameterSets {
  const mbWidth = Math.ceil(width / 16);
  const mbHeight = Math.ceil(height / 16);
  const levelIdc = pickLevel(mbWidth * mbHeight, fps);

  const sps = new BitWriter(32);
  sps.writeBits(PROFILE_BASELINE, 8);
  sps.writeBits(CONSTRAINED_BASELINE_FLAGS, 8);
  sps.writeBits(levelIdc, 8);
  sps.writeUe(0); // seq_parameter_set_id
  sps.writeUe(LOG2_MAX_FRAME_NUM - 4);
  sps.writeUe(2); // pic_order_cnt_type 2: output order is decoding order
  sps.writeUe(1); // max_num_ref_frames
  sps.writeBit(0); // gaps_in_frame_num_value_allowed_flag
  sps.writeUe(mbWidth - 1);
  sps.writeUe(mbHeight - 1);
  sps.writeBit(1); // frame_mbs_only_flag
  sps.writeBit(1); // direct_8x8_inference_flag
  const cropRight = mbWidth * 16 - width;
  const cropBottom = mbHeight * 16 - height;
  sps.writeBit(cropRight > 0 || cropBottom > 0); // frame_cropping_flag
  if (cropRight > 0 || cropBottom > 0) {
    // Crop offsets count 2-sample units for 4:2:0 progressive video.
    sps.writeUe(0);
    sps.writeUe(cropRight / 2);
    sps.writeUe(0);
    sps.writeUe(cropBottom / 2);
  }
  sps.writeBit(0); // vui_parameters_present_flag
  writeRbspTrailingBits(sps);

  const pps = new BitWriter(16);
  pps.writeUe(0); // pic_parameter_set_id
  pps.writeUe(0); // seq_parameter_set_id
  pps.writeBit(0); // entropy_coding_mode_flag: CAVLC
  pps.writeBit(0); // bottom_field_pic_order_in_frame_present_flag
  pps.writeUe(0); // num_slice_groups_minus1
  pps.writeUe(0); // num_ref_idx_l0_default_active_minus1
  pps.writeUe(0); // num_ref_idx_l1_default_active_minus1
  pps.writeBit(0); // weighted_pred_flag
  pps.writeBits(0, 2); // weighted_bipred_idc
  pps.writeSe(0); // pic_init_qp_minus26
  pps.writeSe(0); // pic_init_qs_minus26
  pps.writeSe(0); // chroma_qp_index_offset
  pps.writeBit(1); // deblocking_filter_control_present_flag
  pps.writeBit(0); // constrained_intra_pred_flag
  pps.writeBit(0); // redundant_pic_cnt_present_flag
  writeRbspTrailingBits(pps);

  return {
    sps: nalUnit(NAL_SPS, sps.toBuffer()),
    pps: nalUnit(NAL_PPS, pps.toBuffer()),
    profileIdc: PROFILE_BASELINE,
    constraintFlags: CONSTRAINED_BASELINE_FLAGS,
    levelIdc,
  };
}

/** One IDR picture as a NAL unit (no start code or length prefix). */
export function encodeIdrPicture(picture: YuvPicture, idrPicId: number): Buffer {
  const mbWidth = picture.codedWidth / 16;
  const mbHeight = picture.codedHeight / 16;
  const slice = new BitWriter(mbWidth * mbHeight * (BYTES_PER_MACROBLOCK + 2) + 16);
  slice.writeUe(0); // first_mb_in_slice
  slice.writeUe(SLICE_TYPE_I_ALL);
  slice.writeUe(0); // pic_parameter_set_id
  slice.writeBits(0, LOG2_MAX_FRAME_NUM); // frame_num
  slice.writeUe(idrPicId);
  slice.writeBit(0); // no_output_of_prior_pics_flag
  slice.writeBit(0); // long_term_reference_flag
  slice.writeSe(0); // slice_qp_delta
  slice.writeUe(1); // disable_deblocking_filter_idc: off (I_PCM is never filtered anyway)

  const samples = new Uint8Array(BYTES_PER_MACROBLOCK);
  for (let mbY = 0; mbY < mbHeight; mbY++) {
    for (let mbX = 0; mbX < mbWidth; mbX++) {
      slice.writeUe(MB_TYPE_I_PCM);
      slice.alignWithZeros(); // pcm_alignment_zero_bit
      gatherMacroblock(picture, mbX, mbY, samples);
      slice.writeBytes(samples);
    }
  }
  writeRbspTrailingBits(slice);
  return nalUnit(NAL_IDR_SLICE, slice.toBuffer());
}

function pickLevel(frameMbs: number, fps: number): number {
  const mbPerSecond = frameMbs * fps;
  const level = LEVELS.find((l) => frameMbs <= l.maxFrameMbs && mbPerSecond <= l.maxMbPerSecond);
  return (level ?? LEVELS[LEVELS.length - 1]).idc;
}

/** 256 luma samples in raster order, then the 8x8 Cb block, then the 8x8 Cr block. */
function gatherMacroblock(picture: YuvPicture, mbX: number, mbY: number, out: Uint8Array): void {
  const lumaStride = picture.codedWidth;
  let offset = 0;
  for (let row = 0; row < 16; row++) {
    const start = (mbY * 16 + row) * lumaStride + mbX * 16;
    out.set(picture.luma.subarray(start, start + 16), offset);
    offset += 16;
  }
  const chromaStride = lumaStride / 2;
  for (const plane of [picture.cb, picture.cr]) {
    for (let row = 0; row < 8; row++) {
      const start = (mbY * 8 + row) * chromaStride + mbX * 8;
      out.set(plane.subarray(start, start + 8), offset);
      offset += 8;
    }
  }
}

function writeRbspTrailingBits(writer: BitWriter): void {
  writer.writeBit(1);
  writer.alignWithZeros();
}

/** NAL header plus the payload with emulation-prevention bytes (00 00 0x becomes 00 00 03 0x). */
function nalUnit(type: number, rbsp: Buffer): Buffer {
  const out = Buffer.alloc(1 + rbsp.length + Math.ceil(rbsp.length / 2));
  out[0] = (NAL_REF_IDC_HIGHEST << 5) | type;
  let length = 1;
  let zeros = 0;
  for (let i = 0; i < rbsp.length; i++) {
    const byte = rbsp[i];
    if (zeros >= 2 && byte <= 3) {
      out[length++] = 3;
      zeros = 0;
    }
    out[length++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, length);
}
