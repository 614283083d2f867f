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
    const several = input.n !== undefined && input.n > 1;
    return {
      invocationMessage: several ? `Generating up to ${input.n} images with ${model}` : `Generating an image with ${model}`,
      confirmationMessages: {
        title: several ? `Generate up to ${input.n} images on the gateway?` : 'Generate an image on the gateway?',
        message: confirmation(`${imageCallSummary({ ...input, model }, inlineCode)} Prompt:`, input.prompt),
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
    const inputs = input.images?.length ? ` from ${input.images.map(inlineCode).join(', ')}` : '';
    return {
      invocationMessage: `Creating a video task with ${model}`,
      confirmationMessages: {
        title: 'Create a video task on the gateway?',
        message: confirmation(`A paid task: ${inlineCode(model)} generates a video${settings ? ` (${settings})` : ''}${inputs}. Prompt:`, input.prompt),
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
    const what = input.save
      ? `saves it as ${input.format ? inlineCode(input.format) : 'an audio file'} in the output folder`
      : 'reads it aloud in the Read Aloud player';
    return {
      invocationMessage: input.save ? 'Saving speech' : 'Reading aloud',
      confirmationMessages: {
        title: input.save ? 'Save this text as speech?' : 'Read this text aloud?',
        message: confirmation(`The gateway's speech model ${what}${input.voice ? ` with the voice ${inlineCode(input.voice)}` : ''}:`, input.text),
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
