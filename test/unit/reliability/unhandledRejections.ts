/** Records the promise rejections nobody handled while a test runs. */
export interface RejectionRecorder {
  readonly reasons: unknown[];
  stop(): void;
}

export function recordUnhandledRejections(): RejectionRecorder {
  const reasons: unknown[] = [];
  const onRejection = (reason: unknown): void => {
    reasons.push(reason);
  };
  process.on('unhandledRejection', onRejection);
  return { reasons, stop: () => process.off('unhandledRejection', onRejection) };
}
