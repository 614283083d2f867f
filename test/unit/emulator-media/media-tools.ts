import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** ffprobe/ffmpeg helpers for the emulator media tests; a missing tool is a failure, not a skip. */

const tempDirectory = mkdtempSync(join(tmpdir(), 'emulator-media-'));
process.on('exit', () => rmSync(tempDirectory, { recursive: true, force: true }));
let tempCounter = 0;

export function tempFile(data: Buffer | Buffer[], extension: string): string {
  const path = join(tempDirectory, `${tempCounter++}.${extension}`);
  writeFileSync(path, Array.isArray(data) ? Buffer.concat(data) : data);
  return path;
}

export interface ToolResult {
  stdout: Buffer;
  stderr: string;
}

export function runTool(tool: 'ffmpeg' | 'ffprobe', args: string[]): ToolResult {
  const result = spawnSync(tool, args, { maxBuffer: 1024 * 1024 * 1024 });
  if (result.error) {
    throw new Error(`${tool} is required by these tests (Debian: apt-get install ffmpeg): ${result.error.message}`);
  }
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(' ')} exited with ${result.status}: ${result.stderr.toString()}`);
  }
  return { stdout: result.stdout, stderr: result.stderr.toString() };
}

export interface ProbedStream {
  codec_name: string;
  codec_type: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  nb_read_frames?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
}

export interface Probe {
  streams: ProbedStream[];
  format: { format_name: string; duration?: string; size: string };
}

export function ffprobe(path: string, ...extraArgs: string[]): Probe {
  const { stdout } = runTool('ffprobe', ['-v', 'error', ...extraArgs, '-show_streams', '-show_format', '-of', 'json', path]);
  return JSON.parse(stdout.toString()) as Probe;
}

/**
 * Decodes the whole file and returns what ffmpeg reported at level "error" (empty when the
 * stream is clean); CRCs are verified too, so a wrong PNG or FLAC checksum shows up here.
 */
export function decodeErrors(path: string): string {
  return runTool('ffmpeg', ['-v', 'error', '-err_detect', 'crccheck', '-i', path, '-f', 'null', '-']).stderr;
}

/** Decoded output in a raw format, e.g. decodeRaw(file, 's16le') or decodeRaw(file, 'rawvideo', '-pix_fmt', 'rgb24'). */
export function decodeRaw(path: string, format: string, ...outputArgs: string[]): Buffer {
  return runTool('ffmpeg', ['-v', 'error', '-i', path, ...outputArgs, '-f', format, '-']).stdout;
}

export function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}
