/**
 * Which codecs the tracks of an MP4 file use, read from the sample
 * descriptions of its `moov` box without loading the media data. VS Code's
 * webviews cannot decode AAC, so a video with AAC audio plays silently there.
 */
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** Boxes on the way from `moov` down to the sample descriptions. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
/** A `moov` box is a few hundred kB even for long videos; larger ones are not read. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** The sample entry of AAC (MPEG-4 audio). */
const AAC_SAMPLE_ENTRY = 'mp4a';

export interface Box {
  type: string;
  /** Where the box's content starts and ends, in the file or buffer. */
  start: number;
  end: number;
}

/** The sample entry types of every track (e.g. `avc1`, `mp4a`); [] when the file is no readable MP4. */
export async function mp4SampleEntryTypes(path: string): Promise<string[]> {
  const moov = await readMoov(path);
  return moov ? sampleEntries(moov, 0, moov.length) : [];
}

/** The content of the file's `moov` box; undefined when there is none (or it is too large to be one). */
export async function readMoov(path: string): Promise<Buffer | undefined> {
  const file = await fs.open(path, 'r');
  try {
    const moov = await findTopLevelBox(file, (await file.stat()).size, 'moov');
    if (!moov || moov.end - moov.start > MAX_MOOV_BYTES) return undefined;
    const content = Buffer.alloc(moov.end - moov.start);
    await file.read(content, 0, content.length, moov.start);
    return content;
  } finally {
    await file.close();
  }
}

export async function hasAacAudio(path: string): Promise<boolean> {
  const types = await mp4SampleEntryTypes(path).catch((): string[] => []);
  return types.includes(AAC_SAMPLE_ENTRY);
}

async function findTopLevelBox(file: FileHandle, fileSize: number, type: string): Promise<Box | undefined> {
  const header = Buffer.alloc(16);
  for (let offset = 0; offset + 8 <= fileSize;) {
    const { bytesRead } = await file.read(header, 0, 16, offset);
    const box = parseBox(header.subarray(0, bytesRead), 0, fileSize - offset);
    if (!box) return undefined;
    if (box.type === type) return { type, start: offset + box.start, end: offset + box.end };
    offset += box.end;
  }
  return undefined;
}

/** The box whose header starts at `at`, its bounds relative to `buffer`; undefined when malformed. */
export function parseBox(buffer: Buffer, at: number, available: number): Box | undefined {
  if (buffer.length < at + 8) return undefined;
  let size = buffer.readUInt32BE(at);
  const type = buffer.toString('latin1', at + 4, at + 8);
  let headerSize = 8;
  if (size === 1) {
    if (buffer.length < at + 16) return undefined;
    size = Number(buffer.readBigUInt64BE(at + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = available;
  }
  if (size < headerSize || size > available) return undefined;
  return { type, start: at + headerSize, end: at + size };
}

function sampleEntries(buffer: Buffer, start: number, end: number): string[] {
  const found: string[] = [];
  for (let at = start; at + 8 <= end;) {
    const box = parseBox(buffer, at, end - at);
    if (!box) break;
    if (CONTAINERS.has(box.type)) found.push(...sampleEntries(buffer, box.start, box.end));
    // stsd: version and flags (4 bytes), entry count (4 bytes), then one box per sample entry.
    if (box.type === 'stsd') found.push(...childTypes(buffer, box.start + 8, box.end));
    at = box.end;
  }
  return found;
}

function childTypes(buffer: Buffer, start: number, end: number): string[] {
  const types: string[] = [];
  for (let at = start; at + 8 <= end;) {
    const box = parseBox(buffer, at, end - at);
    if (!box) break;
    types.push(box.type);
    at = box.end;
  }
  return types;
}
