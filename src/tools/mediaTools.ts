/**
 * The gateway's media as chat tools: the same actions, schemas and result
 * texts as VS Code's language model tools. Input images must be workspace
 * files (or, for video tasks, http(s) URLs): the actions refuse any other
 * path, so nothing else leaves the machine.
 */
import * as vscode from 'vscode';
import type { SpeechFormat } from '../gateway/types/speech';
import { IMAGE_SET_MAX, SPEECH_FORMATS } from '../gateway/validation/limits';
import type { ImageRequest, MediaActions, VideoTaskRequest } from '../mediaActions/mediaActions';
import {
  imageCallSummary,
  imageResultText,
  MEDIA_TOOL_SPECS,
  readingResultText,
  speechSavedText,
  videoTaskResultText,
  type MediaToolSpec,
} from '../mediaActions/mediaToolSpecs';
import { optionalBoolean, optionalInteger, optionalNumber, optionalString, optionalStrings, requiredString, type ToolArgs } from './toolArgs';
import type { ToolSpec } from './toolSpec';
import { tokenFor } from '../workspace/cancellation';
import type { WorkspaceTool } from './workspaceTool';
import { shownPath } from '../workspace/workspacePaths';

export function mediaTools(actions: MediaActions): WorkspaceTool[] {
  return [
    {
      spec: spec(MEDIA_TOOL_SPECS.generateImage),
      // Checked before the user is asked: a count the model or its inputs do not allow is refused, naming the values allowed.
      async preview(args) {
        const request = imageRequest(args);
        actions.imageFields(request);
        return { note: imageCallSummary({ ...request, model: actions.modelFor('image', request.model) }, (text) => text) };
      },
      async run(args, signal) {
        const request = imageRequest(args);
        const source = tokenFor(signal);
        try {
          const result = await actions.generateImage(request, source.token);
          return { text: imageResultText(result, (file) => shownPath(vscode.Uri.file(file))), media: { kind: 'images', files: result.files } };
        } finally {
          source.dispose();
        }
      },
    },
    {
      spec: spec(MEDIA_TOOL_SPECS.createVideoTask),
      async run(args) {
        const request: VideoTaskRequest = {
          prompt: requiredString(args, 'prompt'),
          model: optionalString(args, 'model'),
          images: optionalStrings(args, 'images'),
          ratio: optionalString(args, 'ratio') as VideoTaskRequest['ratio'],
          resolution: optionalString(args, 'resolution') as VideoTaskRequest['resolution'],
          duration: optionalInteger(args, 'duration', -1, 12),
          generateAudio: optionalBoolean(args, 'generateAudio'),
          // The chat's card shows it as the video's poster.
          returnLastFrame: true,
        };
        const taskId = await actions.createVideoTask(request);
        return { text: videoTaskResultText(taskId, actions.modelFor('videoTask', request.model)), media: { kind: 'videoTask', taskId } };
      },
    },
    {
      spec: spec(MEDIA_TOOL_SPECS.readAloud),
      async run(args, signal) {
        const speech = { text: requiredString(args, 'text'), voice: optionalString(args, 'voice'), speed: optionalNumber(args, 'speed') };
        if (optionalBoolean(args, 'save')) {
          const saved = await actions.saveSpeech({ ...speech, format: speechFormat(args) });
          return { text: speechSavedText(shownPath(vscode.Uri.file(saved.path))), media: { kind: 'speech', file: saved.path } };
        }
        const source = tokenFor(signal);
        try {
          return { text: readingResultText(await actions.readAloud(speech, source.token)), media: { kind: 'speech' } };
        } finally {
          source.dispose();
        }
      },
    },
  ];
}

function imageRequest(args: ToolArgs): ImageRequest {
  return {
    prompt: requiredString(args, 'prompt'),
    model: optionalString(args, 'model'),
    size: optionalString(args, 'size'),
    images: optionalStrings(args, 'images'),
    n: optionalInteger(args, 'n', 1, IMAGE_SET_MAX),
  };
}

/** Paid, or playing sound: never read-only. */
function spec(media: MediaToolSpec): ToolSpec {
  return { name: media.chatName, description: media.description, parameters: media.parameters, readOnly: false };
}

/* model text */
function speechFormat(args: ToolArgs): SpeechFormat | undefined {
  const format = optionalString(args, 'format');
  if (format !== undefined && !(SPEECH_FORMATS as readonly string[]).includes(format)) throw new Error(`"format" must be one of ${SPEECH_FORMATS.join(', ')}.`);
  return format as SpeechFormat | undefined;
}
