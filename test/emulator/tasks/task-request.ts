/** Checks a task creation request against the per-model rules of gaps.md and resolves its parameters. */

import { invalidParam } from '../core/errors';
import { imageReference, list, num, oneOf, onlyFields, optBool, optOneOf, optStr, record, requestBody, str } from '../core/checks';
import { modelFor } from '../models/catalog';
import { parseInlineFlags } from './inline-flags';
import type { TaskOutcome, TaskParams } from './task-store';

type TaskModel = 'task-1.0-pro' | 'task-1.0-pro-fast' | 'task-1.0-lite-i2v' | 'task-1.5-pro';
type Mode = 'text' | 'first-frame' | 'first-last' | 'references';

const TASK_MODELS: readonly TaskModel[] = ['task-1.0-pro', 'task-1.0-pro-fast', 'task-1.0-lite-i2v', 'task-1.5-pro'];
const FIELDS = [
  'model',
  'content',
  'ratio',
  'duration',
  'resolution',
  'camerafixed',
  'seed',
  'watermark',
  'return_last_frame',
  'callback_url',
  'generate_audio',
];
const RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive'] as const;
const ROLES = ['first_frame', 'last_frame', 'reference_image'] as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff', 'image/gif'];

const MODES: Record<TaskModel, readonly Mode[]> = {
  'task-1.0-pro': ['text', 'first-frame', 'first-last'],
  'task-1.0-pro-fast': ['text', 'first-frame'],
  'task-1.0-lite-i2v': ['first-frame', 'first-last', 'references'],
  'task-1.5-pro': ['text', 'first-frame', 'first-last'],
};

export interface TaskRequest {
  model: string;
  prompt: string;
  params: TaskParams;
  outcome: TaskOutcome;
}

export function parseTaskRequest(body: unknown): TaskRequest {
  const fields = requestBody(body);
  const model = str(fields.model, 'model');
  const kind = modelFor(model, TASK_MODELS, 'video generation tasks');
  onlyFields(fields, FIELDS, model);
  const { text, textParam, mode } = readContent(fields.content, kind);
  const { flags, prompt } = parseInlineFlags(text, textParam);

  const resolutions = kind === 'task-1.5-pro' ? (['480p', '720p'] as const) : (['480p', '720p', '1080p'] as const);
  const resolution = oneOf(
    flags.resolution ?? fields.resolution ?? (kind === 'task-1.0-pro' || kind === 'task-1.0-pro-fast' ? '1080p' : '720p'),
    flags.resolution ? textParam : 'resolution',
    resolutions,
  );
  if (mode === 'references' && resolution === '1080p') {
    throw invalidParam('resolution', '1080p is not supported with reference images.');
  }
  const ratioParam = flags.ratio ? textParam : 'ratio';
  const ratio = oneOf(flags.ratio ?? fields.ratio ?? (mode === 'text' ? '16:9' : 'adaptive'), ratioParam, RATIOS);
  if (ratio === 'adaptive' && mode === 'text' && kind !== 'task-1.5-pro') {
    throw invalidParam(ratioParam, "ratio 'adaptive' needs an input image on this model.");
  }
  const duration = readDuration(flags.duration ?? fields.duration ?? 5, flags.duration !== undefined ? textParam : 'duration', kind);
  const seed = num(flags.seed ?? fields.seed ?? -1, flags.seed !== undefined ? textParam : 'seed', -1, 4294967295, true);
  if (flags.framespersecond !== undefined && flags.framespersecond !== 24 && flags.framespersecond !== 16) {
    throw invalidParam(textParam, `Inline flag --framespersecond must be 16 or 24, got ${flags.framespersecond}.`);
  }
  optBool(fields.camerafixed, 'camerafixed');
  optBool(fields.watermark, 'watermark');
  optStr(fields.callback_url, 'callback_url');
  if (fields.generate_audio !== undefined && kind !== 'task-1.5-pro') {
    throw invalidParam('generate_audio', `generate_audio is not supported by ${model}.`, 'unsupported_parameter');
  }
  optBool(fields.generate_audio, 'generate_audio');
  const returnLastFrame = optBool(fields.return_last_frame, 'return_last_frame') ?? false;

  return {
    model,
    prompt,
    outcome: /fail/i.test(prompt) ? 'failed' : /expire/i.test(prompt) ? 'expired' : 'succeeded',
    params: {
      resolution,
      ratio: ratio === 'adaptive' ? '16:9' : ratio,
      duration: duration === -1 ? 5 : duration,
      framesPerSecond: flags.framespersecond ?? 24,
      seed: seed === -1 ? Math.floor(Math.random() * 2 ** 31) : seed,
      returnLastFrame,
    },
  };
}

function readDuration(value: unknown, param: string, kind: TaskModel): number {
  if (kind === 'task-1.5-pro' && value === -1) return -1;
  const [min, max] = kind === 'task-1.5-pro' ? [4, 12] : [2, 12];
  return num(value, param, min, max, true);
}

function readContent(value: unknown, kind: TaskModel): { text: string; textParam: string; mode: Mode } {
  const items = list(value, 'content', 1, 6);
  let text = '';
  let textParam = 'content';
  const roles: Array<string | undefined> = [];
  items.forEach((raw, i) => {
    const param = `content[${i}]`;
    const item = record(raw, param);
    const type = oneOf(item.type, `${param}.type`, ['text', 'image_url'] as const);
    if (type === 'text') {
      if (textParam !== 'content') throw invalidParam(`${param}.text`, 'Only one text item is allowed.');
      text = str(item.text, `${param}.text`);
      textParam = `${param}.text`;
      return;
    }
    const image = record(item.image_url, `${param}.image_url`);
    const reference = imageReference(image.url, `${param}.image_url.url`, IMAGE_TYPES);
    if (reference.bytes && reference.bytes.length > 10 * 1024 * 1024) {
      throw invalidParam(`${param}.image_url.url`, 'Input images must be at most 10 MB.');
    }
    roles.push(optOneOf(item.role, `${param}.role`, ROLES));
  });
  const mode = modeOf(roles);
  if (!MODES[kind].includes(mode)) {
    throw invalidParam('content', `Input mode "${mode}" is not supported by this model; supported: ${MODES[kind].join(', ')}.`);
  }
  if (mode === 'text' && !text) throw invalidParam('content', 'A text item with the prompt is required.', 'missing_required_parameter');
  return { text, textParam, mode };
}

function modeOf(roles: Array<string | undefined>): Mode {
  if (roles.length === 0) return 'text';
  const refs = roles.filter((r) => r === 'reference_image').length;
  if (refs > 0) {
    if (refs !== roles.length) throw invalidParam('content', 'Reference images cannot be mixed with first/last frames.');
    if (refs > 4) throw invalidParam('content', 'At most 4 reference images are allowed.');
    return 'references';
  }
  const firsts = roles.filter((r) => r === undefined || r === 'first_frame').length;
  const lasts = roles.filter((r) => r === 'last_frame').length;
  if (firsts === 1 && lasts === 0) return 'first-frame';
  if (firsts === 1 && lasts === 1) return 'first-last';
  throw invalidParam('content', 'Give one first frame image, optionally with one last_frame image.');
}
