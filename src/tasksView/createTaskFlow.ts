/**
 * The guided "Create Video Task" input: model, input mode, images, prompt,
 * then the settings the model takes (from limits.ts), each step escapable.
 */
import * as vscode from 'vscode';
import { CAPABILITY_LABELS, modelsOfKind, type ModelCapability, type ModelPlace } from '../gateway/catalog';
import type { TaskCreateRequest } from '../gateway/types/tasks';
import { validateTaskRequest } from '../gateway/validation';
import { TASK_AUTO_DURATION, TASK_MODE_LABELS, type TaskMode } from '../gateway/validation/limits';
import type { ModelObject } from '../gateway/types/models';
import type { TaskRecipe } from '../tasks/taskEntry';
import { imageCountOf, imageInputsFor } from '../tasks/taskRecipe';
import { taskLimitsOf, taskSettingOptions, type TaskSettingOptions } from '../tasks/taskSettingChoices';
import { modelLabel } from '../tasks/taskText';
import { pickImages } from './pickWorkspaceImages';
import { t } from '../l10n/localize';

export interface CreateFlowServices {
  catalog: { list(signal?: AbortSignal): Promise<ModelObject[]>; placeOf(model: ModelObject): ModelPlace };
  settings: { model(role: 'videoTask'): string; setModelCapability?(model: string, capability: ModelCapability): Promise<void> };
  log: { warn(message: string): void };
}

const TASK_CAPABILITIES: readonly ModelCapability[] = ['task-gen1', 'task-gen2'];

/** Stands in for images while a prompt is checked, before any file is read. */
const PLACEHOLDER_IMAGE = 'https://example.invalid/image.png';

export async function askForTaskRecipe(services: CreateFlowServices, initialPrompt: string): Promise<TaskRecipe | undefined> {
  const model = await pickModel(services);
  if (!model) return undefined;
  const mode = await pickMode(model);
  if (!mode) return undefined;
  const images = await pickModeImages(mode);
  if (!images) return undefined;
  const base: TaskRecipe = { model, prompt: '', images: imageInputsFor(mode, images), settings: {}, settingsAs: 'body' };
  const prompt = await askPrompt(base, mode, initialPrompt);
  if (prompt === undefined) return undefined;
  return pickSettings({ ...base, prompt }, mode);
}

async function pickModel(services: CreateFlowServices): Promise<string | undefined> {
  const fallback = services.settings.model('videoTask');
  let ids: string[];
  let others: string[] = [];
  try {
    // Ids nothing classifies, and video models of a family whose fields are not known, are offered under "Other", their kind asked.
    const listed = modelsOfKind(await services.catalog.list(), 'videoTask', (model) => services.catalog.placeOf(model));
    ids = listed.ofKind.map((m) => m.id);
    others = listed.other;
  } catch (error) {
    services.log.warn(`Listing models for a video task failed; offering the default model. ${error instanceof Error ? error.message : String(error)}`);
    ids = [];
  }
  if (fallback && !ids.includes(fallback)) ids.unshift(fallback);
  if (ids.length === 0) throw new Error(t('The gateway lists no video task model; set one in the genaiGateway.models.videoTask setting.'));
  const items = ids.map((id) => ({
    label: id,
    description: [modelLabel(id), taskLimitsOf(id).audio ? t('with audio') : '', id === fallback ? t('default') : ''].filter(Boolean).join(' · '),
    id,
  }));
  items.sort((a, b) => Number(b.id === fallback) - Number(a.id === fallback));
  const otherItems = others.map((id) => ({
    label: id,
    description: t('kind not recognised: choose it (saved in genaiGateway.modelCapabilities)'),
    id,
    other: true,
  }));
  const all = otherItems.length > 0 ? [...items, { label: t('Other'), kind: vscode.QuickPickItemKind.Separator, id: '' }, ...otherItems] : items;
  const chosen = await vscode.window.showQuickPick(all, { title: t('GenAI Gateway: Create Video Task (model)'), placeHolder: t('The model of the task') });
  if (!chosen || !('other' in chosen)) return chosen?.id;
  const kinds = TASK_CAPABILITIES.map((capability) => ({ label: CAPABILITY_LABELS[capability], capability }));
  const kind = await vscode.window.showQuickPick(kinds, { title: t('GenAI Gateway: Create Video Task: what kind of model is {0}?', chosen.id) });
  if (!kind) return undefined;
  await services.settings.setModelCapability?.(chosen.id, kind.capability);
  return chosen.id;
}

async function pickMode(model: string): Promise<TaskMode | undefined> {
  const modes = taskLimitsOf(model).modes;
  if (modes.length === 1) return modes[0];
  const hints: Record<TaskMode, string> = {
    text: t('a video from the prompt alone'),
    'first-frame': t('animates one image'),
    'first-last': t('a transition from one image to another'),
    references: t('characters and style from images; name them [Image 1], [Image 2]… in the prompt'),
  };
  const items = modes.map((mode) => ({ label: capitalize(TASK_MODE_LABELS[mode]), description: hints[mode], mode }));
  return (
    await vscode.window.showQuickPick(items, {
      title: t('GenAI Gateway: Create Video Task (input)'),
      placeHolder: t('The inputs {0} takes', modelLabel(model)),
    })
  )?.mode;
}

async function pickModeImages(mode: TaskMode): Promise<string[] | undefined> {
  const { min, max } = imageCountOf(mode);
  if (mode === 'text') return [];
  if (mode === 'first-last') {
    const first = await pickImages(t('GenAI Gateway: Create Video Task (first frame)'), t('The image the video starts with'), 1, 1);
    const last = first && (await pickImages(t('GenAI Gateway: Create Video Task (last frame)'), t('The image the video ends with'), 1, 1));
    return first && last ? [...first, ...last] : undefined;
  }
  const placeHolder = mode === 'references' ? t('{0} to {1} reference images, in the order [Image 1], [Image 2]…', min, max) : t('The image to animate');
  return pickImages(t('GenAI Gateway: Create Video Task (images)'), placeHolder, min, max);
}

async function askPrompt(base: TaskRecipe, mode: TaskMode, initialPrompt: string): Promise<string | undefined> {
  const names = mode === 'references' ? base.images.map((_, i) => `[Image ${i + 1}]`).join(', ') : '';
  const prompt = await vscode.window.showInputBox({
    title: t('GenAI Gateway: Create Video Task (prompt)'),
    value: initialPrompt,
    prompt: [
      mode === 'text' ? t('Describe the video.') : t('Describe the motion (optional).'),
      names ? t('Name the references {0}.', names) : '',
      t('Inline flags such as --rs 720p --dur 5 --cf true are allowed.'),
    ]
      .filter(Boolean)
      .join(' '),
    validateInput: (text) => refusalOfPrompt(base, text),
  });
  return prompt?.trim();
}

/** What the request validation says of the prompt (images stand in as URLs, not read yet). */
function refusalOfPrompt(base: TaskRecipe, text: string): string | undefined {
  const request: TaskCreateRequest = {
    model: base.model,
    content: [
      ...(text.trim() ? [{ type: 'text' as const, text }] : []),
      ...base.images.map((image) => ({ type: 'image_url' as const, image_url: { url: PLACEHOLDER_IMAGE }, ...(image.role ? { role: image.role } : {}) })),
    ],
  };
  try {
    validateTaskRequest(request);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

type SettingKey = 'ratio' | 'duration' | 'resolution' | 'camerafixed' | 'audio' | 'lastFrame' | 'settingsAs';

interface SettingItem extends vscode.QuickPickItem {
  key?: SettingKey;
  create?: true;
}

async function pickSettings(start: TaskRecipe, mode: TaskMode): Promise<TaskRecipe | undefined> {
  const options = taskSettingOptions(start.model, mode);
  let recipe = start;
  for (;;) {
    const picked = await vscode.window.showQuickPick(settingItems(recipe, options), {
      title: t('GenAI Gateway: Create Video Task (settings)'),
      placeHolder: t('Change a setting, or Create Task'),
    });
    if (!picked) return undefined;
    if (picked.create || !picked.key) return recipe;
    const changed = await changeSetting(recipe, picked.key, options);
    if (changed) recipe = changed;
  }
}

const DEFAULT = t('model default');
const yesNo = (value: boolean | undefined): string => (value === undefined ? DEFAULT : value ? t('yes') : t('no'));
const durationText = (value: number): string => (value === TASK_AUTO_DURATION ? t('the model picks') : `${value} s`);

function settingItems(recipe: TaskRecipe, options: TaskSettingOptions): SettingItem[] {
  const { settings } = recipe;
  const items: SettingItem[] = [
    { label: `$(play) ${t('Create Task')}`, description: t('a paid video task on the gateway'), create: true },
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: t('Ratio'), description: settings.ratio ?? DEFAULT, key: 'ratio' },
    { label: t('Duration'), description: settings.duration === undefined ? DEFAULT : durationText(settings.duration), key: 'duration' },
    { label: t('Resolution'), description: settings.resolution ?? DEFAULT, key: 'resolution' },
    { label: t('Camera fixed'), description: yesNo(settings.camerafixed), key: 'camerafixed' },
  ];
  if (options.audio) items.push({ label: t('Audio'), description: yesNo(recipe.generateAudio), key: 'audio' });
  items.push(
    { label: t('Return last frame'), description: recipe.returnLastFrame ? t('yes') : t('no (not asked for)'), key: 'lastFrame' },
    {
      label: t('How the settings are sent'),
      description: recipe.settingsAs === 'flags' ? t('in the prompt, as flags (--rs 720p --dur 5 …)') : t('as request fields (the usual way)'),
      key: 'settingsAs',
    },
  );
  return items;
}

interface ValueItem<T> extends vscode.QuickPickItem {
  value: T | undefined;
}

async function pickValue<T>(
  title: string,
  values: ReadonlyArray<{ label: string; description?: string; value: T | undefined }>,
): Promise<ValueItem<T> | undefined> {
  return vscode.window.showQuickPick(
    values.map((v) => ({ ...v })),
    { title },
  );
}

const withDefault = <T>(values: readonly T[], label: (value: T) => string = String): Array<{ label: string; value: T | undefined }> => [
  { label: DEFAULT, value: undefined },
  ...values.map((value) => ({ label: label(value), value })),
];

/** The recipe with one setting changed, or undefined when the user escaped. */
async function changeSetting(recipe: TaskRecipe, key: SettingKey, options: TaskSettingOptions): Promise<TaskRecipe | undefined> {
  const setting = async <K extends keyof TaskRecipe['settings']>(
    name: K,
    title: string,
    values: Array<{ label: string; value: TaskRecipe['settings'][K] | undefined }>,
  ) => {
    const picked = await pickValue(title, values);
    return picked && { ...recipe, settings: { ...recipe.settings, [name]: picked.value } };
  };
  switch (key) {
    case 'ratio':
      return setting('ratio', t('GenAI Gateway: Create Video Task (ratio)'), withDefault(options.ratios));
    case 'duration':
      return setting('duration', t('GenAI Gateway: Create Video Task (duration)'), withDefault(options.durations, durationText));
    case 'resolution':
      return setting('resolution', t('GenAI Gateway: Create Video Task (resolution)'), withDefault(options.resolutions));
    case 'camerafixed':
      return setting('camerafixed', t('GenAI Gateway: Create Video Task (camera fixed)'), withDefault([true, false], yesNo));
    case 'audio': {
      const picked = await pickValue(t('GenAI Gateway: Create Video Task (audio)'), withDefault([true, false], yesNo));
      return picked && { ...recipe, generateAudio: picked.value };
    }
    case 'lastFrame': {
      const picked = await pickValue(t('GenAI Gateway: Create Video Task (return last frame)'), [
        { label: t('yes'), value: true },
        { label: t('no'), value: false },
      ]);
      return picked && { ...recipe, returnLastFrame: picked.value };
    }
    case 'settingsAs': {
      // The same settings either way: flags are for a gateway that ignores the request's fields (the spec shows both).
      const picked = await pickValue<TaskRecipe['settingsAs']>(t('GenAI Gateway: Create Video Task (how the settings are sent)'), [
        { label: t('As request fields'), description: t('the usual way: ratio, duration and resolution as fields of the request'), value: 'body' },
        {
          label: t('In the prompt, as flags'),
          description: t('added to the prompt as --rt 16:9 --dur 5 --rs 720p, for a gateway that ignores the fields'),
          value: 'flags',
        },
      ]);
      return picked?.value && { ...recipe, settingsAs: picked.value };
    }
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
