/** Speech for a text saved as one audio file in the output folder, with a sidecar saying how it was made. */
import type { SpeechFormat } from '../gateway/types/speech';
import type { SavedSpeech } from '../mediaActions/commandContracts';
import type { OutputFiles } from '../output/outputFiles';
import type { ProgressReporter } from '../platform/progress';
import { AUDIO_FORMATS } from '../speech/audioFormats';
import { chunkForSpeech, FILE_CHUNKS } from '../speech/chunking';
import { synthesizeToFile, type SpeechFileCut } from '../speech/speechFile';
import { cleanForSpeech } from '../speech/speechText';
import { describeUsage } from '../speech/usage';
import { voiceForText } from '../speech/voices';
import type { ReadAloudServices } from './readAloudController';
import { t } from '../l10n/localize';

export interface SaveSpeechRequest {
  text: string;
  format: SpeechFormat;
  voice?: string;
  speed?: number;
}

export class SpeechSaver {
  constructor(
    private readonly services: ReadAloudServices,
    private readonly outputFiles: Pick<OutputFiles, 'newPath' | 'openFile' | 'writeSidecar'>,
  ) {}

  async save(request: SaveSpeechRequest, signal: AbortSignal, progress?: ProgressReporter): Promise<SavedSpeech> {
    const cleaned = cleanForSpeech(request.text).text;
    const chunks = chunkForSpeech(cleaned, FILE_CHUNKS);
    if (chunks.length === 0) throw new Error(t('There is nothing to say: the text has no words.'));
    const settings = this.services.settings.speech();
    const choice = {
      model: this.services.settings.model('speech'),
      voice: request.voice ?? voiceForText(cleaned, settings),
      format: request.format,
      speed: request.speed ?? settings.speed,
    };
    const client = this.services.clients.get();
    const file = await this.outputFiles.openFile(await this.outputFiles.newPath(cleaned, AUDIO_FORMATS[request.format].extension));
    let result;
    try {
      const limitBytes = this.services.settings.speechFileLimitMegabytes() * MEGABYTE;
      result = await synthesizeToFile(chunks, client.speech, choice, file, signal, {
        limitBytes,
        onChunk: (done, count) => {
          if (count > 1) progress?.report(t('part {0} of {1}', done, count), 100 / count);
        },
      });
      if (result.cut?.parts === 0) throw new Error(cutMessage(result.cut, chunks.length, cleaned.length));
    } catch (error) {
      await file.abort();
      throw error;
    }
    const path = await file.close();
    await this.outputFiles.writeSidecar(path, {
      ...choice,
      characters: cleaned.length,
      parts: chunks.length,
      usage: result.usage,
      requestIds: result.requestIds,
      ...(result.cut ? { cut: result.cut } : {}),
      createdAt: new Date().toISOString(),
    });
    this.services.log.info(
      `Speech saved as ${path} (${chunks.length} part(s), ${choice.voice}, ${choice.format}): ${describeUsage(result.usage) ?? 'no usage headers'}.`,
    );
    const saved: SavedSpeech = { path, parts: result.cut?.parts ?? chunks.length, usage: result.usage };
    if (result.cut) saved.cutNote = cutMessage(result.cut, chunks.length, cleaned.length);
    return saved;
  }
}

const MEGABYTE = 1024 * 1024;

/** Says how much of the text the file holds, and which setting let it hold no more. */
function cutMessage(cut: SpeechFileCut, parts: number, characters: number): string {
  const limit = Math.round(cut.limitBytes / MEGABYTE);
  if (cut.parts === 0) {
    return t(
      'Nothing was saved: the speech of the first part alone is larger than {0} MB (genaiGateway.speech.maxFileMegabytes). Raise that setting or save a shorter text.',
      limit,
    );
  }
  return t(
    'The file holds the first {0} of {1} parts ({2} of {3} characters, {4} MB): it reached its limit of {5} MB (genaiGateway.speech.maxFileMegabytes). Raise that setting, or save the rest of the text separately.',
    cut.parts,
    parts,
    cut.characters,
    characters,
    (cut.bytes / MEGABYTE).toFixed(1),
    limit,
  );
}
