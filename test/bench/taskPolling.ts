/**
 * #5 Task polling: gateway requests per minute while N video tasks run.
 * Ours (TaskPoller on the default PollSchedule, view visible and hidden)
 * against one GET per task per interval. Real requests to the emulator;
 * the time between polls is simulated (a virtual clock), so minutes of
 * polling take seconds. The tasks run (no status change) all along.
 */
import { GatewayClient } from '../../src/gateway/client';
import type { TaskRecord } from '../../src/gateway/types/tasks';
import type { Clock } from '../../src/tasks/clock';
import { DEFAULT_POLL_TIMING, PollSchedule } from '../../src/tasks/pollSchedule';
import { TaskPoller } from '../../src/tasks/taskPoller';
import { startEmulator } from '../emulator';
import { loadAverage, medianOf, runInterleaved, summarize, type BenchmarkReport, type Contestant } from './harness';

export interface TaskPollingSizes {
  tasks: number;
  /** Simulated minutes of polling per run. */
  minutes: number;
  rounds: number;
}

export const TASK_POLLING_FULL: TaskPollingSizes = { tasks: 200, minutes: 5, rounds: 3 };
export const TASK_POLLING_TINY: TaskPollingSizes = { tasks: 3, minutes: 1, rounds: 1 };

const OURS_VISIBLE = 'ours: TaskPoller, view visible';
const OURS_HIDDEN = 'ours: TaskPoller, view hidden';
const NAIVE = `one GET per task every ${DEFAULT_POLL_TIMING.baseMs / 1000} s`;
const TASKS_PATH = '/v1/contents/generations/tasks';
const HOUR_MS = 3_600_000;

export async function taskPolling(sizes: TaskPollingSizes): Promise<BenchmarkReport> {
  const before = loadAverage();
  const emulator = await startEmulator({ taskTiming: { queuedMs: 0, runningMs: 10 * HOUR_MS } });
  const client = new GatewayClient({ baseUrl: emulator.url, userAgent: 'bench', env: {}, getCredential: async () => emulator.apiKey });
  try {
    const ids: string[] = [];
    for (let i = 0; i < sizes.tasks; i++) {
      ids.push((await client.tasks.create({ model: 'seedance-1-0-pro-250528', content: [{ type: 'text', text: `a long ocean ${i}` }] })).id);
    }
    const perMinute =
      (count: () => Promise<void>): Contestant['run'] =>
      async () => {
        const first = emulator.requests.length;
        await count();
        const polls = emulator.requests.slice(first).filter((r) => r.method === 'GET' && r.path.startsWith(TASKS_PATH));
        return { perMinute: polls.length / sizes.minutes };
      };
    const minutesMs = sizes.minutes * 60_000;
    const contestants: Contestant[] = [
      { name: OURS_VISIBLE, run: perMinute(() => pollWithTaskPoller(client, ids, true, minutesMs)) },
      { name: OURS_HIDDEN, run: perMinute(() => pollWithTaskPoller(client, ids, false, minutesMs)) },
      { name: NAIVE, run: perMinute(() => getEachTaskEveryInterval(client, ids, minutesMs)) },
    ];
    const rows = summarize(await runInterleaved(contestants, sizes.rounds), { perMinute: { label: 'requests per minute', unit: 'req/min' } });
    const rate = (name: string): number => medianOf(rows, name, 'requests per minute');
    return {
      id: 'task-polling',
      title: '5. Task polling',
      setup: `${sizes.tasks} running tasks, ${sizes.minutes} simulated minutes per run, default timing (${DEFAULT_POLL_TIMING.baseMs / 1000} s base interval); ${sizes.rounds} interleaved rounds`,
      rows,
      ratios: [
        { label: 'one GET per task / ours visible (x fewer requests)', value: rate(NAIVE) / rate(OURS_VISIBLE) },
        { label: 'one GET per task / ours hidden (x fewer requests)', value: rate(NAIVE) / rate(OURS_HIDDEN) },
      ],
      targets: [],
      notes: [
        'Requests counted by the emulator (GETs of the tasks path), including the first minutes, when the interval has not grown yet.',
        `Ours asks once per ${DEFAULT_POLL_TIMING.baseMs / 1000}-${(DEFAULT_POLL_TIMING.baseMs * DEFAULT_POLL_TIMING.maxFactor) / 1000} s (x${DEFAULT_POLL_TIMING.hiddenFactor} hidden) with one list call per 500 ids (filter.task_ids).`,
      ],
      loadAverage: { before, after: loadAverage() },
    };
  } finally {
    await client.close();
    await emulator.close();
  }
}

/** Runs the real poller for `durationMs` of simulated time. */
async function pollWithTaskPoller(client: GatewayClient, ids: readonly string[], visible: boolean, durationMs: number): Promise<void> {
  const clock = new VirtualClock();
  const statuses = new Map<string, TaskRecord['status']>();
  const schedule = new PollSchedule();
  schedule.setVisible(visible);
  const poller = new TaskPoller({
    tasks: () => client.tasks,
    activeIds: () => [...ids],
    onRecords: (records) => {
      let changed = false;
      for (const record of records) {
        changed ||= statuses.get(record.id) !== record.status;
        statuses.set(record.id, record.status);
      }
      return changed;
    },
    onMissing: () => undefined,
    log: () => undefined,
    onError: (error) => {
      throw error;
    },
    schedule,
    clock,
  });
  poller.reschedule();
  await clock.runFor(durationMs, () => poller.whenIdle());
  poller.dispose();
}

/** What a simple client does: every interval, one GET per task. */
async function getEachTaskEveryInterval(client: GatewayClient, ids: readonly string[], durationMs: number): Promise<void> {
  for (let at = 0; at < durationMs; at += DEFAULT_POLL_TIMING.baseMs) {
    for (const id of ids) await client.tasks.get(id);
  }
}

/** Simulated time: timers fire in order, each once the work it started is done. */
class VirtualClock implements Clock {
  private time = 0;
  private timers: Array<{ at: number; callback: () => void }> = [];

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, ms: number): () => void {
    const timer = { at: this.time + ms, callback };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Fires the timers due within `durationMs`, waiting for `idle` after each. */
  async runFor(durationMs: number, idle: () => Promise<void>): Promise<void> {
    const end = this.time + durationMs;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers.shift();
      if (!next || next.at >= end) break;
      this.time = next.at;
      next.callback();
      await idle();
    }
    this.time = end;
  }
}
