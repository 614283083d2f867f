// Save as speech: one valid file of the chosen format, however many requests the text needed,
// checked with ffprobe / ffmpeg against the emulator's real audio.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openAtomicFile } from '../../../src/files/atomicFile';
import type { SpeechFormat } from '../../../src/gateway/types/speech';
import { audioJoiner } from '../../../src/speech/audioJoin';
import { pcmToWav, sniffAudioFormat } from '../../../src/speech/audioFormats';
import { chunkForSpeech, FILE_CHUNKS } from '../../../src/speech/chunking';
import { synthesizeToFile } from '../../../src/speech/speechFile';
import { readAudio } from '../../../src/speech/speechSynthesis';
import { clientFixture } from '../client/harness';
import { decodeErrors, decodeRaw, ffprobe, runTool, tempFile } from '../emulator-media/media-tools';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-file-'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

const LONG = Array.from({ length: 100 }, (_, i) => `Sentence ${i} of the text that is saved as speech.`).join(' ');
const PROBE_FORMAT: Record<Exclude<SpeechFormat, 'opus' | 'aac'>, { format: string; codec: string; magic?: string }> = {
  mp3: { format: 'mp3', codec: 'mp3', magic: 'mp3' },
  wav: { format: 'wav', codec: 'pcm_s16le', magic: 'wav' },
  flac: { format: 'flac', codec: 'flac', magic: 'flac' },
  pcm: { format: 's16le', codec: 'pcm_s16le' },
};

/** Seconds of audio the emulator makes for `text`, from a WAV of each part requested on its own. */
async function expectedSeconds(f: Awaited<ReturnType<typeof clientFixture>>, texts: string[], speed: number): Promise<number> {
  let samples = 0;
  for (const input of texts) {
    const audio = await f.client.speech.synthesize({ model: 'kokoro', voice: 'af_heart', input, response_format: 'pcm', speed });
    samples += (await readAudio(audio.body, new AbortController().signal)).length / 2;
  }
  return samples / 24000;
}

for (const format of ['mp3', 'wav', 'flac', 'pcm'] as const) {
  test(`a text over 4096 characters saved as ${format}: one valid ${format} file as long as all its parts`, async () => {
    const f = await clientFixture();
    try {
      const chunks = chunkForSpeech(LONG, FILE_CHUNKS);
      assert.ok(chunks.length >= 2, `${chunks.length} parts`);
      const file = await openAtomicFile(path.join(dir, `long.${format}`));
      const done: number[] = [];
      const result = await synthesizeToFile(
        chunks,
        f.client.speech,
        { model: 'kokoro', voice: 'af_heart', format, speed: 4 },
        file,
        new AbortController().signal,
        { onChunk: (n) => done.push(n) },
      );
      const saved = await file.close();
      assert.deepEqual(
        done,
        chunks.map((_, i) => i + 1),
      );
      assert.equal(result.requestIds.length, chunks.length);
      assert.ok((result.usage.totalTokens ?? 0) > 0);
      const bytes = fs.readFileSync(saved);
      const expected = PROBE_FORMAT[format];
      if (expected.magic) assert.equal(sniffAudioFormat(bytes), expected.magic, 'RIFF / fLaC / MPEG frame sync header');
      const probe = format === 'pcm' ? ffprobe(saved, '-f', 's16le', '-ar', '24000', '-ac', '1') : ffprobe(saved);
      assert.equal(probe.format.format_name, expected.format);
      assert.equal(probe.streams[0].codec_name, expected.codec);
      const want = await expectedSeconds(
        f,
        chunks.map((c) => c.text),
        4,
      );
      const decoded = format === 'pcm' ? bytes.length / 48000 : decodeRaw(saved, 's16le', '-ac', '1', '-ar', '24000').length / 48000;
      assert.ok(Math.abs(decoded - want) < 0.15, `decoded ${decoded} s, expected ${want} s`);
      if (format !== 'mp3' && format !== 'pcm') {
        assert.ok(Math.abs(Number(probe.format.duration) - want) < 0.05, `header says ${probe.format.duration} s, expected ${want} s`);
      }
      if (format !== 'pcm') assert.equal(decodeErrors(saved), '', 'decodes without an error');
    } finally {
      await f.close();
    }
  });
}

test('a file limit stops before the part that would pass it: the file holds the first parts, valid, and says how much; a first part too large saves nothing', async () => {
  const f = await clientFixture();
  try {
    const text = Array.from({ length: 300 }, (_, i) => `Sentence ${i} of the text that is saved as speech.`).join(' ');
    const chunks = chunkForSpeech(text, FILE_CHUNKS);
    assert.ok(chunks.length >= 3, `${chunks.length} parts`);
    const choice = { model: 'kokoro', voice: 'af_heart', format: 'wav' as const, speed: 4 };
    const whole = await openAtomicFile(path.join(dir, 'whole.wav'));
    await synthesizeToFile(chunks, f.client.speech, choice, whole, new AbortController().signal);
    const wholeBytes = fs.statSync(await whole.close()).size;
    const limitBytes = Math.floor((wholeBytes / chunks.length) * 1.5);
    const requestsBefore = f.received('/audio/speech');
    const cutFile = await openAtomicFile(path.join(dir, 'cut.wav'));
    const result = await synthesizeToFile(chunks, f.client.speech, choice, cutFile, new AbortController().signal, { limitBytes });
    const saved = await cutFile.close();
    assert.ok(result.cut, 'cut');
    assert.ok(result.cut.parts >= 1 && result.cut.parts < chunks.length, `${result.cut.parts} of ${chunks.length} parts`);
    assert.equal(
      result.cut.characters,
      chunks.slice(0, result.cut.parts).reduce((n, c) => n + c.text.length, 0),
    );
    assert.ok(fs.statSync(saved).size <= limitBytes, `${fs.statSync(saved).size} bytes within ${limitBytes}`);
    assert.equal(result.cut.bytes, fs.statSync(saved).size);
    assert.ok(f.received('/audio/speech') - requestsBefore <= result.cut.parts + 1, 'at most one part beyond the file was asked for');
    assert.equal(decodeErrors(saved), '', 'the cut file decodes without an error');
    const want = await expectedSeconds(
      f,
      chunks.slice(0, result.cut.parts).map((c) => c.text),
      4,
    );
    assert.ok(Math.abs(Number(ffprobe(saved).format.duration) - want) < 0.05, 'its header counts the parts it holds');

    const none = await openAtomicFile(path.join(dir, 'none.wav'));
    const tooSmall = await synthesizeToFile(chunks, f.client.speech, choice, none, new AbortController().signal, { limitBytes: 1000 });
    await none.abort();
    assert.deepEqual(tooSmall.cut, { parts: 0, characters: 0, bytes: 0, limitBytes: 1000 });
  } finally {
    await f.close();
  }
});

test('the speed changes the length of the saved speech', async () => {
  const f = await clientFixture();
  try {
    const lengths: number[] = [];
    for (const speed of [1, 2]) {
      const file = await openAtomicFile(path.join(dir, `speed-${speed}.wav`));
      await synthesizeToFile(
        chunkForSpeech('A short text to time.', FILE_CHUNKS),
        f.client.speech,
        { model: 'kokoro', voice: 'af_heart', format: 'wav', speed },
        file,
        new AbortController().signal,
      );
      lengths.push(Number(ffprobe(await file.close()).format.duration));
    }
    assert.ok(lengths[1] < lengths[0] * 0.7, `${lengths.join(' s vs ')} s`);
  } finally {
    await f.close();
  }
});

test('opus and aac (which the emulator refuses) join too: chained Ogg links and ADTS frames', () => {
  const wav = (seconds: number, hz: number): string => {
    const out = path.join(dir, `tone-${hz}.wav`);
    runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}:sample_rate=24000`, out]);
    return out;
  };
  const parts = [wav(1, 440), wav(2, 660)];
  for (const [format, codec, args] of [
    ['aac', 'aac', ['-c:a', 'aac', '-f', 'adts']],
    ['opus', 'opus', ['-c:a', 'libopus', '-f', 'ogg']],
  ] as const) {
    const encoded = parts.map((p, i) => {
      const out = path.join(dir, `part-${i}.${format}`);
      runTool('ffmpeg', ['-v', 'error', '-y', '-i', p, ...args, out]);
      return fs.readFileSync(out);
    });
    const joiner = audioJoiner(format);
    const joined = tempFile(
      encoded.map((e) => Buffer.from(joiner.append(e))),
      format,
    );
    assert.deepEqual(joiner.finish(), []);
    assert.equal(ffprobe(joined).streams[0].codec_name, codec);
    const seconds = decodeRaw(joined, 's16le', '-ac', '1', '-ar', '24000').length / 48000;
    assert.ok(Math.abs(seconds - 3) < 0.15, `${format}: ${seconds} s decoded of 3 s`);
  }
});

test('raw PCM gets a WAV header for playback', () => {
  const pcm = new Uint8Array(48000); // one second of silence at 24 kHz
  const wav = pcmToWav(pcm);
  assert.equal(sniffAudioFormat(wav), 'wav');
  const probe = ffprobe(tempFile(Buffer.from(wav), 'wav'));
  assert.equal(probe.streams[0].sample_rate, '24000');
  assert.equal(probe.streams[0].channels, 1);
  assert.equal(Number(probe.format.duration), 1);
});

test('recognising formats by their first bytes', () => {
  assert.equal(sniffAudioFormat(Buffer.from('ID3\u0004\u0000')), 'mp3');
  assert.equal(sniffAudioFormat(Uint8Array.of(0xff, 0xf3, 0x64)), 'mp3');
  assert.equal(sniffAudioFormat(Uint8Array.of(0xff, 0xf1, 0x50)), 'aac');
  assert.equal(sniffAudioFormat(Buffer.from('OggS\u0000')), 'opus');
  assert.equal(sniffAudioFormat(Buffer.from('fLaC')), 'flac');
  assert.equal(sniffAudioFormat(Uint8Array.of(1, 2, 3, 4)), undefined);
});
