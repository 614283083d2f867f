import * as vscode from 'vscode';
import { GatewayError } from '../gateway/errors';
import { isLoopbackHost, systemLookup, type Lookup } from './loopback';
import { t } from '../l10n/localize';

const APPROVED_KEY = 'genaiGateway.approvedPlainHttpUrls';

/**
 * Before a credential goes in plain HTTP over the network (a plain-http
 * gateway that is not this machine, or one reached through a proxy that is
 * not), the user confirms once per gateway and proxy (remembered across sessions).
 */
export class InsecureUrlGuard {
  constructor(
    private readonly state: vscode.Memento,
    private readonly lookup: Lookup = systemLookup,
  ) {}

  async confirm(baseUrl: string, proxy?: string): Promise<void> {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:') return;
    const proxyUrl = proxy ? safeUrl(proxy) : undefined;
    const exposedAt = !(await isLoopbackHost(url.hostname, this.lookup))
      ? url.origin
      : proxyUrl && !(await isLoopbackHost(proxyUrl.hostname, this.lookup))
        ? proxyUrl.origin
        : undefined;
    if (!exposedAt) return;
    const approval = proxyUrl ? `${url.origin} via ${proxyUrl.origin}` : url.origin;
    const approved = this.state.get<string[]>(APPROVED_KEY, []);
    if (approved.includes(approval)) return;
    const send = t('Send Anyway');
    const viaProxy = exposedAt !== url.origin;
    const choice = await vscode.window.showWarningMessage(
      viaProxy
        ? t(
            'The gateway address {0} uses plain HTTP through the proxy {1}, which is not on this machine: your key would travel unencrypted and could be read on the network.',
            url.origin,
            exposedAt,
          )
        : t('The gateway address {0} uses plain HTTP: your key would travel unencrypted and could be read on the network.', url.origin),
      { modal: true, detail: t('Use an https:// address if the gateway offers one.') },
      send,
    );
    if (choice !== send) {
      throw new GatewayError({
        kind: 'validation',
        code: 'insecure_url_refused',
        param: 'baseUrl',
        message: viaProxy
          ? t('Not sending the key to {0} over plain HTTP through the proxy {1}, which is not on this machine.', url.origin, exposedAt)
          : t('Not sending the key to {0} over plain HTTP.', url.origin),
      });
    }
    await this.state.update(APPROVED_KEY, [...approved, approval]);
  }
}

function safeUrl(address: string): URL | undefined {
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
}
