import * as vscode from 'vscode';
import { ModelCapability, isModelCapability } from '../gateway/catalog';

export const SECTION = 'genaiGateway';

/** The default model setting of each capability family that has one. */
export type ModelRole = 'chat' | 'image' | 'video' | 'videoTask' | 'speech';

export interface ConnectionSettings {
  baseUrl: string;
  proxy?: string;
  requestTimeoutSeconds: number;
  maxRetries: number;
  capabilityOverrides: Record<string, ModelCapability>;
}

/** Typed reads of `genaiGateway.*`; the only place that knows the setting names. */
export class Settings {
  private get config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  connection(): ConnectionSettings {
    const c = this.config;
    const ownProxy = c.get<string>('proxy', '').trim();
    const editorProxy = vscode.workspace.getConfiguration('http').get<string>('proxy', '').trim();
    return {
      baseUrl: c.get<string>('baseUrl', '').trim(),
      proxy: ownProxy || editorProxy || undefined,
      requestTimeoutSeconds: c.get<number>('requestTimeoutSeconds', 120),
      maxRetries: c.get<number>('maxRetries', 3),
      capabilityOverrides: this.capabilityOverrides(),
    };
  }

  model(role: ModelRole): string {
    return this.config.get<string>(`models.${role}`, '').trim();
  }

  async setModel(role: ModelRole, model: string): Promise<void> {
    await this.config.update(`models.${role}`, model, vscode.ConfigurationTarget.Global);
  }

  async setBaseUrl(url: string): Promise<void> {
    await this.config.update('baseUrl', url, vscode.ConfigurationTarget.Global);
  }

  /** The `user` field of chat requests; empty: not sent. */
  chatUser(): string {
    return this.config.get<string>('chat.user', '').trim();
  }

  /** The system prompt a new conversation starts with. */
  chatSystemPrompt(): string {
    return this.config.get<string>('chat.systemPrompt', '');
  }

  outputFolder(): string {
    return this.config.get<string>('outputFolder', 'generated').trim() || 'generated';
  }

  /** True when a change touches how the client connects. */
  static affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
    return ['baseUrl', 'proxy', 'requestTimeoutSeconds', 'maxRetries', 'modelCapabilities']
      .some((name) => e.affectsConfiguration(`${SECTION}.${name}`)) || e.affectsConfiguration('http.proxy');
  }

  private capabilityOverrides(): Record<string, ModelCapability> {
    const raw = this.config.get<Record<string, string>>('modelCapabilities', {});
    const out: Record<string, ModelCapability> = {};
    for (const [id, capability] of Object.entries(raw)) if (isModelCapability(capability)) out[id] = capability;
    return out;
  }
}
