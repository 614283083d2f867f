/**
 * Which window saves the video of a succeeded task: the one whose turn it is
 * (with other windows open, the holder of the poll lease), so it is saved
 * once. A result waiting to be saved keeps the window taking turns as a task
 * to poll does: its lease is renewed during a long download, and when it
 * closes or dies before the result is saved, the window that takes over
 * saves it. One attempt per task and window: a failed download is reported,
 * not repeated every turn. Pure.
 */
import type { Clock } from './clock';
import type { TaskEntry } from './taskEntry';
import { unsavedResults } from './unsavedResults';

export interface ResultSaver {
  /** Whether results are saved without being asked (the auto-download setting). */
  enabled(): boolean;
  /** Downloads and records the result; stops when `signal` fires (the window closing). */
  save(entry: TaskEntry, signal: AbortSignal): Promise<void>;
}

export class ResultSaving {
  private readonly tried = new Set<string>();
  private readonly saving = new Set<string>();
  private readonly abort = new AbortController();

  constructor(
    private readonly saver: ResultSaver,
    private readonly entries: () => readonly TaskEntry[],
    private readonly clock: Clock,
    /** A save ended: the turns may stop. */
    private readonly onSettled: () => void,
  ) {}

  /** Results this window is saving or still means to save. */
  pending(): boolean {
    return this.saving.size > 0 || this.due().length > 0;
  }

  /** This window's turn: saves the results nobody has saved yet. */
  saveDue(): void {
    for (const entry of this.due()) this.start(entry);
  }

  /** The window is closing: saves in progress stop before their files appear, for the window taking over to save them. */
  dispose(): void {
    this.abort.abort();
  }

  private due(): TaskEntry[] {
    if (this.abort.signal.aborted || !this.saver.enabled()) return [];
    return unsavedResults(this.entries(), this.clock.now()).filter((entry) => !this.tried.has(entry.record.id));
  }

  private start(entry: TaskEntry): void {
    const id = entry.record.id;
    this.tried.add(id);
    this.saving.add(id);
    void this.saver
      .save(entry, this.abort.signal)
      .catch(() => undefined)
      .finally(() => {
        this.saving.delete(id);
        this.onSettled();
      });
  }
}
