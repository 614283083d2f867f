/**
 * The settings of a video task (ratio, duration, resolution, ...), which come
 * either as body fields or as inline flags of the text item: both are checked
 * by these same rules against the model tier and the input mode.
 */
import { t } from '../../l10n/localize';
import { TASK_AUTO_DURATION, TASK_SEED, type TaskMode, type TaskTierLimits } from './limits';
import { booleanValue, describeChoices, fail, integerInRange, oneOf, type Fields } from './rules';

export interface TaskSettingsContext {
  limits: TaskTierLimits;
  mode: TaskMode;
  /** The field path a refusal names for a setting, e.g. `duration` or `content[0].text --duration`. */
  fieldOf: (setting: string) => string;
}

export function validateTaskSettings(settings: Fields, context: TaskSettingsContext): void {
  const { limits, mode, fieldOf } = context;
  validateRatio(settings.ratio, context);
  validateDuration(settings.duration, context);
  oneOf(fieldOf('resolution'), settings.resolution, limits.resolutions);
  if (settings.resolution === '1080p' && mode === 'references' && !limits.fullHdWithReferences) {
    fail(
      fieldOf('resolution'),
      settings.resolution,
      describeChoices(limits.resolutions.filter((r) => r !== '1080p')),
      t('not 1080p with reference images on {0}', limits.label),
    );
  }
  booleanValue(fieldOf('camerafixed'), settings.camerafixed);
  booleanValue(fieldOf('watermark'), settings.watermark);
  integerInRange(fieldOf('seed'), settings.seed, TASK_SEED.min, TASK_SEED.max);
  // gaps.md names these flags without giving their ranges.
  integerInRange(fieldOf('framespersecond'), settings.framespersecond, 1, Infinity);
  integerInRange(fieldOf('frames'), settings.frames, 1, Infinity);
}

function validateRatio(ratio: unknown, { limits, mode, fieldOf }: TaskSettingsContext): void {
  oneOf(fieldOf('ratio'), ratio, [...limits.ratios, 'adaptive']);
  if (ratio === 'adaptive' && mode === 'text' && !limits.adaptiveForText) {
    fail(fieldOf('ratio'), ratio, describeChoices(limits.ratios), t('"adaptive" needs an image input on {0}', limits.label));
  }
}

function validateDuration(duration: unknown, { limits, fieldOf }: TaskSettingsContext): void {
  const { min, max, auto } = limits.duration;
  if (duration === undefined || (auto && duration === TASK_AUTO_DURATION)) return;
  if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < min || duration > max) {
    const allowed = auto
      ? t('an integer from {0} to {1} seconds, or {2} (the model picks)', min, max, TASK_AUTO_DURATION)
      : t('an integer from {0} to {1} seconds', min, max);
    fail(fieldOf('duration'), duration, allowed, t('on {0}', limits.label));
  }
}
