import { t } from '../l10n/localize';
import { Transport } from './transport';
import { TaskCreateRequest, TaskList, TaskListQuery, TaskRecord, TaskStatus } from './types/tasks';
import { validateTaskId, validateTaskRequest } from './validation';
import { GatewayError, validationError } from './errors';

const TASKS_PATH = '/contents/generations/tasks';

/**
 * Statuses the server's list filters on. BytePlus ModelArk's list
 * (`filter.status`) does not accept `expired` (gaps.md, "Upstream behaviour"):
 * that status is filtered here instead.
 */
const SERVER_FILTERED_STATUSES: readonly TaskStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];

export class TasksApi {
  constructor(private readonly transport: Transport) {}

  /** Creates a paid task: re-sent only when the gateway provably did not take it (see RetryClass 'paid'). */
  async create(req: TaskCreateRequest, signal?: AbortSignal): Promise<{ id: string; requestId?: string }> {
    validateTaskRequest(req);
    const response = await this.transport.send({ method: 'POST', path: TASKS_PATH, json: req, signal, retry: 'paid' });
    const raw = await response.text();
    const id = createdTaskId(raw);
    if (id === undefined) throw noTaskIdError(raw, response.requestId);
    return { id, requestId: response.requestId };
  }

  async get(id: string, signal?: AbortSignal): Promise<TaskRecord> {
    const response = await this.transport.send({ method: 'GET', path: taskPath(id), signal, retry: 'safe' });
    return response.json<TaskRecord>();
  }

  async list(query: TaskListQuery = {}, signal?: AbortSignal): Promise<TaskList> {
    const params = new URLSearchParams();
    for (const [name, value] of [
      ['page_num', query.page_num],
      ['page_size', query.page_size],
    ] as const) {
      if (value === undefined) continue;
      if (!Number.isInteger(value) || value < 1 || value > 500) throw validationError(name, value, t('an integer from {0} to {1}', 1, 500));
      params.set(name, String(value));
    }
    const localStatus = query.status && !SERVER_FILTERED_STATUSES.includes(query.status) ? query.status : undefined;
    if (query.status && !localStatus) params.set('filter.status', query.status);
    if (query.model) params.set('filter.model', query.model);
    for (const [i, id] of (query.task_ids ?? []).entries()) {
      validateTaskId(`task_ids[${i}]`, id);
      params.append('filter.task_ids', id);
    }
    const response = await this.transport.send({ method: 'GET', path: TASKS_PATH, query: params, signal, retry: 'safe' });
    const list = await response.json<TaskList>();
    const items = Array.isArray(list.items) ? list.items : [];
    // Filtered here: `total` stays the count of the whole (unfiltered) list, so paging goes on through it.
    if (localStatus) return { total: list.total ?? 0, items: items.filter((t) => t?.status === localStatus), filteredLocally: true };
    return { total: list.total ?? 0, items };
  }

  /** Cancels a queued task or removes a finished one (POST, the gateway's form of DELETE). Never re-sent. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    const response = await this.transport.send({ method: 'POST', path: taskPath(id), signal, retry: 'never' });
    await response.text();
  }
}

/** The id is one path segment of safe characters only: nothing to encode, nothing that moves the path. */
function taskPath(id: string): string {
  validateTaskId('task_id', id);
  return `${TASKS_PATH}/${id}`;
}

/**
 * The new task's id in a create reply. Upstream (BytePlus ModelArk) answers
 * `{"id": "cgt-…"}`; OpenAI-style proxies in front of other task APIs answer
 * `task_id` or `data.id` (gaps.md, "Upstream behaviour"). Undefined when no
 * usable id is there.
 */
export function createdTaskId(raw: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const data = isRecord(body) && isRecord(body.data) ? body.data : undefined;
  const candidates = isRecord(body) ? [body.id, body.task_id, body.taskId, data?.id, data?.task_id, data?.taskId] : [];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    try {
      validateTaskId('id', candidate);
      return candidate;
    } catch {
      // not a usable id: try the next place
    }
  }
  return undefined;
}

/** Most of a raw reply shown in a message. */
const RAW_REPLY_SHOWN = 600;

/**
 * The gateway took a paid create but its reply names no task id the client
 * can use: the raw reply and request id are kept in the error, so the task
 * can still be found (and the user knows it may be billed).
 */
function noTaskIdError(raw: string, requestId: string | undefined): GatewayError {
  const shown = raw.length > RAW_REPLY_SHOWN ? t('{0}… ({1} characters)', raw.slice(0, RAW_REPLY_SHOWN), raw.length) : raw;
  return new GatewayError({
    kind: 'stream',
    code: 'task_id_missing',
    requestId,
    value: raw,
    message: t(
      'The gateway accepted the video task but its reply names no task id (looked for "id", "task_id" and "data.id"). Its reply: {0}.',
      shown.trim() || t('(empty)'),
    ),
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
