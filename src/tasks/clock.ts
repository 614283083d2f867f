/** Time and timers, injected so that polling can be tested with a fake clock. */
export interface Clock {
  now(): number;
  /** Calls back once after `ms`; the returned function cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};
