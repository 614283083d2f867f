/**
 * The gateway's media as language model tools, for any model in agent mode
 * (and vscode.lm.invokeTool). package.json's languageModelTools declares
 * them with these names and their input schemas.
 */
import * as vscode from 'vscode';
import { errorText } from '../gateway/errors';
import type { SpeechFormat } from '../gateway/types/speech';
import type { EntryPoints } from '../platform/entryPoints';
import { imageCallSummary, imageResultText, MEDIA_TOOL_SPECS, readingResultText, speechSavedText, videoTaskResultText } from '../mediaActions/mediaToolSpecs';
import { inlineCode, shownPath } from './chatText';
import type { ImageRequest, MediaActions, SpeechRequest, VideoTaskRequest } from '../mediaActions/mediaActions';
import { t } from '../l10n/localize';

export const GATEWAY_TOOLS = {
  generateImage: MEDIA_TOOL_SPECS.generateImage.languageModelName,
  createVideoTask: MEDIA_TOOL_SPECS.createVideoTask.languageModelName,
  readAloud: MEDIA_TOOL_SPECS.readAloud.languageModelName,
} as const;

export interface ReadAloudInput extends SpeechRequest {
  /** Save an audio file instead of playing it. */
  save?: boolean;
  format?: SpeechFormat;
}

export class GenerateImageTool implements vscode.LanguageModelTool<ImageRequest> {
  constructor(private readonly actions: MediaActions) {}

  prepareInvocation({ input }: vscode.LanguageModelToolInvocationPrepareOptions<ImageRequest>): vscode.PreparedToolInvocation {
    const model = this.actions.modelFor('image', input.model);
    const count = input.n ?? 1;
    return {
      invocationMessage: count > 1 ? t('Generating up to {0} images with {1}', count, model) : t('Generating an image with {0}', model),
      confirmationMessages: {
        title: count > 1 ? t('Generate up to {0} images on the gateway?', count) : t('Generate an image on the gateway?'),
        message: confirmation(t('{0} Prompt:', imageCallSummary({ ...input, model }, inlineCode)), input.prompt),
      },
    };
  }

  invoke({ input }: vscode.LanguageModelToolInvocationOptions<ImageRequest>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    return answer(async () => imageResultText(await this.actions.generateImage(input, token), shownPath));
  }
}

export class CreateVideoTaskTool implements vscode.LanguageModelTool<VideoTaskRequest> {
  constructor(private readonly actions: MediaActions) {}

  prepareInvocation({ input }: vscode.LanguageModelToolInvocationPrepareOptions<VideoTaskRequest>): vscode.PreparedToolInvocation {
    const model = this.actions.modelFor('videoTask', input.model);
    const settings = [input.ratio, input.resolution, input.duration === undefined ? '' : `${input.duration} s`].filter(Boolean).join(', ');
    const inputs = fromImages(input.images);
    return {
      invocationMessage: t('Creating a video task with {0}', model),
      confirmationMessages: {
        title: t('Create a video task on the gateway?'),
        message: confirmation(
          t('A paid task: {model} generates a video{settings}{inputs}. Prompt:', {
            model: inlineCode(model),
            settings: settings ? ` (${settings})` : '',
            inputs,
          }),
          input.prompt,
        ),
      },
    };
  }

  invoke({ input }: vscode.LanguageModelToolInvocationOptions<VideoTaskRequest>): Promise<vscode.LanguageModelToolResult> {
    return answer(async () => videoTaskResultText(await this.actions.createVideoTask(input), this.actions.modelFor('videoTask', input.model)));
  }
}

export class ReadAloudTool implements vscode.LanguageModelTool<ReadAloudInput> {
  constructor(private readonly actions: MediaActions) {}

  prepareInvocation({ input }: vscode.LanguageModelToolInvocationPrepareOptions<ReadAloudInput>): vscode.PreparedToolInvocation {
    const voice = input.voice ? t(' with the voice {0}', inlineCode(input.voice)) : '';
    const sentence = input.save
      ? t("The gateway's speech model saves it as {format} in the output folder{voice}:", {
          format: input.format ? inlineCode(input.format) : t('an audio file'),
          voice,
        })
      : t("The gateway's speech model reads it aloud in the Read Aloud player{voice}:", { voice });
    return {
      invocationMessage: input.save ? t('Saving speech') : t('Reading aloud'),
      confirmationMessages: {
        title: input.save ? t('Save this text as speech?') : t('Read this text aloud?'),
        message: confirmation(sentence, input.text),
      },
    };
  }

  invoke({ input }: vscode.LanguageModelToolInvocationOptions<ReadAloudInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    return answer(async () => {
      const { save, format, ...speech } = input;
      if (save) {
        const saved = await this.actions.saveSpeech({ ...speech, format });
        return speechSavedText(shownPath(saved.path));
      }
      return readingResultText(await this.actions.readAloud(speech, token));
    });
  }
}

export function registerGatewayTools(actions: MediaActions, entryPoints: Pick<EntryPoints, 'registerTool'>): vscode.Disposable[] {
  return [
    entryPoints.registerTool(GATEWAY_TOOLS.generateImage, new GenerateImageTool(actions)),
    entryPoints.registerTool(GATEWAY_TOOLS.createVideoTask, new CreateVideoTaskTool(actions)),
    entryPoints.registerTool(GATEWAY_TOOLS.readAloud, new ReadAloudTool(actions)),
  ];
}

/** " from `a.png`, `b.png`" when the request has input images; empty otherwise. */
function fromImages(images: readonly string[] | undefined): string {
  return images?.length ? t(' from {0}', images.map(inlineCode).join(', ')) : '';
}

/** A markdown sentence, then the text it is about as a code block (shown as written, never rendered as markdown). */
function confirmation(sentence: string, text: string): vscode.MarkdownString {
  return new vscode.MarkdownString(sentence).appendCodeblock(text, 'text');
}

/** The tool's text result; a failure thrown with the server's message, what to do and the request id, for the model to read. */
async function answer(run: () => Promise<string>): Promise<vscode.LanguageModelToolResult> {
  try {
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(await run())]);
  } catch (error) {
    throw new Error(errorText(error), { cause: error });
  }
}
