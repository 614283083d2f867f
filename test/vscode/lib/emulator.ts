// The gateway emulator (test/emulator), started in-process for a test run.
import { startEmulator, type EmulatorOptions } from '../../emulator';
import { log, onCleanup } from './proc';

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;

/** Starts the emulator (port 0: a free port); it is closed by cleanupAll(). */
export async function startGatewayEmulator(port = 0, options: Omit<EmulatorOptions, 'port'> = {}): Promise<Emulator> {
  const emulator = await startEmulator({ ...options, port });
  onCleanup('emulator', () => emulator.close());
  log(`emulator at ${emulator.url}`);
  return emulator;
}
