/** /v1/contents/generations/tasks: create, get, list and delete (by POST) video tasks. */

import type { TaskList, TaskStatus } from '../../../src/gateway/types/tasks';
import { oneOf } from '../core/checks';
import type { TaskCreateReplyShape } from '../core/faults';
import { ApiError, invalidParam } from '../core/errors';
import type { Route } from '../core/router';
import { statusAt } from './task-store';
import { parseTaskRequest } from './task-request';
import { taskView } from './task-view';

const STATUSES: readonly TaskStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'];
const LIST_FILTER_STATUSES = STATUSES.filter((s) => s !== 'expired');
const TASKS = /^\/v1\/contents\/generations\/tasks$/;
const ONE_TASK = /^\/v1\/contents\/generations\/tasks\/([^/]+)$/;

function taskNotFound(id: string): ApiError {
  return new ApiError(404, `The specified task ${id} is not found.`, 'ResourceNotFound', 'task_id');
}

export const tasksRoutes: Route[] = [
  {
    method: 'POST',
    pattern: TASKS,
    auth: true,
    async handle(ctx) {
      if (ctx.reply.fault.strictBody) refuseUnlistedFields(ctx.body);
      const request = parseTaskRequest(ctx.body);
      const { taskTiming } = ctx.state.options;
      const task = ctx.state.tasks.create({ ...request, queuedMs: taskTiming.queuedMs, runningMs: taskTiming.runningMs }, Date.now());
      await ctx.reply.json(200, createReply(task.id, ctx.reply.fault.taskCreateReply), ctx.extraHeaders);
    },
  },
  {
    method: 'GET',
    pattern: ONE_TASK,
    auth: true,
    async handle(ctx) {
      const id = ctx.params[0] ?? '';
      const task = ctx.state.tasks.get(id);
      if (!task) throw taskNotFound(id);
      await ctx.reply.json(200, taskView(ctx.state, task, ctx.reply.fault), ctx.extraHeaders);
    },
  },
  {
    method: 'GET',
    pattern: TASKS,
    auth: true,
    async handle(ctx) {
      const query = ctx.url.searchParams;
      const pageNum = pageParam(query.get('page_num'), 'page_num', 1);
      const pageSize = pageParam(query.get('page_size'), 'page_size', 10);
      const status = query.get('filter.status');
      // BytePlus ModelArk's list refuses filter.status=expired (gaps.md, "Upstream behaviour").
      if (status !== null) oneOf(status, 'filter.status', LIST_FILTER_STATUSES);
      const model = query.get('filter.model');
      const ids = query.getAll('filter.task_ids');
      const now = Date.now();
      const matching = ctx.state.tasks
        .all()
        .reverse()
        .filter((t) => (status === null || statusAt(t, now) === status) && (model === null || t.model === model) && (ids.length === 0 || ids.includes(t.id)));
      const items = matching.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((t) => taskView(ctx.state, t, ctx.reply.fault, now));
      const list: TaskList = { total: matching.length, items };
      await ctx.reply.json(200, list, ctx.extraHeaders);
    },
  },
  {
    method: 'POST',
    pattern: ONE_TASK,
    auth: true,
    async handle(ctx) {
      const id = ctx.params[0] ?? '';
      const result = ctx.state.tasks.delete(id, Date.now());
      if (result === 'not-found') throw taskNotFound(id);
      if (result === 'running' || result === 'already-cancelled') {
        throw new ApiError(
          409,
          `The task ${id} is ${result === 'running' ? 'running' : 'already cancelled'} and cannot be deleted; only queued tasks can be cancelled and finished tasks removed.`,
          'InvalidAction.TaskStatus',
          'task_id',
        );
      }
      await ctx.reply.json(200, {}, ctx.extraHeaders);
    },
  },
];

function pageParam(raw: string | null, name: string, fallback: number): number {
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 500) {
    throw invalidParam(name, `Invalid value for '${name}': ${JSON.stringify(raw)}. It must be an integer from 1 to 500.`);
  }
  return value;
}

/** The create reply in the shape asked for (default: upstream's `{"id"}`). */
function createReply(id: string, shape: TaskCreateReplyShape | undefined): unknown {
  switch (shape) {
    case 'task_id':
      return { task_id: id };
    case 'data.id':
      return { code: 0, data: { id, status: 'queued' } };
    case 'none':
      return { status: 'submitted', message: 'Task accepted.' };
    default:
      return { id };
  }
}

/** The top-level fields gateway-api.md lists for task creation (both generations). */
const SPEC_TASK_FIELDS = ['model', 'content', 'ratio', 'duration', 'resolution', 'camerafixed', 'generate_audio'];

/** FaultSpec.strictBody: the first unlisted field is refused by name, OpenAI's "Unknown parameter" wording. */
function refuseUnlistedFields(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const extra = Object.keys(body).find((name) => !SPEC_TASK_FIELDS.includes(name));
  if (extra !== undefined) throw new ApiError(400, `Unknown parameter: '${extra}'.`, 'unknown_parameter', extra);
}
