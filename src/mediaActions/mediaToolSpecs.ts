/**
 * The gateway's media actions as tools, shared by the chat view's tools
 * (src/tools/mediaTools.ts) and VS Code's language model tools
 * (src/languageModels/gatewayTools.ts, declared in package.json's
 * languageModelTools with these schemas): names, what the model is told,
 * parameters, and the text of their results. Pure.
 */
import type { JsonSchemaObject } from '../gateway/types/chat';
import type { GenerateCommandResult } from './commandContracts';
import type { ReadingReport } from '../speech/readingSession';
import { imagesAsked } from './imageSet';
import { t } from '../l10n/localize';

export interface MediaToolSpec {
  /** The function name in the chat view's requests. */
  chatName: string;
  /** The id of the language model tool (package.json languageModelTools). */
  languageModelName: string;
  description: string;
  parameters: JsonSchemaObject;
}

/* model text */
export const MEDIA_TOOL_SPECS = {
  generateImage: {
    chatName: 'generate_image',
    languageModelName: 'genaiGateway_generateImage',
    description:
      "Generates an image with the user's generative AI gateway from a text prompt, optionally editing one workspace image or combining several as references, and saves it as a file in the workspace's output folder. Use it when the user asks for a picture, illustration, icon or an edited image. Each call is a paid request. Returns the paths of the saved files.",
    parameters: {
      type: 'object',
      properties: {
        prompt: {
          type: 'string',
          description: 'What the image shows, in detail: subject, style, composition, colours.',
        },
        model: {
          type: 'string',
          description: "An image model id of the gateway, e.g. bytedance-seedream-4-5. Omit for the user's default.",
        },
        size: {
          type: 'string',
          description:
            "A named size (2K or 4K; 1K also on model 4.0) or WIDTHxHEIGHT within the model's pixel range: model 4.0 from 1024x1024, model 4.5 from 2560x1440 (3686400 pixels), both up to 4096x4096, e.g. 2560x1440. Omit for the model's default.",
        },
        images: {
          type: 'array',
          items: { type: 'string' },
          description: 'Workspace-relative paths of input images: one to edit, or several as references. Omit to generate from the prompt alone.',
        },
        n: {
          type: 'integer',
          minimum: 1,
          maximum: 15,
          description:
            'How many images to generate as a set of related images (image models 4.0 and 4.5; input images and generated images are at most 15 together; the basic model makes 1). The model makes up to n, each one billed: describe in the prompt how the images of the set differ. Omit for one image.',
        },
      },
      required: ['prompt'],
      additionalProperties: false,
    },
  },
  createVideoTask: {
    chatName: 'create_video_task',
    languageModelName: 'genaiGateway_createVideoTask',
    description:
      "Starts an asynchronous video generation task on the user's generative AI gateway from a text prompt, optionally animating workspace images (one: first frame; two: first and last frame). The task runs for minutes: VS Code's Video Tasks view follows it and saves the video in the workspace's output folder when it succeeds. Each call is a paid task. Returns the task id.",
    parameters: {
      type: 'object',
      properties: {
        prompt: {
          type: 'string',
          description: 'What happens in the video: subject, motion, camera, style.',
        },
        model: {
          type: 'string',
          description: "A video task model id of the gateway, e.g. seedance-1-0-pro-250528. Omit for the user's default.",
        },
        images: {
          type: 'array',
          items: { type: 'string' },
          description: 'Workspace-relative paths or http(s) URLs of images to animate. Omit for a video from the prompt alone.',
        },
        ratio: {
          type: 'string',
          enum: ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive'],
          description: "Aspect ratio. Omit for the model's default.",
        },
        duration: {
          type: 'integer',
          minimum: -1,
          maximum: 12,
          description: "Length in seconds (2 to 12 depending on the model; -1 lets second-generation models choose). Omit for the model's default.",
        },
        resolution: {
          type: 'string',
          enum: ['480p', '720p', '1080p'],
          description: "Omit for the model's default.",
        },
        generateAudio: {
          type: 'boolean',
          description: 'Second-generation models only: a soundtrack with the video.',
        },
      },
      required: ['prompt'],
      additionalProperties: false,
    },
  },
  readAloud: {
    chatName: 'read_aloud',
    languageModelName: 'genaiGateway_readAloud',
    description:
      "Speaks text to the user with the generative AI gateway's speech model in VS Code's Read Aloud player and returns when the reading ends; with save=true it saves the speech as an audio file in the workspace's output folder instead and returns its path. Use it when the user wants to hear text, or wants a narration or voice-over file.",
    parameters: {
      type: 'object',
      properties: {
        text: {
          type: 'string',
          description: 'The text to speak, as it should be said (markdown is read as plain text).',
        },
        voice: {
          type: 'string',
          description: "A voice id, e.g. af_heart, bf_emma, ff_siwis. Omit for the user's default, which follows the text's language.",
        },
        speed: {
          type: 'number',
          minimum: 0.25,
          maximum: 4,
          description: "Speaking speed, 1 is normal. Omit for the user's setting.",
        },
        save: {
          type: 'boolean',
          description: 'true: save an audio file instead of playing it.',
        },
        format: {
          type: 'string',
          enum: ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'],
          description: "Audio format of a saved file. Omit for the user's setting.",
        },
      },
      required: ['text'],
      additionalProperties: false,
    },
  },
} as const satisfies Record<string, MediaToolSpec>;

/** What an image call will do, for the user asked to approve it; `code` marks up a model id, size or path. */
export function imageCallSummary(call: { model: string; n?: number; size?: string; images?: readonly string[] }, code: (text: string) => string): string {
  let what = imagesAsked(call.n);
  if (call.images?.length) what = t('{0} from {1}', what, call.images.map(code).join(', '));
  if (call.size) what = t('{0} in size {1}', what, code(call.size));
  return t('A paid request: {0} generates {1}, saved in the output folder.', code(call.model), what);
}

/** What the model reads after an image generation; `shown` makes a saved file's path readable (workspace-relative). */
/* model text */
export function imageResultText(result: GenerateCommandResult, shown: (file: string) => string): string {
  const saved = result.files.map(shown);
  return [
    saved.length === 0 ? 'No image was saved.' : `Saved ${saved.length === 1 ? 'the image' : `${saved.length} images`}: ${saved.join(', ')}.`,
    result.generated ? `Generated: ${result.generated}.` : '',
    ...result.failed.map((f) => `Image #${f.member} failed: ${f.message}`),
    result.cancelled ? 'Cancelled before the rest were downloaded.' : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/* model text */
export function videoTaskResultText(taskId: string, model: string): string {
  return (
    `Created the video task ${taskId} with ${model}. It runs on the gateway for a few minutes; ` +
    'the Video Tasks view shows its progress and saves the video in the output folder when it succeeds.'
  );
}

/* model text */
export function speechSavedText(shownPath: string): string {
  return `Saved the speech as ${shownPath}.`;
}

/* model text */
export function readingResultText(report: Pick<ReadingReport, 'outcome' | 'played' | 'chunkCount'>): string {
  return `Reading aloud ${report.outcome}: ${report.played} of ${report.chunkCount} parts played.`;
}
