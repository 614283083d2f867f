import * as vscode from 'vscode';
import { Log } from '../platform/log';
import { Settings } from '../platform/settings';
import { CREDENTIAL_LABELS, CredentialKind, Credentials, askForCredential } from './credentials';
import { originOf } from './keyOrigins';
import { ModelCatalog } from './modelCatalog';
import { selectModel } from './selectModel';
import { testConnection } from './testConnection';

export interface ConnectionServices {
  settings: Settings;
  credentials: Credentials;
  catalog: ModelCatalog;
  log: Log;
}

/** Commands for the gateway address, credentials, connection test, model choice and log. */
export function registerConnectionCommands(s: ConnectionServices): vscode.Disposable[] {
  const setCredential = (kind: CredentialKind) => async (value?: string) => {
    const connection = s.settings.connection();
    const origin = originOf(connection.baseUrl);
    const fromWorkspace = connection.baseUrlSource === 'workspace' ? 'The gateway address comes from this workspace\'s settings.' : undefined;
    const entered = typeof value === 'string' && value.trim() ? value.trim() : await askForCredential(kind, origin, fromWorkspace);
    if (!entered) return false;
    await s.credentials.set(kind, entered, origin);
    s.log.info(`Stored a new ${CREDENTIAL_LABELS[kind]} in secret storage${origin ? ` for ${origin}` : ''}.`);
    void vscode.window.showInformationMessage(`GenAI Gateway: ${CREDENTIAL_LABELS[kind]} saved in secret storage${origin ? `; it is sent only to ${origin}` : ''}.`, 'Test Connection')
      .then((choice) => choice && vscode.commands.executeCommand('genaiGateway.testConnection'));
    return true;
  };
  return [
    vscode.commands.registerCommand('genaiGateway.setApiKey', setCredential('apiKey')),
    vscode.commands.registerCommand('genaiGateway.setAccessToken', setCredential('accessToken')),
    vscode.commands.registerCommand('genaiGateway.signOut', async () => {
      const removed = await s.credentials.get();
      await s.credentials.clear();
      s.log.info('Removed the stored credential.');
      const envStillSet = (await s.credentials.get())?.source === 'environment';
      const of = removed?.source === 'secretStorage' && removed.origins.length ? ` for ${removed.origins.join(', ')}` : '';
      void vscode.window.showInformationMessage(envStillSet
        ? `GenAI Gateway: signed out; the stored credential${of} was removed. The GENAI_GATEWAY_API_KEY environment variable is still set and will be used.`
        : `GenAI Gateway: signed out; the stored credential${of} was removed.`);
    }),
    vscode.commands.registerCommand('genaiGateway.setBaseUrl', async (value?: string) => {
      const url = typeof value === 'string' ? value : await vscode.window.showInputBox({
        title: 'GenAI Gateway: Set Gateway URL',
        prompt: 'The gateway address, ending in /v1',
        value: s.settings.connection().baseUrl || 'https://',
        ignoreFocusOut: true,
        validateInput: validateBaseUrl,
      });
      if (!url || validateBaseUrl(url)) return false;
      await s.settings.setBaseUrl(url.trim().replace(/\/+$/, ''));
      return true;
    }),
    vscode.commands.registerCommand('genaiGateway.testConnection', (options?: { quiet?: boolean }) => testConnection(s.catalog, options?.quiet === true)),
    vscode.commands.registerCommand('genaiGateway.selectModel', () => selectModel(s.catalog, s.settings)),
    vscode.commands.registerCommand('genaiGateway.showLog', () => s.log.show()),
  ];
}

export function validateBaseUrl(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use an http:// or https:// address.';
    if (url.username || url.password) return 'Do not put credentials in the address; use "Set API Key".';
    if (!/\/v1\/?$/.test(url.pathname)) return 'The address ends in /v1, e.g. https://gateway.example.com/v1';
    return undefined;
  } catch {
    return 'Not a valid URL, e.g. https://gateway.example.com/v1';
  }
}
