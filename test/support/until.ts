/** Polls `probe` until it gives a truthy value, which it resolves with; fails naming `what` after `timeoutMs`. */
export type Truthy<T> = Exclude<T, undefined | null | false | 0 | ''>;

export async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 10_000, everyMs = 50): Promise<Truthy<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The same for the VS Code suites: the extension host shares two cores with the workbench, so they wait longer by default. */
export function untilInVsCode<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 15_000): Promise<Truthy<T>> {
  return until(what, probe, timeoutMs);
}
