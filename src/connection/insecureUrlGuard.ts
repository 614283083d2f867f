import * as vscode from 'vscode';
import { GatewayError } from '../gateway/errors';

const APPROVED_KEY = 'genaiGateway.approvedPlainHttpUrls';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Before a credential goes to a plain-http address that is not this machine,
 * the user confirms once per address (remembered across sessions).
 */
export class InsecureUrlGuard {
  constructor(private readonly state: vscode.Memento) {}

  async confirm(baseUrl: string): Promise<void> {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return;
    const approved = this.state.get<string[]>(APPROVED_KEY, []);
    if (approved.includes(url.origin)) return;
    const send = 'Send Anyway';
    const choice = await vscode.window.showWarningMessage(
      `The gateway address ${url.origin} uses plain HTTP: your key would travel unencrypted and could be read on the network.`,
      { modal: true, detail: 'Use an https:// address if the gateway offers one.' },
      send,
    );
    if (choice !== send) {
      throw new GatewayError({
        kind: 'validation',
        code: 'insecure_url_refused',
        param: 'baseUrl',
        message: `Not sending the key to ${url.origin} over plain HTTP.`,
      });
    }
    await this.state.update(APPROVED_KEY, [...approved, url.origin]);
  }
}
