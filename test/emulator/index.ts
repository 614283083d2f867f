/**
 * A local implementation of the whole gateway spec over real HTTP, with real
 * media bytes and fault injection. Every test of the project talks to it.
 *
 *   const emu = await startEmulator({ rateLimitPerMinute: 60 });
 *   const client = new OpenAI({ baseURL: emu.url, apiKey: emu.apiKey });
 *   ...
 *   await emu.close();
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TaskRecord } from '../../src/gateway/types/tasks';
import type { FaultSpec } from './core/faults';
import type { EmulatorOptions } from './options';
import { patchOptions } from './options';
import { handleRequest } from './pipeline';
import { ROUTES } from './routes';
import type { RecordedRequest } from './state';
import { EmulatorState } from './state';
import { taskView } from './tasks/task-view';

export type { ErrorBodyShape, FaultSpec, StatusBurst } from './core/faults';
export { FAULT_HEADER } from './core/faults';
export type { EmulatorOptions } from './options';
export type { DialectName } from './chat/dialects/types';
export { DIALECT_NAMES } from './chat/dialects/types';
export { DIALECT_HEADER } from './chat/dialects/dialect-chat';
export type { RecordedRequest } from './state';
export type { TaskRecord } from '../../src/gateway/types/tasks';

export interface Emulator {
  /** 'http://127.0.0.1:<port>/v1' */
  readonly url: string;
  /** 'http://127.0.0.1:<port>' */
  readonly origin: string;
  readonly apiKey: string;
  readonly accessToken: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  setFaults(f: FaultSpec | undefined): void;
  /** Runtime changes (rate limit, timing, delays). Task timing applies to tasks created afterwards. */
  setOptions(o: Partial<EmulatorOptions>): void;
  /** Server-side view of the tasks that exist (deleted finished tasks are gone), oldest first. */
  tasks(): TaskRecord[];
  /** Closes the server and all sockets. */
  close(): Promise<void>;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const state = new EmulatorState(opts);
  const server = createServer((req, res) => {
    void handleRequest(state, ROUTES, req, res);
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  state.origin = origin;

  return {
    url: `${origin}/v1`,
    origin,
    get apiKey() {
      return state.options.apiKey;
    },
    get accessToken() {
      return state.options.accessToken;
    },
    requests: state.requests,
    setFaults: (f) => state.faults.set(f),
    setOptions: (o) => {
      state.options = patchOptions(state.options, o);
      if ('faults' in o) state.faults.set(o.faults);
    },
    tasks: () => state.tasks.all().map((t) => taskView(state, t, {})),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
