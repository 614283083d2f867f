/**
 * The speech formats as files and as playback: extensions, MIME types, what
 * a webview can play, and recognising a format by its first bytes.
 */
import type { SpeechFormat } from '../gateway/types/speech';

interface FormatInfo {
  extension: string;
  mimeType: string;
  /** VS Code's webviews (Chromium without proprietary codecs) can decode it. */
  playable: boolean;
}

export const AUDIO_FORMATS: Readonly<Record<SpeechFormat, FormatInfo>> = {
  mp3: { extension: 'mp3', mimeType: 'audio/mpeg', playable: true },
  opus: { extension: 'opus', mimeType: 'audio/ogg', playable: true },
  aac: { extension: 'aac', mimeType: 'audio/aac', playable: false },
  flac: { extension: 'flac', mimeType: 'audio/flac', playable: true },
  wav: { extension: 'wav', mimeType: 'audio/wav', playable: true },
  // Played with a WAV header added (see pcmToWav).
  pcm: { extension: 'pcm', mimeType: 'audio/pcm', playable: true },
};

/** The speech server's raw PCM: 16-bit little-endian mono at 24 kHz (gaps.md). */
export const PCM_SAMPLE_RATE = 24000;

/** The format to request for playback: the chosen one when a webview can decode it, else mp3. */
export function playbackFormat(format: SpeechFormat): SpeechFormat {
  return AUDIO_FORMATS[format].playable ? format : 'mp3';
}

/** Raw 16-bit mono PCM as a WAV file, which an <audio> element can play. */
export function pcmToWav(pcm: Uint8Array, sampleRate = PCM_SAMPLE_RATE): Uint8Array {
  const header = new DataView(new ArrayBuffer(44));
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) header.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  header.setUint32(4, 36 + pcm.byteLength, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true); // PCM
  header.setUint16(22, 1, true); // mono
  header.setUint32(24, sampleRate, true);
  header.setUint32(28, sampleRate * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  ascii(36, 'data');
  header.setUint32(40, pcm.byteLength, true);
  const wav = new Uint8Array(44 + pcm.byteLength);
  wav.set(new Uint8Array(header.buffer), 0);
  wav.set(pcm, 44);
  return wav;
}

/** The container or stream a file's first bytes announce; raw PCM has no signature. */
export function sniffAudioFormat(bytes: Uint8Array): Exclude<SpeechFormat, 'pcm'> | undefined {
  const text = (from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE') return 'wav';
  if (text(0, 4) === 'fLaC') return 'flac';
  if (text(0, 4) === 'OggS') return 'opus';
  if (text(0, 3) === 'ID3') return 'mp3';
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) {
    // Layer bits 00 mark ADTS (AAC); anything else is an MPEG audio frame.
    return (bytes[1] & 0x06) === 0 ? 'aac' : 'mp3';
  }
  return undefined;
}
