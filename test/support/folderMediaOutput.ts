import type { MediaOutput } from '../../src/mediaGeneration/generation/generationRun';
import { uniquePath, writeFileAtomic } from '../../src/files/atomicFile';
import { openContentNamedFile } from '../../src/files/contentNamedFile';
import { downloadToFile, generatedFileBase } from '../../src/output/generatedFiles';

/** Where generated media goes in tests: `dir`, through the same naming, atomic files and downloads as OutputFiles. */
export function folderMediaOutput(dir: string): MediaOutput {
  const output: MediaOutput = {
    mediaFile: (name) => openContentNamedFile((ext) => uniquePath(dir, generatedFileBase(name.prompt, name.member, name.at), ext), name.fallbackExtension),
    downloadMedia: (client, url, name, signal) => downloadToFile(client, url, output.mediaFile(name), signal),
    writeSidecar: (mediaPath, data) => writeFileAtomic(`${mediaPath}.json`, `${JSON.stringify(data, null, 2)}\n`),
  };
  return output;
}
