import { t } from '../../l10n/localize';
import { GatewayError } from '../errors';

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(signal);
}

/**
 * The next item of `items`, or an 'aborted' GatewayError as soon as `signal`
 * fires, even while the source is still waiting for the network.
 */
export function nextUnlessAborted<T>(items: AsyncIterator<T>, signal: AbortSignal | undefined): Promise<IteratorResult<T>> {
  if (signal === undefined) return items.next();
  throwIfAborted(signal);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(abortedError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    items
      .next()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Tells a source we stop reading early, so it can release its connection or file. */
export function stopReading<T>(items: AsyncIterator<T>): void {
  items.return?.().catch(() => undefined);
}

function abortedError(signal: AbortSignal): GatewayError {
  return new GatewayError({ kind: 'aborted', message: t('Cancelled.'), cause: signal.reason });
}
