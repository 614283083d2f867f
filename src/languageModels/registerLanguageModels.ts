/** Wires the gateway into VS Code's own AI features: the language model provider, the tools and @gateway. */
import * as vscode from 'vscode';
import { GatewayChatModelProvider, LANGUAGE_MODEL_VENDOR, type ChatModelProviderServices } from './chatModelProvider';
import { gatewayChatHandler, PARTICIPANT_ID } from './gatewayParticipant';
import { registerGatewayTools } from './gatewayTools';
import { type MediaActionSettings, MediaActions } from '../mediaActions/mediaActions';

/** package.json's languageModelChatProviders names it as the management command: VS Code runs it from "Manage Models". */
export const MANAGE_COMMAND = 'genaiGateway.languageModels.manage';

export interface LanguageModelServices extends ChatModelProviderServices {
  settings: ChatModelProviderServices['settings'] & MediaActionSettings;
}

export function registerLanguageModels(context: vscode.ExtensionContext, services: LanguageModelServices): void {
  const provider = new GatewayChatModelProvider(services);
  const actions = new MediaActions(services.settings);
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, gatewayChatHandler(actions));
  participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icon.png');
  context.subscriptions.push(
    provider,
    vscode.lm.registerLanguageModelChatProvider(LANGUAGE_MODEL_VENDOR, provider),
    ...registerGatewayTools(actions),
    participant,
    vscode.commands.registerCommand(MANAGE_COMMAND, () => manage(services.settings)),
  );
}

/** Asks for the gateway URL when none is set, then for the API key. */
async function manage(settings: ChatModelProviderServices['settings']): Promise<void> {
  if (!settings.connection().baseUrl && !(await vscode.commands.executeCommand<boolean>('genaiGateway.setBaseUrl'))) return;
  await vscode.commands.executeCommand('genaiGateway.setApiKey');
}
