/** What the extension still needs before it can send a request, and the walkthrough's steps that give it. */
import { gatewayAddressOf } from '../gateway/baseUrl';
import type { SetupStep } from '../protocol/chatProtocol';
import type { Settings } from '../platform/settings';
import type { Credentials } from './credentials';

/** The gateway's address, then a key (unless the user sends their own authorization header); undefined when ready. */
export async function setupStep(settings: Pick<Settings, 'baseUrl' | 'requestHeaders'>, credentials: Pick<Credentials, 'get'>): Promise<SetupStep | undefined> {
  if (!gatewayAddressOf(settings.baseUrl())) return 'gateway';
  if (settings.requestHeaders().authorization === 'custom') return undefined;
  return (await credentials.get()) ? undefined : 'key';
}

const STEP_COMMANDS: ReadonlyArray<readonly [SetupStep, string]> = [
  ['gateway', 'genaiGateway.setBaseUrl'],
  ['key', 'genaiGateway.setApiKey'],
];

/** Runs the commands of the steps still needed, in the walkthrough's order; stops when one is cancelled (its command answers false). */
export async function runSetupSteps(needs: () => Promise<SetupStep | undefined>, execute: (command: string) => Thenable<unknown>): Promise<void> {
  for (const [step, command] of STEP_COMMANDS) {
    if ((await needs()) !== step) continue;
    if ((await execute(command)) === false) return;
  }
}
