/**
 * Starting the MCP servers VS Code knows (`.vscode/mcp.json`, user
 * configuration, extensions' server definitions). VS Code starts them on its
 * own only for its own chat's requests; the sidebar chat asks it to, when the
 * user says so in the tool picker. VS Code asks the user to trust a server
 * before its first start. Its command for this is internal (not in the API):
 * where it is missing, MCP: List Servers is opened instead, where servers are
 * started by hand.
 */
import * as vscode from 'vscode';
import { errorText } from '../gateway/errors';
import { t } from '../l10n/localize';

export const START_MCP_SERVERS_COMMAND = 'workbench.mcp.startServer';
const LIST_MCP_SERVERS_COMMAND = 'workbench.mcp.listServer';

export async function startMcpServers(log: { warn(message: string): void }): Promise<void> {
  const commands = await vscode.commands.getCommands(true);
  if (!commands.includes(START_MCP_SERVERS_COMMAND)) {
    if (commands.includes(LIST_MCP_SERVERS_COMMAND)) await vscode.commands.executeCommand(LIST_MCP_SERVERS_COMMAND);
    else void vscode.window.showInformationMessage(t('This VS Code cannot run MCP servers.'));
    return;
  }
  try {
    await vscode.commands.executeCommand(START_MCP_SERVERS_COMMAND, '*', { waitForLiveTools: true });
  } catch (error) {
    log.warn(`Starting the MCP servers failed: ${errorText(error)}`);
    void vscode.window.showErrorMessage(t('The MCP servers could not be started: {0}', errorText(error)));
  }
}
