/**
 * The values each task setting may take for a model and input mode, read
 * from the per-tier limits (gaps.md's table), for pickers to offer.
 */
import { taskModelTier } from '../gateway/catalog';
import { TASK_ANY_TIER_LIMITS, TASK_AUTO_DURATION, TASK_TIER_LIMITS, type TaskMode, type TaskTierLimits } from '../gateway/validation/limits';
import type { TaskCreateRequest } from '../gateway/types/tasks';

export interface TaskSettingOptions {
  ratios: Array<NonNullable<TaskCreateRequest['ratio']>>;
  durations: number[];
  resolutions: Array<NonNullable<TaskCreateRequest['resolution']>>;
  /** Whether generate_audio applies. */
  audio: boolean;
}

export function taskLimitsOf(model: string): TaskTierLimits {
  const tier = taskModelTier(model);
  return tier ? TASK_TIER_LIMITS[tier] : TASK_ANY_TIER_LIMITS;
}

export function taskSettingOptions(model: string, mode: TaskMode): TaskSettingOptions {
  const limits = taskLimitsOf(model);
  const adaptive = mode !== 'text' || limits.adaptiveForText;
  const { min, max, auto } = limits.duration;
  const durations = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const fullHd = mode !== 'references' || limits.fullHdWithReferences;
  return {
    ratios: [...limits.ratios, ...(adaptive ? ['adaptive'] : [])] as TaskSettingOptions['ratios'],
    durations: auto ? [TASK_AUTO_DURATION, ...durations] : durations,
    resolutions: limits.resolutions.filter((r) => fullHd || r !== '1080p') as TaskSettingOptions['resolutions'],
    audio: limits.audio,
  };
}
