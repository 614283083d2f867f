import { box, fourCc, fullBox, u16, u32, u8, UNITY_MATRIX, zeros } from './mp4-boxes';
import { H264ParameterSets } from './h264-intra-pcm';

export interface AvcTrack {
  width: number;
  height: number;
  fps: number;
  parameterSets: H264ParameterSets;
  /** One NAL unit per sample, without length prefix; every sample is a sync sample. */
  samples: Buffer[];
}

const MOVIE_TIMESCALE = 1000;
const TICKS_PER_FRAME = 512;
const NAL_LENGTH_SIZE = 4;
const BOX_HEADER_SIZE = 8;

/**
 * A progressive MP4 (ftyp, moov, mdat) with one H.264 track in a single chunk. With padToBytes
 * larger than the natural size a trailing `free` box brings the file to exactly that size; the
 * whole file is allocated once so that even very large paddings cost little more than the allocation.
 */
export function muxAvcMp4(track: AvcTrack, padToBytes?: number): Buffer {
  const ftyp = box('ftyp', fourCc('isom'), u32(0x200), fourCc('isom', 'iso2', 'avc1', 'mp41'));
  const sampleSizes = track.samples.map((sample) => sample.length + NAL_LENGTH_SIZE);
  const mdatSize = BOX_HEADER_SIZE + sampleSizes.reduce((sum, size) => sum + size, 0);
  const moovLength = buildMoov(track, sampleSizes, 0).length;
  const mdatDataOffset = ftyp.length + moovLength + BOX_HEADER_SIZE;
  const moov = buildMoov(track, sampleSizes, mdatDataOffset);
  const naturalSize = ftyp.length + moov.length + mdatSize;
  const padding = padToBytes !== undefined && padToBytes >= naturalSize + BOX_HEADER_SIZE ? padToBytes - naturalSize : 0;

  const file = Buffer.alloc(naturalSize + padding);
  let offset = ftyp.copy(file, 0);
  offset += moov.copy(file, offset);
  offset = file.writeUInt32BE(mdatSize, offset);
  offset += file.write('mdat', offset, 'latin1');
  for (const sample of track.samples) {
    offset = file.writeUInt32BE(sample.length, offset);
    offset += sample.copy(file, offset);
  }
  if (padding > 0) {
    offset = file.writeUInt32BE(padding, offset);
    file.write('free', offset, 'latin1');
  }
  return file;
}

function buildMoov(track: AvcTrack, sampleSizes: number[], chunkOffset: number): Buffer {
  const frameCount = sampleSizes.length;
  const mediaTimescale = track.fps * TICKS_PER_FRAME;
  const movieDuration = Math.round((frameCount * MOVIE_TIMESCALE) / track.fps);
  const mvhd = fullBox(
    'mvhd', 0, 0,
    u32(0, 0, MOVIE_TIMESCALE, movieDuration, 0x00010000),
    u16(0x0100, 0), zeros(8), UNITY_MATRIX, zeros(24), u32(2),
  );
  const tkhd = fullBox(
    'tkhd', 0, 0x3, // enabled, in movie
    u32(0, 0, 1, 0, movieDuration), zeros(8), u16(0, 0, 0, 0), UNITY_MATRIX,
    u32(track.width * 0x10000, track.height * 0x10000),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, mediaTimescale, frameCount * TICKS_PER_FRAME), u16(0x55c4, 0)); // 'und'
  const hdlr = fullBox('hdlr', 0, 0, u32(0), fourCc('vide'), zeros(12), Buffer.from('VideoHandler\0', 'latin1'));
  const vmhd = fullBox('vmhd', 0, 1, u16(0, 0, 0, 0));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), avc1SampleEntry(track)),
    fullBox('stts', 0, 0, u32(1, frameCount, TICKS_PER_FRAME)),
    fullBox('stss', 0, 0, u32(frameCount, ...sampleSizes.map((_, i) => i + 1))),
    fullBox('stsc', 0, 0, u32(1, 1, frameCount, 1)),
    fullBox('stsz', 0, 0, u32(0, frameCount, ...sampleSizes)),
    fullBox('stco', 0, 0, u32(1, chunkOffset)),
  );
  const minf = box('minf', vmhd, dinf, stbl);
  return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
}

function avc1SampleEntry(track: AvcTrack): Buffer {
  const { sps, pps, profileIdc, constraintFlags, levelIdc } = track.parameterSets;
  const avcC = box(
    'avcC',
    u8(1, profileIdc, constraintFlags, levelIdc, 0xfc | (NAL_LENGTH_SIZE - 1), 0xe0 | 1),
    u16(sps.length), sps,
    u8(1), u16(pps.length), pps,
  );
  const compressorName = zeros(32);
  return box(
    'avc1',
    zeros(6), u16(1), // reserved, data_reference_index
    zeros(16), // pre_defined and reserved
    u16(track.width, track.height),
    u32(0x00480000, 0x00480000, 0), // 72 dpi, reserved
    u16(1), // frame_count
    compressorName,
    u16(0x0018, 0xffff), // depth, pre_defined = -1
    avcC,
  );
}
