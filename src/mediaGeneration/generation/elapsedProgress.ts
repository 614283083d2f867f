/**
 * Progress messages with the time elapsed since the start, refreshed every
 * second while nothing else is reported: a generation may take minutes, and
 * the user should see it is still being waited for.
 */
import { t } from '../../l10n/localize';

export interface ElapsedProgress {
  report(message: string): void;
  stop(): void;
}

export interface ElapsedClock {
  now(): number;
  every(ms: number, tick: () => void): () => void;
}

const SYSTEM: ElapsedClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const handle = setInterval(tick, ms);
    return () => clearInterval(handle);
  },
};

/** `0:07`, `2:05`, `1:02:09`. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number): string => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export function elapsedProgress(report: (message: string) => void, clock: ElapsedClock = SYSTEM): ElapsedProgress {
  const started = clock.now();
  let last = '';
  const show = (): void => {
    const elapsed = formatElapsed(clock.now() - started);
    report(last ? t('{0} {1} elapsed', last, elapsed) : t('{0} elapsed', elapsed));
  };
  const stop = clock.every(1000, show);
  return {
    report: (message) => {
      last = message;
      show();
    },
    stop,
  };
}
