/**
 * What VS Code may call into before the features are loaded, registered at
 * startup from package.json's contributions. A command or the tree view
 * loads the features, steps aside and lets the real one answer (a command is
 * run again with its arguments; the tree asks its new provider). Webview
 * views, language model providers, tools and chat participants stay
 * registered and forward to the objects the features register through
 * EntryPoints, loaded on their first call.
 */
import * as vscode from 'vscode';
import type { EntryPoints } from '../platform/entryPoints';

/** The parts of package.json's `contributes` that name what VS Code calls into. */
export interface Contributions {
  commands?: ReadonlyArray<{ command: string }>;
  views?: Readonly<Record<string, ReadonlyArray<{ id: string; type?: string }>>>;
  languageModelChatProviders?: ReadonlyArray<{ vendor: string }>;
  languageModelTools?: ReadonlyArray<{ name: string }>;
  chatParticipants?: ReadonlyArray<{ id: string }>;
}

/** Webview views whose content lives on while hidden: the Read Aloud player keeps playing behind another view. */
const RETAINED_WEBVIEW_VIEWS = new Set(['genaiGateway.readAloud']);

export class StandIns implements EntryPoints, vscode.Disposable {
  /** Disposed when the features load: they register the real ones under the same ids. */
  private steppingAside: vscode.Disposable[] = [];
  private readonly forwarding: vscode.Disposable[] = [];
  private readonly targets = new Map<string, unknown>();
  /** Per vendor: tells VS Code the models changed, as the real provider says. */
  private readonly modelsChanged = new Map<string, vscode.EventEmitter<void>>();

  /** @param load loads the features (once; synchronous), naming why. */
  constructor(
    contributions: Contributions,
    extensionUri: vscode.Uri,
    private readonly load: (reason: string) => void,
  ) {
    for (const { command } of contributions.commands ?? []) {
      this.steppingAside.push(
        vscode.commands.registerCommand(command, (...args: unknown[]) => {
          this.load(`command ${command}`);
          return vscode.commands.executeCommand(command, ...args);
        }),
      );
    }
    for (const view of Object.values(contributions.views ?? {}).flat()) {
      if (view.type === 'webview') this.forwardWebviewView(view.id);
      else this.steppingAside.push(this.treeStandIn(view.id));
    }
    for (const { vendor } of contributions.languageModelChatProviders ?? []) this.forwardLanguageModels(vendor);
    for (const { name } of contributions.languageModelTools ?? []) this.forwardTool(name);
    for (const { id } of contributions.chatParticipants ?? []) this.forwardParticipant(id, extensionUri);
  }

  /** Called by the loader just before the features register the commands and views the stand-ins hold. */
  stepAside(): void {
    this.steppingAside.forEach((d) => d.dispose());
    this.steppingAside = [];
  }

  registerWebviewViewProvider(viewId: string, provider: vscode.WebviewViewProvider): vscode.Disposable {
    return this.setTarget(`view:${viewId}`, provider);
  }

  registerLanguageModelChatProvider(vendor: string, provider: vscode.LanguageModelChatProvider): vscode.Disposable {
    const following = provider.onDidChangeLanguageModelChatInformation?.(() => this.modelsChanged.get(vendor)?.fire());
    return vscode.Disposable.from(this.setTarget(`languageModels:${vendor}`, provider), ...(following ? [following] : []));
  }

  registerTool<T>(name: string, tool: vscode.LanguageModelTool<T>): vscode.Disposable {
    return this.setTarget(`tool:${name}`, tool);
  }

  setChatParticipantHandler(participantId: string, handler: vscode.ChatRequestHandler): vscode.Disposable {
    return this.setTarget(`participant:${participantId}`, handler);
  }

  dispose(): void {
    this.stepAside();
    this.forwarding.forEach((d) => d.dispose());
  }

  private setTarget(key: string, target: unknown): vscode.Disposable {
    this.targets.set(key, target);
    return new vscode.Disposable(() => this.targets.delete(key));
  }

  /** The real object, the features loaded first. */
  private target<T>(key: string): T {
    this.load(key);
    const target = this.targets.get(key);
    /* not shown: every key has its target once the features are loaded; no user can meet this */
    if (!target) throw new Error(`GenAI Gateway: nothing answers for ${key}.`);
    return target as T;
  }

  /** Shows nothing until the features are loaded, then makes way for their tree. */
  private treeStandIn(viewId: string): vscode.Disposable {
    return vscode.window.createTreeView<never>(viewId, {
      treeDataProvider: {
        // Answered at once and loaded after: the features replace this very tree view, and VS Code
        // would not ask their provider while a request to this one is still open.
        getChildren: () => {
          setTimeout(() => this.load(`view ${viewId}`));
          return [];
        },
        getTreeItem: () => new vscode.TreeItem(''),
      },
    });
  }

  private forwardWebviewView(viewId: string): void {
    const key = `view:${viewId}`;
    this.forwarding.push(
      vscode.window.registerWebviewViewProvider(
        viewId,
        {
          resolveWebviewView: (view, context, token) => this.target<vscode.WebviewViewProvider>(key).resolveWebviewView(view, context, token),
        },
        RETAINED_WEBVIEW_VIEWS.has(viewId) ? { webviewOptions: { retainContextWhenHidden: true } } : undefined,
      ),
    );
  }

  private forwardLanguageModels(vendor: string): void {
    const changed = new vscode.EventEmitter<void>();
    this.modelsChanged.set(vendor, changed);
    const provider = (): vscode.LanguageModelChatProvider => this.target(`languageModels:${vendor}`);
    this.forwarding.push(
      changed,
      vscode.lm.registerLanguageModelChatProvider(vendor, {
        onDidChangeLanguageModelChatInformation: changed.event,
        provideLanguageModelChatInformation: (options, token) => provider().provideLanguageModelChatInformation(options, token),
        provideLanguageModelChatResponse: (model, messages, options, progress, token) =>
          provider().provideLanguageModelChatResponse(model, messages, options, progress, token),
        provideTokenCount: (model, text, token) => provider().provideTokenCount(model, text, token),
      }),
      // Until the real provider follows the settings itself, a changed gateway address or model map makes VS Code ask again.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!this.targets.has(`languageModels:${vendor}`) && e.affectsConfiguration('genaiGateway')) changed.fire();
      }),
    );
  }

  private forwardTool(name: string): void {
    const key = `tool:${name}`;
    this.forwarding.push(
      vscode.lm.registerTool<unknown>(name, {
        prepareInvocation: (options, token) => this.target<vscode.LanguageModelTool<unknown>>(key).prepareInvocation?.(options, token),
        invoke: (options, token) => this.target<vscode.LanguageModelTool<unknown>>(key).invoke(options, token),
      }),
    );
  }

  private forwardParticipant(id: string, extensionUri: vscode.Uri): void {
    const key = `participant:${id}`;
    const participant = vscode.chat.createChatParticipant(id, (request, context, stream, token) =>
      this.target<vscode.ChatRequestHandler>(key)(request, context, stream, token),
    );
    participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
    this.forwarding.push(participant);
  }
}
