import { Emulator, EmulatorOptions, startEmulator } from '../../emulator';
import { GatewayClient, GatewayClientOptions } from '../../../src/gateway/client';
import { RequestLogEntry } from '../../../src/gateway/transport';

export interface ClientFixture {
  emu: Emulator;
  client: GatewayClient;
  log: RequestLogEntry[];
  /** Requests the emulator received on paths starting with this (under /v1). */
  received(pathPrefix: string): number;
  close(): Promise<void>;
}

/** A client pointed at `emu` with its key, no proxy from the environment and fast retries for tests. */
export function gatewayClient(emu: Emulator, clientOptions: Partial<GatewayClientOptions> = {}): GatewayClient {
  return new GatewayClient({
    baseUrl: emu.url,
    userAgent: 'genai-gateway-vscode/0.0.0-test',
    getCredential: async () => emu.apiKey,
    retry: { baseDelayMs: 10, maxDelayMs: 40 },
    env: {},
    ...clientOptions,
  });
}

/** A fresh emulator and a client pointed at it, with fast retries for tests. */
export async function clientFixture(emulatorOptions: EmulatorOptions = {}, clientOptions: Partial<GatewayClientOptions> = {}): Promise<ClientFixture> {
  const emu = await startEmulator(emulatorOptions);
  const log: RequestLogEntry[] = [];
  const client = gatewayClient(emu, { onRequest: (entry) => log.push(entry), ...clientOptions });
  return {
    emu,
    client,
    log,
    received: (prefix) => emu.requests.filter((r) => r.path.startsWith(`/v1${prefix}`)).length,
    close: async () => {
      await client.close();
      await emu.close();
    },
  };
}
