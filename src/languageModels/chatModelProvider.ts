/** The gateway's chat models as a language model provider of VS Code's chat, agent mode and vscode.lm. */
import * as vscode from 'vscode';
import { chatModelInformation, type ChatModelInformation, type TokenLimits } from '../chat/languageModelInformation';
import { buildLanguageModelRequest } from '../chat/languageModelRequest';
import { languageModelResponseParts } from '../chat/languageModelResponse';
import { estimateMessageTokens, estimateTokens } from '../chat/tokenEstimate';
import { errorText } from '../gateway/errors';
import type { GatewayClient } from '../gateway/client';
import type { ModelObject } from '../gateway/types/models';
import { Settings } from '../platform/settings';
import { fromRequestMessage, toLanguageModelError, toolSpecs, toResponsePart } from './partConversion';

/** The `vendor` of package.json's languageModelChatProviders; vscode.lm.selectChatModels({ vendor }) finds the models by it. */
export const LANGUAGE_MODEL_VENDOR = 'genai-gateway';

export interface ChatModelProviderServices {
  clients: { get(): GatewayClient };
  catalog: { list(): Promise<ModelObject[]>; readonly onDidChange: vscode.Event<void> };
  credentials: { get(): Promise<unknown> };
  settings: {
    connection(): { baseUrl: string };
    chatUser(): string;
    languageModelTokenLimits(): Record<string, Partial<TokenLimits>>;
  };
  log: { warn(message: string): void };
}

export class GatewayChatModelProvider implements vscode.LanguageModelChatProvider<ChatModelInformation>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fired when the URL, key, capability map, model list or token limits change. */
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly services: ChatModelProviderServices) {
    this.subscriptions = [
      services.catalog.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (Settings.affectsLanguageModels(e)) this.changed.fire();
      }),
    ];
  }

  /**
   * Asked silently (at startup) without a key, or without a URL at all, there
   * are no models yet; VS Code's "Manage" action runs the management command.
   * Asked otherwise without a key, the client asks for one.
   */
  async provideLanguageModelChatInformation(options: vscode.PrepareLanguageModelChatModelOptions): Promise<ChatModelInformation[]> {
    const { settings, catalog, clients, credentials, log } = this.services;
    if (!settings.connection().baseUrl || (options.silent && !(await credentials.get()))) return [];
    try {
      const client = clients.get();
      return chatModelInformation(await catalog.list(), client.placeOf, settings.languageModelTokenLimits(), new URL(client.baseUrl).host);
    } catch (error) {
      log.warn(`The gateway's models could not be listed for VS Code's chat: ${errorText(error)}`);
      return [];
    }
  }

  async provideLanguageModelChatResponse(
    model: ChatModelInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const abort = new AbortController();
    const cancellation = token.onCancellationRequested(() => abort.abort());
    let requestId: string | undefined;
    try {
      const request = buildLanguageModelRequest({
        model: model.id,
        messages: messages.map(fromRequestMessage),
        tools: toolSpecs(options.tools),
        toolRequired: options.toolMode === vscode.LanguageModelChatToolMode.Required,
        modelOptions: options.modelOptions,
        user: this.services.settings.chatUser(),
      });
      const stream = await this.services.clients.get().chat.stream(request, { signal: abort.signal });
      requestId = stream.requestId;
      for await (const part of languageModelResponseParts(stream.batches)) {
        const reported = toResponsePart(part);
        if (reported) progress.report(reported);
      }
    } catch (error) {
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      const failure = toLanguageModelError(error, requestId);
      this.services.log.warn(`A language model request to ${model.id} failed: ${failure.message}`);
      throw failure;
    } finally {
      cancellation.dispose();
    }
  }

  async provideTokenCount(_model: ChatModelInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    return typeof text === 'string' ? estimateTokens(text) : estimateMessageTokens(fromRequestMessage(text));
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
