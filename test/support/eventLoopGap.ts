/** Watches this thread's event loop while work goes on elsewhere: a blocked thread shows as a long gap between two ticks. */

/** Starts a timer every `intervalMs`; the function returned stops it and gives the longest time between two ticks, in ms. */
export function watchEventLoop(intervalMs = 5): () => number {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, intervalMs);
  return () => {
    clearInterval(timer);
    return Math.max(longest, performance.now() - last);
  };
}
