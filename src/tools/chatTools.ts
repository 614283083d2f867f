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
import { ToolRegistry } from './toolRegistry';

export const TOOL_COMMANDS = {
  forgetApprovals: 'genaiGateway.tools.forgetApprovals',
} as const;

/** The chat's tools as the chat view gets them (it needs the ChatViewTools part). */
export interface ChatTools {
  runtime: ToolRuntime;
  approvals: ToolApprovals;
  /** The tools on offer may have changed (settings, workspace trust). */
  onDidChange: vscode.Event<void>;
}

export interface ChatToolDeps {
  settings(): ToolSettings;
  isTrusted(): boolean;
  workspaceState: Pick<vscode.Memento, 'get' | 'update'>;
  mediaActions: MediaActions;
  log: { warn(message: string): void };
}

/** The chat tools and what must be disposed with them; no event is wired to VS Code here (tests build their own). */
export function createChatTools(deps: ChatToolDeps, onDidChange: vscode.Event<void>): { tools: ChatTools; disposables: vscode.Disposable[] } {
  const proposals = new ProposedChanges();
  const registry = new ToolRegistry({
    settings: deps.settings,
    isTrusted: deps.isTrusted,
    log: deps.log,
    fixed: [...readTools(), ...editTools(proposals), runTaskTool(), ...mediaTools(deps.mediaActions)],
  });
  const approvals = new ToolApprovals(deps.workspaceState, () => deps.settings().autoApprove, (call) => registry.approvalScope(call.name, call.arguments));
  const runtime: ToolRuntime = {
    executor: registry,
    approver: approvals,
    settings: () => {
      const s = deps.settings();
      return { maxRounds: s.maxRounds, maxResultChars: s.maxResultChars, streamsToolCalls: (model) => !s.nonStreamingModels.includes(model) };
    },
  };
  return { tools: { runtime, approvals, onDidChange }, disposables: [proposals] };
}

export function registerChatTools(context: vscode.ExtensionContext, services: { settings: Settings; mediaActions: MediaActions; log: { warn(message: string): void } }): ChatTools {
  const changed = new vscode.EventEmitter<void>();
  const { tools, disposables } = createChatTools(
    { settings: () => services.settings.tools(), isTrusted: () => vscode.workspace.isTrusted, workspaceState: context.workspaceState, mediaActions: services.mediaActions, log: services.log },
    changed.event,
  );
  context.subscriptions.push(
    ...disposables,
    changed,
    vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((e) => Settings.affectsTools(e) && changed.fire()),
    vscode.commands.registerCommand(TOOL_COMMANDS.forgetApprovals, async () => {
      const names = await tools.approvals.forgetAlways();
      void vscode.window.showInformationMessage(names.length ? `Chat tools will ask again before running: ${names.join(', ')}.` : 'No chat tool was allowed always in this workspace.');
    }),
  );
  return tools;
}
