// Save Selection as Speech with a file limit: the saved file and the message say how much of the text it holds and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openAtomicFile, uniquePath, writeFileAtomic } from '../../../src/files/atomicFile';
import { SpeechSaver } from '../../../src/readAloud/speechSaver';
import { clientFixture, type ClientFixture } from '../client/harness';

const MB = 1024 * 1024;
const TEXT = Array.from({ length: 300 }, (_, i) => `Sentence ${i} of a long text that is saved as speech.`).join(' ');

function saverWithLimit(fixture: ClientFixture, folder: string, megabytes: number): SpeechSaver {
  return new SpeechSaver(
    {
      clients: { get: () => fixture.client },
      settings: {
        model: () => 'kokoro',
        speech: () => ({ voice: 'af_heart', voiceByLanguage: {}, speed: 1, format: 'wav' }),
        setSpeechSpeed: () => Promise.resolve(),
        speechFileLimitMegabytes: () => megabytes,
      },
      log: { info: () => undefined, warn: () => undefined },
    },
    {
      newPath: (_prompt, ext) => uniquePath(folder, 'speech', ext),
      openFile: (target) => openAtomicFile(target),
      writeSidecar: (mediaPath, data) => writeFileAtomic(`${mediaPath}.json`, `${JSON.stringify(data, null, 2)}\n`),
    },
  );
}

test('a speech file that reaches genaiGateway.speech.maxFileMegabytes keeps its first parts, and the note says how much and which setting', async () => {
  const fixture = await clientFixture();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-saver-'));
  try {
    const whole = await saverWithLimit(fixture, folder, 2048).save({ text: TEXT, format: 'wav' }, new AbortController().signal);
    assert.equal(whole.cutNote, undefined);
    assert.ok(whole.parts >= 3, `${whole.parts} parts`);
    const megabytes = Math.ceil((fs.statSync(whole.path).size / whole.parts / MB) * 1.5);
    const saved = await saverWithLimit(fixture, folder, megabytes).save({ text: TEXT, format: 'wav' }, new AbortController().signal);
    assert.ok(saved.parts >= 1 && saved.parts < whole.parts, `${saved.parts} of ${whole.parts} parts`);
    assert.match(
      saved.cutNote ?? '',
      new RegExp(
        `^The file holds the first ${saved.parts} of ${whole.parts} parts \\(\\d+ of ${TEXT.length} characters, [\\d.]+ MB\\): it reached its limit of ${megabytes} MB \\(genaiGateway\\.speech\\.maxFileMegabytes\\)`,
      ),
    );
    assert.ok(fs.statSync(saved.path).size <= megabytes * MB);
    const sidecar = JSON.parse(fs.readFileSync(`${saved.path}.json`, 'utf8')) as { cut?: { parts: number } };
    assert.equal(sidecar.cut?.parts, saved.parts);
  } finally {
    await fixture.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('a first part larger than the limit saves nothing, and the error names the setting', async () => {
  const fixture = await clientFixture();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-saver-'));
  try {
    // The emulator's WAV of a ~4,000-character part at speed 1 is several MB.
    await assert.rejects(
      saverWithLimit(fixture, folder, 1).save({ text: TEXT, format: 'wav' }, new AbortController().signal),
      /Nothing was saved: the speech of the first part alone is larger than 1 MB \(genaiGateway\.speech\.maxFileMegabytes\)/,
    );
    assert.deepEqual(fs.readdirSync(folder), [], 'no file left behind');
  } finally {
    await fixture.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
