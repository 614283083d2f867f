import { baseUrlProblem } from '../gateway/baseUrl';
import * as vscode from 'vscode';
import { Log } from '../platform/log';
import { Settings } from '../platform/settings';
import { CREDENTIAL_LABELS, CredentialKind, Credentials, askForCredential } from './credentials';
import { originOf } from './keyOrigins';
import { ModelCatalog } from './modelCatalog';
import { selectModel } from './selectModel';
import { testConnection } from './testConnection';
import { describeHeaders, headerNameProblem, headerValueProblem } from '../gateway/headers';
import type { AddedHeaderNames } from './clientProvider';
import { SecretHeaders } from './secretHeaders';
import { t } from '../l10n/localize';

export interface ConnectionServices {
  settings: Settings;
  credentials: Credentials;
  catalog: ModelCatalog;
  log: Log;
  secretHeaders: SecretHeaders;
  headerNames: () => Promise<AddedHeaderNames>;
}

/** Commands for the gateway address, credentials, connection test, model choice and log. */
export function registerConnectionCommands(s: ConnectionServices): vscode.Disposable[] {
  const setCredential = (kind: CredentialKind) => async (value?: string) => {
    const connection = s.settings.connection();
    const origin = originOf(connection.baseUrl);
    const fromWorkspace = connection.baseUrlSource === 'workspace' ? t("The gateway address comes from this workspace's settings.") : undefined;
    const entered = typeof value === 'string' && value.trim() ? value.trim() : await askForCredential(kind, origin, fromWorkspace);
    if (!entered) return false;
    await s.credentials.set(kind, entered, origin);
    s.log.info(`Stored a new ${CREDENTIAL_LABELS[kind]} in secret storage${origin ? ` for ${origin}` : ''}.`);
    void vscode.window
      .showInformationMessage(savedMessage(kind, origin), t('Test Connection'))
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
      const origins = removed?.source === 'secretStorage' && removed.origins.length ? removed.origins.join(', ') : undefined;
      void vscode.window.showInformationMessage(signedOutMessage(origins, envStillSet));
    }),
    vscode.commands.registerCommand('genaiGateway.setBaseUrl', async (value?: string) => {
      const url =
        typeof value === 'string'
          ? value
          : await vscode.window.showInputBox({
              title: t('GenAI Gateway: Set Gateway URL'),
              prompt: t('The gateway address, ending in /v1'),
              value: s.settings.connection().baseUrl || 'https://',
              ignoreFocusOut: true,
              validateInput: baseUrlProblem,
            });
      if (!url || baseUrlProblem(url)) return false;
      await s.settings.setBaseUrl(url.trim().replace(/\/+$/, ''));
      return true;
    }),
    vscode.commands.registerCommand('genaiGateway.testConnection', async (options?: { quiet?: boolean }) => {
      const names = await s.headerNames();
      const headers = describeHeaders(names.plain, names.secret);
      const result = await testConnection(s.catalog, options?.quiet === true, headers);
      if (result.ok) s.log.info(`Connection test: ${result.latencyMs} ms, ${result.modelCount ?? 0} models${headers ? `; headers: ${headers}` : ''}.`);
      return { ...result, ...(headers ? { headers } : {}) };
    }),
    vscode.commands.registerCommand('genaiGateway.setSecretHeader', (name?: string, value?: string) => setSecretHeader(s, name, value)),
    vscode.commands.registerCommand('genaiGateway.removeSecretHeader', (name?: string) => removeSecretHeader(s, name)),
    vscode.commands.registerCommand('genaiGateway.selectModel', () => selectModel(s.catalog, s.settings)),
    vscode.commands.registerCommand('genaiGateway.showLog', () => s.log.show()),
  ];
}

/** Asks for a header's name, then its value in a password box; keeps it in secret storage for the current gateway. */
async function setSecretHeader(s: ConnectionServices, givenName?: string, givenValue?: string): Promise<boolean> {
  const connection = s.settings.connection();
  const mode = connection.authorization ?? 'bearer';
  const origin = originOf(connection.baseUrl);
  const name =
    typeof givenName === 'string'
      ? givenName.trim()
      : (
          await vscode.window.showInputBox({
            title: t('GenAI Gateway: Set Secret Header (1/2)'),
            prompt: t("The header's name, e.g. CF-Access-Client-Secret. Headers that are not secret go in the genaiGateway.headers setting."),
            ignoreFocusOut: true,
            validateInput: (text) => headerNameProblem(text.trim(), mode),
          })
        )?.trim();
  if (!name) return false;
  const nameProblem = headerNameProblem(name, mode);
  if (nameProblem) {
    void vscode.window.showErrorMessage(`GenAI Gateway: ${nameProblem}`);
    return false;
  }
  const value =
    typeof givenValue === 'string'
      ? givenValue.trim()
      : (
          await vscode.window.showInputBox({
            title: t('GenAI Gateway: Set Secret Header (2/2): {0}', name),
            prompt: origin
              ? t(
                  "The value of {0}. It is kept in VS Code's secret storage and sent only to {1}, with every request to the gateway (never with downloads of results); another address needs your confirmation.",
                  name,
                  origin,
                )
              : t(
                  "The value of {0}. It is kept in VS Code's secret storage and sent only to the gateway address you use it with first, with every request to the gateway (never with downloads of results); another address needs your confirmation.",
                  name,
                ),
            password: true,
            ignoreFocusOut: true,
            validateInput: (text) => (text.trim() ? headerValueProblem(text.trim()) : t('Enter a value.')),
          })
        )?.trim();
  if (!value) return false;
  const valueProblem = headerValueProblem(value);
  if (valueProblem) {
    void vscode.window.showErrorMessage(`GenAI Gateway: ${name}: ${valueProblem}`);
    return false;
  }
  const plainTwin = Object.keys(connection.headers ?? {}).find((n) => n.toLowerCase() === name.toLowerCase());
  await s.secretHeaders.set(name, value, origin);
  s.log.info(`Stored the secret header ${name} in secret storage${origin ? ` for ${origin}` : ''}.`);
  const saved = origin
    ? t('GenAI Gateway: secret header {0} saved in secret storage; it is sent only to {1}.', name, origin)
    : t('GenAI Gateway: secret header {0} saved in secret storage.', name);
  const twice = plainTwin ? t('Remove "{0}" from genaiGateway.headers: a header may be set only once.', plainTwin) : undefined;
  void vscode.window.showInformationMessage(twice ? `${saved} ${twice}` : saved);
  return true;
}

async function removeSecretHeader(s: ConnectionServices, givenName?: string): Promise<boolean> {
  const all = await s.secretHeaders.all();
  const name =
    typeof givenName === 'string'
      ? givenName.trim()
      : all.length
        ? (
            await vscode.window.showQuickPick(
              all.map((h) => ({ label: h.name, description: h.origins.length ? t('sent to {0}', h.origins.join(', ')) : t('not used yet') })),
              { title: t('GenAI Gateway: Remove Secret Header') },
            )
          )?.label
        : undefined;
  if (!all.length && typeof givenName !== 'string') {
    void vscode.window.showInformationMessage(t('GenAI Gateway: no secret header is stored.'));
    return false;
  }
  if (!name) return false;
  const removed = await s.secretHeaders.remove(name);
  if (removed) s.log.info(`Removed the secret header ${name}.`);
  void vscode.window.showInformationMessage(
    removed ? t('GenAI Gateway: secret header {0} removed.', name) : t('GenAI Gateway: no secret header {0} is stored.', name),
  );
  return removed;
}

function savedMessage(kind: CredentialKind, origin: string | undefined): string {
  if (kind === 'apiKey') {
    return origin ? t('GenAI Gateway: API key saved in secret storage; it is sent only to {0}.', origin) : t('GenAI Gateway: API key saved in secret storage.');
  }
  return origin
    ? t('GenAI Gateway: access token saved in secret storage; it is sent only to {0}.', origin)
    : t('GenAI Gateway: access token saved in secret storage.');
}

/** `origins`: the gateways the removed credential was set for. */
function signedOutMessage(origins: string | undefined, envStillSet: boolean): string {
  if (envStillSet) {
    return origins
      ? t(
          'GenAI Gateway: signed out; the stored credential for {0} was removed. The GENAI_GATEWAY_API_KEY environment variable is still set and will be used.',
          origins,
        )
      : t('GenAI Gateway: signed out; the stored credential was removed. The GENAI_GATEWAY_API_KEY environment variable is still set and will be used.');
  }
  return origins
    ? t('GenAI Gateway: signed out; the stored credential for {0} was removed.', origins)
    : t('GenAI Gateway: signed out; the stored credential was removed.');
}
