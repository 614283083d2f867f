/**
 * The task tracker of the configured gateway, for the view and the commands:
 * switched when the gateway URL changes, its polling sped up while the view
 * is visible and paced by the interval setting.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { GatewayClient } from '../gateway/client';
import { SYSTEM_CLOCK } from '../tasks/clock';
import { gatewayTaskStorage, type KeyValueStore } from '../tasks/gatewayTaskStorage';
import { DEFAULT_POLL_TIMING, type PollTiming } from '../tasks/pollSchedule';
import type { TaskEntry } from '../tasks/taskEntry';
import type { TaskTransition } from '../tasks/taskRegistry';
import type { ResultSaver } from '../tasks/resultSaving';
import { TaskTracker } from '../tasks/taskTracker';
import { t } from '../l10n/localize';

export interface VideoTasksServices {
  clients: { get(): GatewayClient; readonly onDidChangeConnection: vscode.Event<void> };
  settings: { connection(): { baseUrl: string }; videoTasksPollIntervalSeconds(): number };
  log: { warn(message: string): void };
  /** Where tasks are kept between sessions. */
  state: KeyValueStore;
}

/**
 * This window's extension host, for the poll lease. Not vscode.env.sessionId:
 * code-server gives every browser window on one server the same session id.
 */
const WINDOW_ID = randomUUID();

export class VideoTasks implements vscode.Disposable {
  private tracker: TaskTracker | undefined;
  private trackerUrl = '';
  private unsubscribe: Array<() => void> = [];
  private visible = false;
  private resultSaver: ResultSaver | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** A task was added, removed or changed, or the gateway changed. */
  readonly onDidChange = this.changed.event;
  private readonly transitioned = new vscode.EventEmitter<TaskTransition>();
  readonly onDidTransition = this.transitioned.event;
  private readonly disappeared = new vscode.EventEmitter<TaskEntry>();
  readonly onDidDisappear = this.disappeared.event;
  private readonly reconnected = new vscode.EventEmitter<void>();
  /** The connection to the same gateway changed (a key, a header, a proxy): what failed may work now. */
  readonly onDidReconnect = this.reconnected.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly services: VideoTasksServices) {
    this.subscriptions = [
      services.clients.onDidChangeConnection(() => this.connectionChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('genaiGateway.videoTasks.pollIntervalSeconds')) this.tracker?.setTiming(this.timing());
      }),
    ];
    this.followGateway();
  }

  /** The tracker of the configured gateway; undefined while no gateway URL is set. */
  get current(): TaskTracker | undefined {
    return this.tracker;
  }

  /** The tracker, or the client's clear error about the missing gateway URL. */
  require(): TaskTracker {
    this.followGateway();
    if (this.tracker) return this.tracker;
    this.services.clients.get();
    throw new Error(t('No gateway URL is set.'));
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.tracker?.setVisible(visible);
  }

  /** Saves the results of succeeded tasks, in this window when it is its turn (for every gateway followed from now on). */
  saveResultsWith(saver: ResultSaver): void {
    this.resultSaver = saver;
    this.tracker?.saveResultsWith(saver);
  }

  /** The window is closing: stops polling and saving and lets the poll lease go, so another window takes over at once. */
  async closeBeforeExit(): Promise<void> {
    await this.tracker?.close();
  }

  dispose(): void {
    this.closeTracker();
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
    this.transitioned.dispose();
    this.disappeared.dispose();
    this.reconnected.dispose();
  }

  /** Another gateway gets a tracker of its own; for the same one, the views are told to ask again. */
  private connectionChanged(): void {
    const sameGateway = this.tracker !== undefined && this.services.settings.connection().baseUrl === this.trackerUrl;
    this.followGateway();
    if (!sameGateway) return;
    this.reconnected.fire();
    this.changed.fire();
  }

  private followGateway(): void {
    const baseUrl = this.services.settings.connection().baseUrl;
    if (baseUrl === this.trackerUrl && (this.tracker || !baseUrl)) return;
    this.closeTracker();
    this.trackerUrl = baseUrl;
    if (baseUrl) this.tracker = this.openTracker(baseUrl);
    this.changed.fire();
  }

  private openTracker(baseUrl: string): TaskTracker {
    const { clients, log, state } = this.services;
    const tracker = new TaskTracker({
      tasks: () => clients.get().tasks,
      storage: gatewayTaskStorage(state, baseUrl),
      clock: SYSTEM_CLOCK,
      timing: this.timing(),
      log: (message) => log.warn(message),
      // Windows on the same machine share the task file: one polls, the others read its results.
      windowId: WINDOW_ID,
    });
    tracker.setVisible(this.visible);
    if (this.resultSaver) tracker.saveResultsWith(this.resultSaver);
    this.unsubscribe = [
      tracker.onDidChange.on(() => this.changed.fire()),
      tracker.onDidTransition.on((t) => this.transitioned.fire(t)),
      tracker.onDidDisappear.on((e) => this.disappeared.fire(e)),
    ];
    return tracker;
  }

  private closeTracker(): void {
    this.unsubscribe.forEach((off) => off());
    this.unsubscribe = [];
    this.tracker?.dispose();
    this.tracker = undefined;
  }

  private timing(): PollTiming {
    return { ...DEFAULT_POLL_TIMING, baseMs: this.services.settings.videoTasksPollIntervalSeconds() * 1000 };
  }
}
