/** Results a closed window left unsaved. Pure. */
import type { TaskEntry } from './taskEntry';
import { resultLinksExpireAt } from './taskText';

/** Tasks created here that succeeded, whose video was never saved (the window closed during the download), while their links work. */
export function unsavedResults(entries: readonly TaskEntry[], nowMs: number): TaskEntry[] {
  return entries.filter(
    (entry) => entry.local && entry.record.status === 'succeeded' && !entry.downloads?.video && (resultLinksExpireAt(entry.record) ?? 0) > nowMs,
  );
}
