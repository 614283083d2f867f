/**
 * Runs `task` on each item, in order, with at most `limit` running at once;
 * resolves when every task has ended, rejects with the first failure (like
 * Promise.all: tasks already started go on).
 */
export async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
