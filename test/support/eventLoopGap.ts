/** Watches this thread's event loop while work goes on elsewhere. */
import { performance } from 'node:perf_hooks';

export interface EventLoopWatch {
  /** The longest time between two ticks of the timer, in ms: how long a blocked thread made others wait (plus what the OS took). */
  longestGapMs: number;
  /** The share of the time the event loop was running code rather than waiting (0 to 1): unlike the gaps, not raised by other processes' load. */
  utilization: number;
}

/** Starts a timer every `intervalMs`; the function returned stops it and tells what the loop did meanwhile. */
export function watchEventLoop(intervalMs = 5): () => EventLoopWatch {
  const startedUtilization = performance.eventLoopUtilization();
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, intervalMs);
  return () => {
    clearInterval(timer);
    return { longestGapMs: Math.max(longest, performance.now() - last), utilization: performance.eventLoopUtilization(startedUtilization).utilization };
  };
}
