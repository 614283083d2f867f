/** Speech saved as an audio file, as "Save Selection as Speech" does. */
import { openAtomicFile, uniquePath, writeFileAtomic } from '../../../../src/files/atomicFile';
import { generatedFileBase } from '../../../../src/output/generatedFiles';
import { SpeechSaver } from '../../../../src/readAloud/speechSaver';
import { type Endpoint, outcomeOf } from './endpoint';
import { verifyMediaFolder } from './mediaEndpoints';

const TEXT = 'The tide comes in twice a day. Boats wait for it in the harbour.';

export function speechFile(): Endpoint {
  return {
    name: 'speech saved to a file',
    faultPath: '/audio',
    retry: 'paid',
    specificFaults: [],
    midBodyBytes: 300,
    run: ({ fixture, folder }) =>
      outcomeOf(() => {
        const saver = new SpeechSaver(
          {
            clients: { get: () => fixture.client },
            settings: {
              model: () => 'kokoro',
              speech: () => ({ voice: 'af_heart', voiceByLanguage: {}, speed: 1, format: 'mp3' }),
              setSpeechSpeed: () => Promise.resolve(),
              speechFileLimitMegabytes: () => 256,
            },
            log: { info: () => undefined, warn: () => undefined },
          },
          {
            newPath: (prompt, ext, member, at) => uniquePath(folder, generatedFileBase(prompt, member, at ?? new Date()), ext),
            openFile: (target) => openAtomicFile(target),
            writeSidecar: (mediaPath, data) => writeFileAtomic(`${mediaPath}.json`, `${JSON.stringify(data, null, 2)}\n`),
          },
        );
        return saver.save({ text: TEXT, format: 'mp3' }, new AbortController().signal);
      }),
    verify: verifyMediaFolder,
  };
}
