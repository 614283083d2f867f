import * as vscode from 'vscode';
import { errorText, GatewayError, inertLinks, isGatewayError } from '../gateway/errors';
import { t } from '../l10n/localize';

/** Shows any failure as the user should see it: the server's message, what to do, the request id, and a fitting action. */
export async function showError(prefix: string, error: unknown): Promise<void> {
  if (isGatewayError(error) && error.kind === 'aborted') return;
  const actions = isGatewayError(error) ? actionsFor(error) : [];
  const showLog = t('Show Log');
  // The prefix may name a prompt, a file or a task: none of it may become a link (see inertLinks).
  const chosen = await vscode.window.showErrorMessage(inertLinks(`${prefix}: ${errorText(error)}`), ...actions.map((a) => a.title), showLog);
  if (chosen === showLog) await vscode.commands.executeCommand('genaiGateway.showLog');
  const action = actions.find((a) => a.title === chosen);
  if (action) await vscode.commands.executeCommand(action.command, ...(action.args ?? []));
}

interface ErrorAction {
  title: string;
  command: string;
  args?: unknown[];
}

function actionsFor(error: GatewayError): ErrorAction[] {
  if (error.code === 'missing_credential' || error.status === 401) {
    return [{ title: t('Set API Key'), command: 'genaiGateway.setApiKey' }];
  }
  if (error.code === 'model_not_found') return [{ title: t('Select Model'), command: 'genaiGateway.selectModel' }];
  if (error.param === 'genaiGateway.baseUrl' || error.kind === 'network' || error.kind === 'timeout') {
    return [{ title: t('Open Settings'), command: 'workbench.action.openSettings', args: ['genaiGateway'] }];
  }
  return [];
}
