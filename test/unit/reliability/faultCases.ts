/** The emulator's faults, scoped to one endpoint, and what the user must get under each: a result (after retries) or a clear error. */
import type { FaultSpec } from '../../emulator';
import type { Endpoint, Expectation, FaultName, SpecificFault } from './endpoints/endpoint';

export interface FaultCase {
  name: FaultName;
  /** The fault for this endpoint, scoped to its path. */
  spec(endpoint: Endpoint): FaultSpec;
  expect(endpoint: Endpoint): Expectation;
  /** A success cannot come sooner (the wait Retry-After asks for). */
  minSuccessMs?: number;
}

type ByRetryClass = Record<Endpoint['retry'], Expectation>;

const ALWAYS_ERROR: ByRetryClass = { safe: 'error', paid: 'error', never: 'error' };

function fault<N extends FaultName>(
  name: N,
  spec: (endpoint: Endpoint) => FaultSpec,
  byClass: ByRetryClass,
  extra: Pick<FaultCase, 'minSuccessMs'> = {},
): FaultCase & { name: N } {
  return {
    name,
    spec: (endpoint) => ({ ...spec(endpoint), pathPrefix: endpoint.faultPath }),
    expect: (endpoint) => endpoint.expectations?.[name] ?? byClass[endpoint.retry],
    ...extra,
  };
}

/** Faults every endpoint meets. */
export const GENERAL_FAULTS: readonly FaultCase[] = [
  fault('latency', () => ({ latencyMs: 300 }), { safe: 'success', paid: 'success', never: 'success' }),
  fault('reset mid-body', (e) => ({ resetAfterBytes: e.midBodyBytes }), ALWAYS_ERROR),
  fault('stall before headers', () => ({ stall: 'before-headers' }), ALWAYS_ERROR),
  fault('stall after headers', () => ({ stall: 'after-headers' }), ALWAYS_ERROR),
  // 500 may mean the work started: only requests that create nothing paid are re-sent.
  fault('500 burst', () => ({ statusBurst: { status: 500, count: 2 } }), { safe: 'success', paid: 'error', never: 'error' }),
  fault('503 burst', () => ({ statusBurst: { status: 503, count: 2 } }), { safe: 'success', paid: 'success', never: 'error' }),
  fault(
    '429 with Retry-After',
    () => ({ statusBurst: { status: 429, count: 1, retryAfter: '1' } }),
    { safe: 'success', paid: 'success', never: 'error' },
    { minSuccessMs: 950 },
  ),
  fault('truncated body', (e) => ({ truncateBodyBytes: e.midBodyBytes }), ALWAYS_ERROR),
  fault('HTML error page', () => ({ errorBody: 'html', errorStatus: 502 }), ALWAYS_ERROR),
];

/** Faults of streams and links, for the endpoints that have them. */
export const SPECIFIC_FAULTS: ReadonlyArray<FaultCase & { name: SpecificFault }> = [
  fault('malformed SSE', () => ({ malformedSse: true }), ALWAYS_ERROR),
  fault('stream without [DONE]', () => ({ dropDone: true }), ALWAYS_ERROR),
  fault('invalid tool JSON', () => ({ invalidToolJson: true }), ALWAYS_ERROR),
  {
    ...fault('expired signed URL', () => ({ expiredUrls: true }), ALWAYS_ERROR),
    spec: (endpoint) => ({ expiredUrls: true, pathPrefix: endpoint.linkPath ?? endpoint.faultPath }),
  },
];

export function faultsFor(endpoint: Endpoint): FaultCase[] {
  return [...GENERAL_FAULTS, ...SPECIFIC_FAULTS.filter((f) => endpoint.specificFaults.includes(f.name))];
}
