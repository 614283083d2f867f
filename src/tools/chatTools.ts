/** Builds the chat's tools (registry, approvals, diff previews) and hands them to the chat view. */
import * as vscode from 'vscode';
import type { ToolRuntime } from '../chat/toolLoop';
import type { MediaActions } from '../mediaActions/mediaActions';
import { Settings, type ToolSettings } from '../platform/settings';
import { runTaskTool } from './commandTools';
import { editTools } from './editTools';
import { mediaTools } from './mediaTools';
import { ProposedChanges } from './proposedChanges';
import { readTools } from './readTools';
import { ToolApprovals } from './toolApprovals';
import type { WorkspaceTool } from './workspaceTool';
import { ToolRegistry, type CheckpointRecorder, type ToolCatalog } from './toolRegistry';
import { watchWorkspaceChanges } from './workspaceChanges';
import type { ToolSwitches } from '../chat/toolSources';
import { startMcpServers } from './mcpServers';
import { vscodeLmTools } from './vscodeLmTools';
import { AgentTerminals } from './terminal/agentTerminals';
import { terminalTools } from './terminal/terminalTools';
import { t } from '../l10n/localize';

export const TOOL_COMMANDS = {
  forgetApprovals: 'genaiGateway.tools.forgetApprovals',
} as const;

/** The chat's tools as the chat view gets them (it needs the ChatViewTools part). */
export interface ChatTools {
  runtime: ToolRuntime;
  approvals: ToolApprovals;
  /** Every tool available here with its state in a conversation with these switches, for the tool picker. */
  catalog(switches?: ToolSwitches): ToolCatalog;
  /** Starts the MCP servers VS Code knows (it asks the user to trust new ones); resolves when their tools are listed. */
  startMcpServers(): Promise<void>;
  /** The tools on offer may have changed (settings, workspace trust, extensions). */
  onDidChange: vscode.Event<void>;
  /** A conversation was deleted: its agent terminals close. */
  forgetConversation(conversationId: string): void;
}

export interface ChatToolDeps {
  settings(): ToolSettings;
  isTrusted(): boolean;
  workspaceState: Pick<vscode.Memento, 'get' | 'update'>;
  mediaActions: MediaActions;
  log: { warn(message: string): void };
  /** Where what the calls change is recorded per user message; absent: nothing is. */
  checkpoints?: CheckpointRecorder;
  /** Adds allowing rules for terminal commands to the user's settings. */
  addTerminalRules(keys: readonly string[]): Promise<void>;
  /** The tools of other extensions and MCP servers; absent: none. */
  external?(): readonly WorkspaceTool[];
}

/** The chat tools and what must be disposed with them; no event is wired to VS Code here (tests build their own). */
export function createChatTools(deps: ChatToolDeps, onDidChange: vscode.Event<void>): { tools: ChatTools; disposables: vscode.Disposable[] } {
  const proposals = new ProposedChanges();
  const terminals = new AgentTerminals();
  const terminal = terminalTools({
    terminals,
    settings: () => {
      const s = deps.settings();
      return { rules: s.terminalRules, timeoutSeconds: s.terminalTimeoutSeconds, maxResultChars: s.maxResultChars };
    },
    addRules: deps.addTerminalRules,
    log: deps.log,
  });
  const registry = new ToolRegistry({
    settings: deps.settings,
    isTrusted: deps.isTrusted,
    log: deps.log,
    fixed: [...readTools(), ...editTools(proposals), runTaskTool(), ...terminal, ...mediaTools(deps.mediaActions)],
    ...(deps.external ? { external: deps.external } : {}),
    ...(deps.checkpoints ? { checkpoints: deps.checkpoints, watchWorkspace: watchWorkspaceChanges } : {}),
  });
  const approvals = new ToolApprovals(
    deps.workspaceState,
    () => deps.settings().autoApprove,
    (call) => registry.approvalScope(call.name, call.arguments),
    (call) => registry.ownPreApproval(call.name, call.arguments),
  );
  const runtime: ToolRuntime = {
    executor: registry,
    approver: approvals,
    settings: () => {
      const s = deps.settings();
      return { maxRounds: s.maxRounds, maxResultChars: s.maxResultChars, streamsToolCalls: (model) => !s.nonStreamingModels.includes(model) };
    },
  };
  const catalog = (switches?: ToolSwitches) => registry.catalog(switches);
  return {
    tools: { runtime, approvals, catalog, startMcpServers: () => startMcpServers(deps.log), onDidChange, forgetConversation: (id) => terminals.close(id) },
    disposables: [proposals, terminals],
  };
}

export function registerChatTools(
  context: vscode.ExtensionContext,
  services: { settings: Settings; mediaActions: MediaActions; log: { warn(message: string): void }; checkpoints?: CheckpointRecorder },
): ChatTools {
  const changed = new vscode.EventEmitter<void>();
  const { tools, disposables } = createChatTools(
    {
      settings: () => services.settings.tools(),
      isTrusted: () => vscode.workspace.isTrusted,
      workspaceState: context.workspaceState,
      mediaActions: services.mediaActions,
      log: services.log,
      addTerminalRules: (keys) => services.settings.addTerminalRules(keys),
      ...(services.checkpoints ? { checkpoints: services.checkpoints } : {}),
      external: () => vscodeLmTools(context.extension.id),
    },
    changed.event,
  );
  context.subscriptions.push(
    ...disposables,
    changed,
    vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()),
    vscode.extensions.onDidChange(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((e) => Settings.affectsTools(e) && changed.fire()),
    vscode.commands.registerCommand(TOOL_COMMANDS.forgetApprovals, async () => {
      const names = await tools.approvals.forgetAlways();
      void vscode.window.showInformationMessage(
        names.length ? t('Chat tools will ask again before running: {0}.', names.join(', ')) : t('No chat tool was allowed always in this workspace.'),
      );
    }),
  );
  return tools;
}
