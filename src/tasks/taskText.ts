/** How a video task reads in the tree: label, description, every field for the tooltip. */
import { t } from '../l10n/localize';
import { taskModelTier } from '../gateway/catalog';
import { inertLinks } from '../gateway/errors';
import { parseTaskFlags } from '../gateway/taskFlags';
import type { TaskRecord, TaskStatus } from '../gateway/types/tasks';
import { TASK_TIER_LIMITS } from '../gateway/validation/limits';
import { isActive, UNRECOGNISED_POLL_MS, type ShownStatus, type TaskEntry } from './taskEntry';

/** Signed result links are valid this long after the task finished (gaps.md). */
const RESULT_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

const LABEL_MAX_CHARS = 60;

/** Read when shown, so the display language's bundle applies. */
export const STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  get queued() {
    return t('Queued');
  },
  get running() {
    return t('Running');
  },
  get succeeded() {
    return t('Succeeded');
  },
  get failed() {
    return t('Failed');
  },
  get cancelled() {
    return t('Cancelled');
  },
  get expired() {
    return t('Expired');
  },
};

/** Group labels of the Video Tasks view, including tasks whose status the extension does not know. */
export const SHOWN_STATUS_LABELS: Readonly<Record<ShownStatus, string>> = Object.defineProperties({} as Record<ShownStatus, string>, {
  ...Object.getOwnPropertyDescriptors(STATUS_LABELS),
  unrecognised: { enumerable: true, get: () => t('Unrecognised status') },
});

/**
 * The prompt without its inline flags, on one line and shortened; the task id when the prompt is unknown.
 * Notifications show it: a prompt the model wrote (or an id the gateway chose) makes no link there.
 */
export function taskLabel(entry: TaskEntry): string {
  const prompt = entry.local ? parseTaskFlags(entry.local.recipe.prompt).prompt.replace(/\s+/g, ' ').trim() : '';
  if (prompt === '') return inertLinks(entry.record.id);
  return inertLinks(prompt.length <= LABEL_MAX_CHARS ? prompt : `${prompt.slice(0, LABEL_MAX_CHARS - 1).trimEnd()}…`);
}

/** `1.0 pro · 2m 05s`, plus `· saved` once downloaded. */
export function taskDescription(entry: TaskEntry, nowMs: number): string {
  const parts = [modelLabel(entry.record.model), formatDuration(elapsedMs(entry.record, nowMs))];
  if (entry.anomaly) parts.unshift(t('⚠ status "{0}" not recognised', entry.anomaly.rawStatus));
  if (entry.downloads?.video) parts.push(t('saved'));
  return parts.join(' · ');
}

/** The tier's short name (`1.5 pro`), or the id of a model of no known tier. */
export function modelLabel(model: string): string {
  const tier = taskModelTier(model);
  return tier ? TASK_TIER_LIMITS[tier].label : model;
}

/** Time since creation while active; the time it took once finished. */
export function elapsedMs(record: TaskRecord, nowMs: number): number {
  const created = record.created_at * 1000;
  const end = isActive(record.status) || record.updated_at === 0 ? nowMs : record.updated_at * 1000;
  return Math.max(0, end - created);
}

/** `45s`, `2m 05s`, `1h 02m`, `3d 4h`. */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (seconds < 60) return t('{0}s', seconds);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('{0}m {1}s', minutes, pad(seconds % 60));
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('{0}h {1}m', hours, pad(minutes % 60));
  return t('{0}d {1}h', Math.floor(hours / 24), hours % 24);
}

/** When the result links stop working (epoch ms), for a succeeded task. */
export function resultLinksExpireAt(record: TaskRecord): number | undefined {
  return record.status === 'succeeded' ? record.updated_at * 1000 + RESULT_LINK_LIFETIME_MS : undefined;
}

/** Every known field of the task, as name and value, for the tooltip. */
export function taskDetails(entry: TaskEntry, nowMs: number): Array<[string, string]> {
  const { record, local } = entry;
  const rows: Array<[string, string | number | undefined]> = [
    [t('Task ID'), record.id],
    [
      t('Status'),
      entry.anomaly
        ? t('"{0}" (not a status this extension knows; last known: {1})', entry.anomaly.rawStatus, STATUS_LABELS[record.status])
        : STATUS_LABELS[record.status],
    ],
    [
      t('Warning'),
      entry.anomaly
        ? t(
            "The gateway's record could not be understood; polled for {0} minutes at most, then only on Refresh. Show Request shows the raw record.",
            UNRECOGNISED_POLL_MS / 60_000,
          )
        : undefined,
    ],
    [t('Model'), record.model],
    [t('Prompt'), local?.recipe.prompt],
    [t('Input images'), local?.recipe.images.map((i) => (i.role ? `${i.source} (${i.role})` : i.source)).join(', ')],
    [t('Created'), formatTime(record.created_at * 1000)],
    [t('Updated'), record.updated_at > 0 ? formatTime(record.updated_at * 1000) : undefined],
    [isActive(record.status) ? t('Elapsed') : t('Took'), formatDuration(elapsedMs(record, nowMs))],
    [t('Resolution'), record.resolution],
    [t('Ratio'), record.ratio],
    [t('Duration'), record.duration === undefined ? undefined : t('{0} s', record.duration)],
    [t('Frames per second'), record.framespersecond],
    [t('Seed'), record.seed],
    [t('Tokens'), record.usage?.completion_tokens],
    [t('Error'), record.error ? `${record.error.code}: ${record.error.message}` : undefined],
    [t('Links valid until'), formatOptionalTime(resultLinksExpireAt(record))],
    [t('Video saved as'), entry.downloads?.video],
    [t('Last frame saved as'), entry.downloads?.lastFrame],
    [t('Created here'), local ? t('yes') : t('no (listed by the gateway)')],
    [t('Retry of'), local?.retryOf],
  ];
  return rows.flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]]));
}

function formatTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

function formatOptionalTime(ms: number | undefined): string | undefined {
  return ms === undefined ? undefined : formatTime(ms);
}
