/**
 * The gateway's media as the chat tools and the @gateway participant use
 * them: through the palette commands, with arguments instead of their forms,
 * failures thrown back instead of shown. Input files a model names must be
 * inside the workspace (the path policy of every tool).
 */
import * as vscode from 'vscode';
import { classifyModel, type ModelCapability } from '../gateway/catalog';
import type { SpeechFormat } from '../gateway/types/speech';
import type { ModelRole, SpeechSettings } from '../platform/settings';
import type { ReadingReport } from '../speech/readingSession';
import type { CreateVideoTaskArgs } from '../tasks/createTaskArgs';
import type { GenerateCommandArgs, GenerateCommandResult, SavedSpeech, SpeechCommandArgs } from './commandContracts';
import { MEDIA_COMMANDS, READ_ALOUD_COMMANDS, TASK_COMMANDS } from './commandIds';
import { imageSetFields } from './imageSet';
import { workspaceInputFiles } from '../workspace/workspacePaths';
import { t } from '../l10n/localize';

export interface ImageRequest {
  prompt: string;
  model?: string;
  size?: string;
  /** Images to edit or use as references: paths inside the workspace (relative to it, or absolute); others are refused. */
  images?: string[];
  /** How many images, as a set on models 4.0 and 4.5 (1 to 15 with the input images); default 1. */
  n?: number;
}

/** `images`: paths inside the workspace, or http(s) URLs; other paths are refused. */
export type VideoTaskRequest = Pick<CreateVideoTaskArgs, 'model' | 'images' | 'ratio' | 'duration' | 'resolution' | 'generateAudio' | 'returnLastFrame'> & {
  prompt: string;
};

export interface SpeechRequest {
  text: string;
  voice?: string;
  speed?: number;
}

export interface MediaActionSettings {
  model(role: ModelRole): string;
  speech(): SpeechSettings;
  /** genaiGateway.modelCapabilities: how the user classified model ids; absent: none. */
  capabilityOverrides?(): Record<string, ModelCapability>;
}

export class MediaActions {
  constructor(private readonly settings: MediaActionSettings) {}

  /** The model a request without one uses: the setting (the commands fall back further when it is empty). */
  modelFor(role: ModelRole, requested: string | undefined): string {
    return requested || this.settings.model(role) || t('the default model');
  }

  /**
   * The request fields of an image call other than its inputs; checks `n`
   * against the model and the input images before anything is sent.
   * @throws GatewayError kind 'validation' naming `n` and the values allowed.
   */
  imageFields(request: Pick<ImageRequest, 'model' | 'size' | 'n' | 'images'>): Record<string, unknown> {
    const model = request.model || this.settings.model('image');
    const set = imageSetFields(request.n, request.images?.length ?? 0, classifyModel(model, this.settings.capabilityOverrides?.()));
    return { ...(request.size ? { size: request.size } : {}), ...set };
  }

  async generateImage(request: ImageRequest, cancellation: vscode.CancellationToken): Promise<GenerateCommandResult> {
    const fields = this.imageFields(request);
    const images = workspaceInputFiles(request.images, false);
    const args: GenerateCommandArgs = {
      prompt: request.prompt,
      model: request.model,
      fields,
      inputs: images?.length ? { image: images } : {},
      openResults: false,
      cancellation,
    };
    return required(await vscode.commands.executeCommand<GenerateCommandResult | undefined>(MEDIA_COMMANDS.generateImage, args), 'image');
  }

  /** The new task's id; the Video Tasks view follows it and downloads its video. */
  async createVideoTask(request: VideoTaskRequest): Promise<string> {
    const args: CreateVideoTaskArgs = { ...request, images: workspaceInputFiles(request.images, true), throwErrors: true };
    /* not shown */
    return required(await vscode.commands.executeCommand<string | undefined>(TASK_COMMANDS.create, args), 'video task');
  }

  /** Saves the speech as an audio file in the output folder (the format of the speech setting unless given). */
  async saveSpeech(request: SpeechRequest & { format?: SpeechFormat }): Promise<SavedSpeech> {
    const args: SpeechCommandArgs = { ...request, format: request.format ?? this.settings.speech().format, throwErrors: true };
    /* not shown */
    return required(await vscode.commands.executeCommand<SavedSpeech | undefined>(READ_ALOUD_COMMANDS.saveSelection, args), 'speech file');
  }

  /** Reads the text aloud in the Read Aloud player; resolves when the reading ends, or stops it when cancelled. */
  async readAloud(request: SpeechRequest, cancellation: vscode.CancellationToken): Promise<ReadingReport> {
    const args: SpeechCommandArgs = { ...request, throwErrors: true };
    const reading = vscode.commands.executeCommand<ReadingReport | undefined>(READ_ALOUD_COMMANDS.readSelection, args);
    const stop = cancellation.onCancellationRequested(() => void vscode.commands.executeCommand(READ_ALOUD_COMMANDS.stop));
    try {
      return required(await reading, 'reading');
    } finally {
      stop.dispose();
    }
  }
}

/** With these arguments the commands answer or throw; undefined would mean a command no longer returns what it did. */
function required<T>(result: T | undefined, what: string): T {
  /* not shown: an invariant of this extension's own commands, which no user can meet */
  if (result === undefined) throw new Error(`The ${what} command gave no result.`);
  return result;
}
