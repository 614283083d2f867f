/** The wire form of a stored task at a given time; registers its media with the file store. */

import type { TaskRecord } from '../../../src/gateway/types/tasks';
import type { FaultSpec } from '../core/faults';
import { unixSeconds } from '../core/ids';
import { videoDimensions } from '../render-cache';
import type { EmulatorState } from '../state';
import { statusAt, statusSinceMs, StoredTask } from './task-store';

/** Shorter side in pixels, for the usage the real service bills. */
const SHORT_SIDE: Record<string, number> = { '480p': 480, '720p': 720, '1080p': 1080 };

export function taskView(state: EmulatorState, task: StoredTask, fault: FaultSpec, now = Date.now()): TaskRecord {
  const record = strictTaskView(state, task, fault, now);
  return fault.taskRecordQuirk ? withQuirk(record, fault.taskRecordQuirk) : record;
}

/** A record as some proxies send it (FaultSpec.taskRecordQuirk); typed loosely on purpose. */
function withQuirk(record: TaskRecord, quirk: NonNullable<FaultSpec['taskRecordQuirk']>): TaskRecord {
  const loose: Record<string, unknown> = { ...record };
  if (quirk === 'unknown-status' && (record.status === 'queued' || record.status === 'running')) loose.status = 'processing';
  if (quirk === 'no-updated-at') delete loose.updated_at;
  if (quirk === 'string-updated-at') loose.updated_at = String(record.updated_at);
  return loose as unknown as TaskRecord;
}

function strictTaskView(state: EmulatorState, task: StoredTask, fault: FaultSpec, now: number): TaskRecord {
  const status = statusAt(task, now);
  const base: TaskRecord = {
    id: task.id,
    model: task.model,
    status,
    created_at: unixSeconds(task.createdMs),
    updated_at: unixSeconds(statusSinceMs(task, now)),
  };
  if (status === 'failed') {
    return {
      ...base,
      error: { code: 'OutputVideoSensitiveContentDetected', message: 'The request failed because the output video may contain sensitive information.' },
    };
  }
  if (status === 'expired') {
    return { ...base, error: { code: 'TaskExpired', message: 'The task did not finish before its execution deadline.' } };
  }
  if (status !== 'succeeded') return base;
  const p = task.params;
  const finishedMs = statusSinceMs(task, now);
  const tokens = completionTokens(task);
  return {
    ...base,
    content: {
      video_url: state.signedLink(videoFile(state, task), fault, finishedMs),
      ...(p.returnLastFrame ? { last_frame_url: state.signedLink(lastFrameFile(state, task), fault, finishedMs) } : {}),
    },
    seed: p.seed,
    resolution: p.resolution,
    ratio: p.ratio,
    duration: p.duration,
    framespersecond: p.framesPerSecond,
    usage: { completion_tokens: tokens, total_tokens: tokens },
    error: null,
  };
}

function videoFile(state: EmulatorState, task: StoredTask): string {
  const id = `${task.id}.mp4`;
  if (!state.files.has(id)) {
    const { width, height } = videoDimensions(task.params.ratio);
    state.files.put(id, 'video/mp4', () => state.renders.mp4({ width, height, seconds: task.params.duration, prompt: task.prompt }));
  }
  return id;
}

function lastFrameFile(state: EmulatorState, task: StoredTask): string {
  const id = `${task.id}-last.png`;
  if (!state.files.has(id)) {
    const { width, height } = videoDimensions(task.params.ratio);
    state.files.put(id, 'image/png', () => state.renders.png(width, height, `${task.prompt} (last frame)`, task.params.seed));
  }
  return id;
}

function completionTokens(task: StoredTask): number {
  const short = SHORT_SIDE[task.params.resolution] ?? 720;
  const [w, h] = task.params.ratio.split(':').map(Number);
  const ratio = w && h ? Math.max(w, h) / Math.min(w, h) : 16 / 9;
  return Math.round((short * short * ratio * task.params.framesPerSecond * task.params.duration) / 1024);
}
