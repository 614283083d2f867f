/** What the fault matrix needs of each endpoint: how to call it through the product's layers and what must hold afterwards. */
import { AssertionError } from 'node:assert/strict';
import type { RetryClass } from '../../../../src/gateway/retry';
import { errorText } from '../../../../src/gateway/errors';
import type { ClientFixture } from '../../client/harness';

export type GeneralFault =
  | 'latency'
  | 'reset mid-body'
  | 'stall before headers'
  | 'stall after headers'
  | '500 burst'
  | '503 burst'
  | '429 with Retry-After'
  | 'truncated body'
  | 'HTML error page';

export type SpecificFault = 'malformed SSE' | 'stream without [DONE]' | 'invalid tool JSON' | 'expired signed URL';

export type FaultName = GeneralFault | SpecificFault;

export type Expectation = 'success' | 'error' | 'either';

export interface CaseContext {
  fixture: ClientFixture;
  /** A fresh, empty output folder for this case: the workspace's generated files. */
  folder: string;
  /** The fault in force; none for a run without faults. */
  fault?: FaultName;
}

/** What the user ends up with: the result, or the message they are shown. */
export type Outcome = { ok: true } | { ok: false; message: string };

export interface Endpoint {
  name: string;
  /** Emulator path prefix the faults are scoped to, e.g. '/chat'. */
  faultPath: string;
  /** Where the expired-link fault applies when links are issued elsewhere than faultPath. */
  linkPath?: string;
  retry: RetryClass;
  specificFaults: readonly SpecificFault[];
  /** Body bytes sent before a reset or truncation: part of the body must arrive first. */
  midBodyBytes: number;
  /** Where this endpoint's outcome differs from what its retry class implies. */
  expectations?: Partial<Record<FaultName, Expectation>>;
  /** Runs without faults before each case. */
  prepare?(ctx: CaseContext): Promise<void>;
  /** The operation under the fault, as the feature runs it. */
  run(ctx: CaseContext): Promise<Outcome>;
  /** What must hold whatever the outcome (files, tasks, chat history). */
  verify?(ctx: CaseContext, outcome: Outcome): Promise<void> | void;
  dispose?(): void;
}

/** Runs an operation; a failure becomes the message the feature shows for it (a failed check of its result stays a failure). */
export async function outcomeOf(operation: () => Promise<unknown>): Promise<Outcome> {
  try {
    await operation();
    return { ok: true };
  } catch (error) {
    if (error instanceof AssertionError) throw error;
    return { ok: false, message: errorText(error) };
  }
}
