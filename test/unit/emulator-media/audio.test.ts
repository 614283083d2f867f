import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { encodeSpeech, supportedSpeechFormats, UnsupportedAudioFormatError } from '../../emulator/media/audio';
import { decodeErrors, decodeRaw, elapsedMs, ffprobe, tempFile } from './media-tools';

const TEXT = 'Hello there, this is the gateway emulator. It speaks in tones! Does it work? Yes.';
const SENTENCES = 4;
const SECONDS_PER_CHARACTER = 0.06;
/** Each sentence is padded with at most this much silence (one FLAC block of 2304 samples at 24 kHz). */
const MAX_PAD_SECONDS = 2304 / 24000;

function assertPlausibleDuration(seconds: number, text: string, speed: number, sentences: number): void {
  const spoken = (text.length * SECONDS_PER_CHARACTER) / speed;
  assert.ok(seconds >= spoken - 0.05 && seconds <= spoken + sentences * MAX_PAD_SECONDS + 0.05, `${seconds} s for ${spoken} s of text`);
}

test('mp3, flac, wav and pcm are supported; opus and aac are refused with the supported list', () => {
  assert.deepEqual(supportedSpeechFormats(), ['mp3', 'flac', 'wav', 'pcm']);
  for (const format of ['opus', 'aac'] as const) {
    assert.throws(
      () => encodeSpeech(TEXT, { format, speed: 1 }),
      (error: unknown) => error instanceof UnsupportedAudioFormatError && error.format === format && error.message.includes('mp3, flac, wav, pcm'),
    );
  }
});

test('one chunk per sentence, with the content type of the format', () => {
  const expectedTypes = { mp3: 'audio/mpeg', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm' };
  for (const format of supportedSpeechFormats()) {
    const speech = encodeSpeech(TEXT, { format, speed: 1 });
    assert.equal(speech.contentType, expectedTypes[format as keyof typeof expectedTypes]);
    assert.equal(speech.chunks.length, SENTENCES);
  }
});

test('wav decodes as 24 kHz mono 16-bit with a duration that follows text length and speed', () => {
  for (const speed of [0.5, 1, 2.5]) {
    const speech = encodeSpeech(TEXT, { format: 'wav', speed });
    const file = tempFile(speech.chunks, 'wav');
    const [stream] = ffprobe(file).streams;
    assert.equal(stream.codec_name, 'pcm_s16le');
    assert.equal(stream.sample_rate, '24000');
    assert.equal(stream.channels, 1);
    assertPlausibleDuration(Number(stream.duration), TEXT, speed, SENTENCES);
    assert.equal(decodeErrors(file), '');
    const whole = Buffer.concat(speech.chunks);
    assert.equal(whole.readUInt32LE(40), whole.length - 44, 'data size in the header');
    assert.equal(whole.readUInt32LE(4), whole.length - 8, 'RIFF size in the header');
  }
});

test('pcm is the wav data without the header', () => {
  const pcm = Buffer.concat(encodeSpeech(TEXT, { format: 'pcm', speed: 1.25 }).chunks);
  const wav = Buffer.concat(encodeSpeech(TEXT, { format: 'wav', speed: 1.25 }).chunks);
  assert.ok(pcm.equals(wav.subarray(44)));
  assert.equal(pcm.length % 2, 0);
  assertPlausibleDuration(pcm.length / 2 / 24000, TEXT, 1.25, SENTENCES);
  assert.ok(
    pcm.some((byte) => byte !== 0),
    'expected sound, not silence',
  );
});

test('flac is lossless, with correct CRCs, sample rate, duration and STREAMINFO MD5', () => {
  const pcm = Buffer.concat(encodeSpeech(TEXT, { format: 'pcm', speed: 1 }).chunks);
  const speech = encodeSpeech(TEXT, { format: 'flac', speed: 1 });
  const file = tempFile(speech.chunks, 'flac');
  const [stream] = ffprobe(file).streams;
  assert.equal(stream.codec_name, 'flac');
  assert.equal(stream.sample_rate, '24000');
  assert.equal(stream.channels, 1);
  assert.equal(Number(stream.duration), pcm.length / 2 / 24000);
  assert.equal(decodeErrors(file), '');
  assert.ok(decodeRaw(file, 's16le').equals(pcm), 'decoded FLAC differs from the PCM');
  const whole = Buffer.concat(speech.chunks);
  assert.ok(whole.subarray(26, 42).equals(createHash('md5').update(pcm).digest()));
  assert.ok(whole.length < pcm.length * 0.6, 'FIXED prediction should compress the tones');
  for (const chunk of speech.chunks.slice(1)) {
    assert.equal(chunk.readUInt16BE(0), 0xfff8, 'each sentence starts with a frame');
  }
});

test('mp3 decodes cleanly, lasts as long as the wav and carries the same pitches', () => {
  const speech = encodeSpeech(TEXT, { format: 'mp3', speed: 1 });
  const file = tempFile(speech.chunks, 'mp3');
  const [stream] = ffprobe(file).streams;
  assert.equal(stream.codec_name, 'mp3');
  assert.equal(stream.sample_rate, '24000');
  assert.equal(stream.channels, 1);
  const pcm = Buffer.concat(encodeSpeech(TEXT, { format: 'pcm', speed: 1 }).chunks);
  assert.ok(Math.abs(Number(stream.duration) - pcm.length / 2 / 24000) < 0.03);
  assert.equal(decodeErrors(file), '');
  for (const chunk of speech.chunks) {
    assert.equal(chunk.readUInt16BE(0), 0xfff3, 'each sentence starts with an MPEG-2 Layer III frame');
  }
  assert.equal(decodeErrors(tempFile(speech.chunks[2], 'mp3')), '', 'a single sentence decodes on its own');

  const decoded = floatSamples(decodeRaw(file, 'f32le'));
  const reference = floatSamples(decodeRaw(tempFile(encodeSpeech(TEXT, { format: 'wav', speed: 1 }).chunks, 'wav'), 'f32le'));
  // MP3 decoders delay the signal by 529 samples.
  const window = 2400;
  const mp3Start = 2400 + 529;
  assert.ok(rms(decoded.subarray(mp3Start, mp3Start + window)) > 0.05, 'expected an audible tone');
  const mp3Pitch = dominantFrequency(decoded.subarray(mp3Start, mp3Start + window), 24000);
  const wavPitch = dominantFrequency(reference.subarray(2400, 2400 + window), 24000);
  assert.ok(Math.abs(mp3Pitch - wavPitch) <= 25, `mp3 ${mp3Pitch} Hz vs wav ${wavPitch} Hz`);
});

test('other sample rates: flac and wav at 44.1 kHz, mp3 at 16 and 22.05 kHz', () => {
  for (const [format, sampleRate] of [
    ['flac', 44100],
    ['wav', 44100],
    ['mp3', 16000],
    ['mp3', 22050],
  ] as const) {
    const file = tempFile(encodeSpeech(TEXT, { format, speed: 1, sampleRate }).chunks, format);
    const [stream] = ffprobe(file).streams;
    assert.equal(stream.sample_rate, String(sampleRate));
    assert.equal(decodeErrors(file), '');
  }
  assert.throws(() => encodeSpeech(TEXT, { format: 'mp3', speed: 1, sampleRate: 44100 }), RangeError);
});

test('blank text still gives one valid chunk', () => {
  for (const format of ['mp3', 'flac', 'wav'] as const) {
    const speech = encodeSpeech('  ', { format, speed: 1 });
    assert.equal(speech.chunks.length, 1);
    assert.equal(decodeErrors(tempFile(speech.chunks, format)), '');
  }
});

test('a 4096-character input at speed 1 is a few minutes of audio and cheap to make', (t) => {
  const text = 'The quick brown fox jumps over the lazy dog. '.repeat(92).slice(0, 4096);
  for (const format of supportedSpeechFormats()) {
    const start = process.hrtime.bigint();
    const speech = encodeSpeech(text, { format, speed: 1 });
    const ms = elapsedMs(start);
    t.diagnostic(`${format}: ${ms.toFixed(0)} ms, ${speech.chunks.length} chunks`);
    assert.ok(ms < 10_000, `${format} took ${ms} ms`);
    if (format === 'flac') {
      const seconds = Number(ffprobe(tempFile(speech.chunks, 'flac')).streams[0].duration);
      assertPlausibleDuration(seconds, text, 1, speech.chunks.length);
      assert.ok(seconds < 300);
    }
  }
});

test('speed and sample rate outside the allowed ranges are refused', () => {
  assert.throws(() => encodeSpeech(TEXT, { format: 'wav', speed: 0.1 }), RangeError);
  assert.throws(() => encodeSpeech(TEXT, { format: 'wav', speed: 5 }), RangeError);
  assert.throws(() => encodeSpeech(TEXT, { format: 'wav', speed: 1, sampleRate: 100 }), RangeError);
});

function floatSamples(bytes: Buffer): Float32Array {
  const copy = Uint8Array.from(bytes);
  return new Float32Array(copy.buffer, 0, copy.length / 4);
}

function rms(samples: Float32Array): number {
  return Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);
}

/** The strongest frequency between 100 and 700 Hz, by Goertzel power at 5 Hz steps. */
function dominantFrequency(samples: Float32Array, sampleRate: number): number {
  let best = 0;
  let bestPower = -1;
  for (let frequency = 100; frequency <= 700; frequency += 5) {
    const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
    let previous = 0;
    let beforePrevious = 0;
    for (const sample of samples) {
      const current = sample + coefficient * previous - beforePrevious;
      beforePrevious = previous;
      previous = current;
    }
    const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
    if (power > bestPower) {
      bestPower = power;
      best = frequency;
    }
  }
  return best;
}
