/** Validation of POST /v1/contents/generations/tasks before sending. */
import { t } from '../../l10n/localize';
import { taskModelTier } from '../catalog';
import { parseTaskFlags, TASK_FLAG_NAMES, type TaskFlags } from '../taskFlags';
import type { TaskCreateRequest } from '../types/tasks';
import { PROMPT_MAX_CHARS, TASK_ANY_TIER_LIMITS, TASK_MODE_LABELS, TASK_TIER_LIMITS, type TaskMode, type TaskTierLimits } from './limits';
import { httpUrl } from './media';
import { booleanValue, fail, onlyKnownFields, text, unsupported, type Fields } from './rules';
import { readTaskContent } from './taskContent';
import { validateTaskSettings } from './taskSettings';

const TASK_FIELDS = [
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

const KNOWN_FLAGS = TASK_FLAG_NAMES.map((f) => (f.long === f.short ? `--${f.long}` : `--${f.long}/--${f.short}`));

export function validateTaskRequest(req: TaskCreateRequest): void {
  const body: Fields = { ...req };
  text('model', body.model, { required: true });
  const tier = taskModelTier(String(body.model));
  const limits = tier ? TASK_TIER_LIMITS[tier] : TASK_ANY_TIER_LIMITS;
  onlyKnownFields(body, TASK_FIELDS, t('a video task'));
  const content = readTaskContent(body.content);
  if (!limits.modes.includes(content.mode)) {
    const modes = limits.modes.map((m) => TASK_MODE_LABELS[m]).join(', ');
    const given = t('{0} mode', TASK_MODE_LABELS[content.mode]);
    fail(content.modeField, content.modeValue, t('the input modes of {0}: {1}', limits.label, modes), given);
  }
  validateTaskSettings(body, { limits, mode: content.mode, fieldOf: (setting) => setting });
  if (content.text) validateTextItem(content.text, content.mode, limits, body);
  if (limits.audio) {
    booleanValue('generate_audio', body.generate_audio);
  } else {
    unsupported('generate_audio', body.generate_audio, t('no {0} on this model', 'generate_audio'), t('the 1.5 pro model only'));
  }
  booleanValue('return_last_frame', body.return_last_frame);
  httpUrl('callback_url', body.callback_url);
}

/** The prompt of the text item, and its inline flags, checked like body fields and against them. */
function validateTextItem(item: { index: number; value: string }, mode: TaskMode, limits: TaskTierLimits, body: Fields): void {
  const field = `content[${item.index}].text`;
  const { prompt, flags, unknown } = parseTaskFlags(item.value);
  if (unknown.length > 0) {
    fail(field, unknown[0], t('inline flags {0}, each once, with a value of its kind', KNOWN_FLAGS.join(', ')));
  }
  const promptAllowed = t('a prompt of 1 to {0} characters besides the flags', PROMPT_MAX_CHARS);
  if (mode === 'text' && prompt === '') fail(field, item.value, promptAllowed, t('text-only mode needs a prompt'));
  if (prompt.length > PROMPT_MAX_CHARS) fail(field, item.value, promptAllowed, t('{0} characters', prompt.length));
  const flagField = (setting: string): string => `${field} --${setting}`;
  validateTaskSettings({ ...flags }, { limits, mode, fieldOf: flagField });
  for (const { key } of TASK_FLAG_NAMES) refuseContradiction(key, flags, body, flagField);
}

function refuseContradiction(key: keyof TaskFlags, flags: TaskFlags, body: Fields, flagField: (setting: string) => string): void {
  const flagValue = flags[key];
  if (flagValue === undefined || body[key] === undefined || body[key] === flagValue) return;
  fail(flagField(key), flagValue, t("the body's {0} {1}, or only one of the two", key, JSON.stringify(body[key])), t('contradicts the body field "{0}"', key));
}
