/** The chat's commands (palette, editor context menu, view title). */
import * as vscode from 'vscode';
import type { ChatController } from './chatController';
import type { ChatViewProvider } from './chatViewProvider';
import { selectionChip } from './editorContext';
import type { PromptCommand } from '../chat/slashCommand';
import { t } from '../l10n/localize';

export const CHAT_COMMANDS = {
  open: 'genaiGateway.openChat',
  newConversation: 'genaiGateway.chat.newConversation',
  askAboutSelection: 'genaiGateway.chat.askAboutSelection',
  addSelection: 'genaiGateway.chat.addSelection',
  addFile: 'genaiGateway.chat.addFile',
  stop: 'genaiGateway.chat.stop',
  export: 'genaiGateway.chat.exportConversation',
  showHistory: 'genaiGateway.chat.showHistory',
  runPromptFile: 'genaiGateway.chat.runPromptFile',
} as const;

export function registerChatCommands(controller: ChatController, view: ChatViewProvider): vscode.Disposable[] {
  const attachSelection = async (ask: boolean): Promise<void> => {
    const chip = selectionChip();
    if (!chip) {
      void vscode.window.showInformationMessage(t('Select some text in an editor first.'));
      return;
    }
    await view.reveal(!ask);
    await (ask ? controller.askAbout(chip) : controller.addContext(chip, false));
  };
  return [
    vscode.commands.registerCommand(CHAT_COMMANDS.open, () => view.reveal(false)),
    vscode.commands.registerCommand(CHAT_COMMANDS.newConversation, async () => {
      await controller.newConversation();
      await view.reveal(false);
    }),
    vscode.commands.registerCommand(CHAT_COMMANDS.askAboutSelection, () => attachSelection(true)),
    vscode.commands.registerCommand(CHAT_COMMANDS.addSelection, () => attachSelection(false)),
    // From the Explorer: the clicked file and the others selected with it; from an editor tab: its file; from the palette: the active editor's.
    vscode.commands.registerCommand(CHAT_COMMANDS.addFile, async (clicked?: vscode.Uri, selected?: vscode.Uri[]) => {
      const uris = selected?.length
        ? selected
        : clicked instanceof vscode.Uri
          ? [clicked]
          : [vscode.window.activeTextEditor?.document.uri].filter((u): u is vscode.Uri => !!u);
      if (uris.length === 0)
        return void vscode.window.showInformationMessage(t('Open a file, or use Add File to GenAI Gateway Chat on a file in the Explorer.'));
      await view.reveal(true);
      await controller.attachments.attachUris(uris);
    }),
    vscode.commands.registerCommand(CHAT_COMMANDS.stop, () => controller.stop()),
    vscode.commands.registerCommand(CHAT_COMMANDS.export, () => controller.exportActive()),
    vscode.commands.registerCommand(CHAT_COMMANDS.showHistory, async () => {
      await view.reveal(false);
      controller.toggleHistory();
    }),
    vscode.commands.registerCommand(CHAT_COMMANDS.runPromptFile, async (name?: unknown) => {
      const chosen = typeof name === 'string' ? name : await pickPrompt(controller.promptCommands());
      if (chosen === undefined) return;
      await view.reveal(false);
      await controller.runPrompt(chosen, '');
    }),
  ];
}

async function pickPrompt(commands: readonly PromptCommand[]): Promise<string | undefined> {
  if (commands.length === 0) {
    void vscode.window.showInformationMessage(
      t('No prompt files: add NAME.prompt.md files to .github/prompts, or name folders in {0}.', 'genaiGateway.chat.promptFolders'),
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    commands.map((c) => ({
      label: `/${c.name}`,
      description: c.description,
      detail: c.source === 'user' ? t('Your prompt file') : t('Prompt file of the workspace'),
      name: c.name,
    })),
    { title: t('Run Prompt File'), placeHolder: t('The prompt file to run in the chat'), matchOnDescription: true },
  );
  return picked?.name;
}
