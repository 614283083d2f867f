/**
 * Which window polls a gateway's video tasks when several are open on the
 * same machine: the one holding the lease, kept in the shared task file
 * next to the tasks (the holder's id and an expiry it renews on each poll).
 * The others read the records it saves; one of them takes over when the
 * lease expires (the holder's window closed or hung) or is released (the
 * holder has nothing left to poll, or closed properly). The store applies
 * these functions to the lease on disk while no other window can write it
 * (JsonFileStore.change), so of two windows taking it at the same moment
 * only one gets it. Pure: time is passed in.
 */

export interface Lease {
  holder: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** The lease when `windowId` asks for it at `nowMs`: taken or renewed; undefined while another window holds it. */
export function claimLease(current: unknown, windowId: string, nowMs: number, durationMs: number): Lease | undefined {
  if (isLease(current) && current.holder !== windowId && current.expiresAt > nowMs) return undefined;
  return { holder: windowId, expiresAt: nowMs + durationMs };
}

/** Whether `windowId` holds a lease that still runs. */
export function holdsLease(current: unknown, windowId: string, nowMs: number): boolean {
  return isLease(current) && current.holder === windowId && current.expiresAt > nowMs;
}

/** The lease to write when `windowId` lets go: expired now when it held it; undefined when there is nothing to release. */
export function releaseLease(current: unknown, windowId: string, nowMs: number): Lease | undefined {
  return holdsLease(current, windowId, nowMs) ? { holder: windowId, expiresAt: nowMs } : undefined;
}

/**
 * How long a lease lasts: past the holder's next poll with room to spare, so
 * the others do not take over between its polls (the interval grows while
 * nothing changes), and at least `minimumMs`.
 */
export function leaseDurationMs(pollIntervalMs: number, minimumMs = LEASE_MINIMUM_MS): number {
  return Math.max(minimumMs, 2 * pollIntervalMs + LEASE_GRACE_MS);
}

export const LEASE_MINIMUM_MS = 30_000;
const LEASE_GRACE_MS = 5_000;

export function isLease(value: unknown): value is Lease {
  if (typeof value !== 'object' || value === null) return false;
  const { holder, expiresAt } = value as Record<string, unknown>;
  return typeof holder === 'string' && holder !== '' && typeof expiresAt === 'number' && Number.isFinite(expiresAt);
}
