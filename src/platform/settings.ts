import * as vscode from 'vscode';
import { ModelCapability, isModelCapability } from '../gateway/catalog';
import type { TokenLimits } from '../chat/languageModelInformation';
import type { AuthorizationMode } from '../gateway/headers';
import type { SpeechFormat } from '../gateway/types/speech';
import { MAX_TOKEN_LIMIT, NUMBER_RULES, WORKSPACE_RULES, clampToRule } from './settingRules';
import { SPEECH_FORMATS } from '../gateway/validation/limits';
import { DEFAULT_VOICE } from '../speech/voices';

export const SECTION = 'genaiGateway';

/** The default model setting of each capability family that has one. */
export type ModelRole = 'chat' | 'image' | 'video' | 'videoTask' | 'speech';

export interface SpeechSettings {
  /** The voice for text of no language in `voiceByLanguage`. */
  voice: string;
  /** Language of the voice table → voice for text in that language. */
  voiceByLanguage: Record<string, string>;
  speed: number;
  format: SpeechFormat;
}

/**
 * Where a setting's value comes from. Workspace values are written by
 * whoever wrote the repository, so the ones that decide where the key and
 * the traffic go need the user's confirmation (and count only in a trusted
 * workspace); user and default values are the user's own.
 */
export type SettingSource = 'workspace' | 'user' | 'default';

export interface ConnectionSettings {
  baseUrl: string;
  baseUrlSource: SettingSource;
  proxy?: string;
  /** `editor`: VS Code's `http.proxy` (a user or machine setting). */
  proxySource?: SettingSource | 'editor';
  requestTimeoutSeconds: number;
  maxRetries: number;
  capabilityOverrides: Record<string, ModelCapability>;
  /** `genaiGateway.headers` from user settings only (values unchecked: headers.ts checks them). */
  headers?: Record<string, unknown>;
  /** `genaiGateway.authorizationHeader` from user settings only. */
  authorization?: AuthorizationMode;
  /** `genaiGateway.media.allowedLinkHosts` from user settings only: media link hosts downloaded through a proxy although local. */
  allowedLinkHosts?: string[];
}

export interface NetworkSettings {
  /** http.systemCertificates (default true): trust the OS store too. */
  systemCertificates: boolean;
  /** http.proxyStrictSSL set to false by the user: certificates are not verified. */
  strictSSLOff: boolean;
  /** http.proxyAuthorization: the Proxy-Authorization value. */
  proxyAuthorization?: string;
  /** http.noProxy entries. */
  noProxy: string[];
  /** http.proxySupport: `off` means VS Code's proxy (http.proxy, environment, system) is not used. */
  proxySupport: 'on' | 'off';
}

export interface ToolSettings {
  enabled: boolean;
  /** The most model requests one chat answer may make. */
  maxRounds: number;
  maxResultChars: number;
  /** Tool names that run without asking. */
  autoApprove: string[];
  /** The commands run_vscode_command may run; empty: the tool is not offered. */
  commandAllowlist: string[];
  /** The raw entries; src/tools/userDefinedTools.ts reads them. */
  userDefined: unknown;
  /** Models whose requests with tools are not streamed. */
  nonStreamingModels: string[];
  /** The most tools one chat request offers. */
  maxTools: number;
  /** The raw `tools.terminal.autoApprove` (src/terminal/commandRules.ts reads it). */
  terminalRules: unknown;
  terminalTimeoutSeconds: number;
}

/** Typed reads of `genaiGateway.*`; the only place that knows the setting names. */
export class Settings {
  /** @param isTrusted whether workspace values may count: vscode.workspace.isTrusted (tests pass their own). */
  constructor(private readonly isTrusted: () => boolean = () => vscode.workspace.isTrusted) {}

  private get config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  /** The gateway address alone: one read, for the status bar at every window start. */
  baseUrl(): string {
    return this.sourced('baseUrl', '').value.trim();
  }

  connection(): ConnectionSettings {
    const c = this.config;
    const baseUrl = this.sourced('baseUrl', '');
    const ownProxy = this.sourced('proxy', '');
    const editorProxy = vscode.workspace.getConfiguration('http').get<string>('proxy', '').trim();
    const proxy = ownProxy.value.trim()
      ? { proxy: ownProxy.value.trim(), proxySource: ownProxy.source }
      : editorProxy
        ? { proxy: editorProxy, proxySource: 'editor' as const }
        : {};
    return {
      baseUrl: baseUrl.value.trim(),
      baseUrlSource: baseUrl.source === 'workspace' && sameOrigin(baseUrl.value, c.inspect<string>('baseUrl')?.globalValue) ? 'user' : baseUrl.source,
      ...proxy,
      requestTimeoutSeconds: this.number('requestTimeoutSeconds'),
      maxRetries: this.number('maxRetries'),
      capabilityOverrides: this.capabilityOverrides(),
      ...this.requestHeaders(),
      allowedLinkHosts: texts(this.value<unknown>('media.allowedLinkHosts', [])),
    };
  }

  /** Added headers and the authorization mode: user settings only, a workspace can set neither. */
  requestHeaders(): { headers: Record<string, unknown>; authorization: AuthorizationMode } {
    const headers = this.value<unknown>('headers', {});
    const mode = this.value<unknown>('authorizationHeader', 'bearer');
    return {
      headers: typeof headers === 'object' && headers !== null && !Array.isArray(headers) ? { ...(headers as Record<string, unknown>) } : {},
      authorization: mode === 'custom' ? 'custom' : 'bearer',
    };
  }

  /**
   * VS Code's network settings this extension follows (user or machine
   * values: VS Code keeps http.* out of workspaces' reach).
   */
  network(): NetworkSettings {
    const http = vscode.workspace.getConfiguration('http');
    const strict = http.inspect<boolean>('proxyStrictSSL');
    const auth = http.get<unknown>('proxyAuthorization');
    const noProxy = http.get<unknown>('noProxy', []);
    const support = http.get<string>('proxySupport', 'override');
    return {
      systemCertificates: http.get<boolean>('systemCertificates', true) !== false,
      strictSSLOff: strict?.globalValue === false,
      proxyAuthorization: typeof auth === 'string' && auth.trim() ? auth.trim() : undefined,
      noProxy: Array.isArray(noProxy) ? noProxy.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [],
      proxySupport: support === 'off' ? 'off' : 'on',
    };
  }

  model(role: ModelRole): string {
    const model = this.value<unknown>(`models.${role}`, '');
    return typeof model === 'string' ? model.trim() : '';
  }

  async setModel(role: ModelRole, model: string): Promise<void> {
    await this.config.update(`models.${role}`, model, vscode.ConfigurationTarget.Global);
  }

  /** Records what kind of model an id is (genaiGateway.modelCapabilities, user settings), for ids the extension cannot classify. */
  async setModelCapability(model: string, capability: ModelCapability): Promise<void> {
    const current = this.config.inspect<Record<string, string>>('modelCapabilities')?.globalValue ?? {};
    await this.config.update('modelCapabilities', { ...current, [model]: capability }, vscode.ConfigurationTarget.Global);
  }

  async setBaseUrl(url: string): Promise<void> {
    await this.config.update('baseUrl', url, vscode.ConfigurationTarget.Global);
  }

  /** The `user` field of chat requests; empty: not sent. */
  /** The header name for a conversation's session id; '' when none is sent. */
  chatSessionHeader(): string {
    const name = this.value<unknown>('chat.sessionHeader', '');
    return typeof name === 'string' ? name.trim() : '';
  }

  chatUser(): string {
    const user = this.value<unknown>('chat.user', '');
    return typeof user === 'string' ? user.trim() : '';
  }

  /** The system prompt a new conversation starts with. */
  chatSystemPrompt(): string {
    const prompt = this.value<unknown>('chat.systemPrompt', '');
    return typeof prompt === 'string' ? prompt : '';
  }

  /** Whether AGENTS.md and the workspace's instruction files join the chat's system prompt (trusted workspaces only, decided where they are read). */
  useWorkspaceInstructions(): boolean {
    return this.value<unknown>('chat.useWorkspaceInstructions', true) !== false;
  }

  /** The user's own instructions for every chat request (user settings only). */
  userInstructions(): string {
    const text = this.value<unknown>('chat.userInstructions', '');
    return typeof text === 'string' ? text : '';
  }

  /** Globs of instruction files (or folders of them) the chat leaves out. */
  instructionsIgnore(): string[] {
    return texts(this.value<unknown>('chat.instructionsIgnore', []));
  }

  /** Folders whose `*.prompt.md` files the composer offers as `/` commands besides the workspace's (user settings only). */
  promptFolders(): string[] {
    return texts(this.value<unknown>('chat.promptFolders', []));
  }

  speech(): SpeechSettings {
    const format = this.value<unknown>('speech.format', 'mp3');
    const byLanguage = this.value<unknown>('speech.voiceByLanguage', {});
    const voice = this.value<unknown>('speech.voice', DEFAULT_VOICE);
    return {
      voice: (typeof voice === 'string' && voice.trim()) || DEFAULT_VOICE,
      voiceByLanguage:
        typeof byLanguage === 'object' && byLanguage !== null
          ? Object.fromEntries(Object.entries(byLanguage).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''))
          : {},
      speed: this.number('speech.speed'),
      format: (SPEECH_FORMATS as readonly unknown[]).includes(format) ? (format as SpeechFormat) : 'mp3',
    };
  }

  /** The most one saved speech file may hold, in MB. */
  speechFileLimitMegabytes(): number {
    return this.number('speech.maxFileMegabytes');
  }

  async setSpeechVoice(voice: string): Promise<void> {
    await this.config.update('speech.voice', voice, vscode.ConfigurationTarget.Global);
  }

  async setSpeechVoiceForLanguage(language: string, voice: string): Promise<void> {
    // The user's own table: a workspace's entries must not move into the user settings.
    const current = this.config.inspect<Record<string, unknown>>('speech.voiceByLanguage')?.globalValue ?? {};
    await this.config.update('speech.voiceByLanguage', { ...current, [language]: voice }, vscode.ConfigurationTarget.Global);
  }

  async setSpeechSpeed(speed: number): Promise<void> {
    await this.config.update('speech.speed', speed, vscode.ConfigurationTarget.Global);
  }

  tools(): ToolSettings {
    const names = (key: string) => texts(this.value<unknown>(key, []));
    return {
      enabled: this.value<unknown>('tools.enabled', true) !== false,
      maxRounds: this.number('tools.maxRounds'),
      maxResultChars: this.number('tools.maxResultChars'),
      autoApprove: names('tools.autoApprove'),
      commandAllowlist: names('tools.commandAllowlist'),
      userDefined: this.value<unknown>('tools.userDefined', []),
      nonStreamingModels: names('tools.nonStreamingModels'),
      maxTools: this.number('tools.maxTools'),
      terminalRules: this.value<unknown>('tools.terminal.autoApprove', {}),
      terminalTimeoutSeconds: this.number('tools.terminal.timeoutSeconds'),
    };
  }

  /** Adds allowing rules to the user's `tools.terminal.autoApprove` (the card's "Always allow"). */
  async addTerminalRules(keys: readonly string[]): Promise<void> {
    const current = this.config.inspect<unknown>('tools.terminal.autoApprove')?.globalValue;
    const rules = typeof current === 'object' && current !== null && !Array.isArray(current) ? { ...(current as Record<string, unknown>) } : {};
    for (const key of keys) rules[key] = true;
    await this.config.update('tools.terminal.autoApprove', rules, vscode.ConfigurationTarget.Global);
  }

  /** True when a change touches the chat tools. */
  static affectsTools(e: vscode.ConfigurationChangeEvent): boolean {
    return e.affectsConfiguration(`${SECTION}.tools`);
  }

  /** True when a change touches the speech settings. */
  static affectsSpeech(e: vscode.ConfigurationChangeEvent): boolean {
    return e.affectsConfiguration(`${SECTION}.speech`);
  }

  /** The output folder as set, and whether a workspace set it (then it must stay inside the workspace). */
  outputFolder(): { folder: string; source: SettingSource } {
    const { value, source } = this.sourced<unknown>('outputFolder', 'generated');
    const folder = typeof value === 'string' ? value.trim() : '';
    return folder ? { folder, source } : { folder: 'generated', source: 'default' };
  }

  /**
   * Seconds a synchronous image or video generation is waited for (paid:
   * never re-sent). Much longer than requestTimeoutSeconds: Veo takes up to
   * 6 minutes (Google's Gemini API video docs), Seedream sets minutes.
   */
  mediaTimeoutSeconds(kind: 'image' | 'video'): number {
    return this.number(kind === 'video' ? 'media.videoTimeoutSeconds' : 'media.imageTimeoutSeconds');
  }

  /** Whether the results of a video task created here are downloaded as soon as it succeeds. */
  videoTasksAutoDownload(): boolean {
    return this.value<unknown>('videoTasks.autoDownload', true) !== false;
  }

  /** Seconds between status checks of unfinished video tasks while their view is visible. */
  videoTasksPollIntervalSeconds(): number {
    return this.number('videoTasks.pollIntervalSeconds');
  }

  /** Token limits by chat model id for VS Code's language model picker; entries that are not positive integers are left out. */
  languageModelTokenLimits(): Record<string, Partial<TokenLimits>> {
    const raw = this.value<unknown>('languageModels.tokenLimits', {});
    const out: Record<string, Partial<TokenLimits>> = {};
    if (typeof raw !== 'object' || raw === null) return out;
    for (const [model, value] of Object.entries(raw)) {
      if (typeof value !== 'object' || value === null) continue;
      const limits = value as Record<string, unknown>;
      const valid = (key: keyof TokenLimits): Partial<TokenLimits> =>
        Number.isSafeInteger(limits[key]) && (limits[key] as number) > 0 ? { [key]: Math.min(MAX_TOKEN_LIMIT, limits[key] as number) } : {};
      out[model] = { ...valid('maxInputTokens'), ...valid('maxOutputTokens') };
    }
    return out;
  }

  /** True when a change touches what VS Code's language model picker is told of the models. */
  static affectsLanguageModels(e: vscode.ConfigurationChangeEvent): boolean {
    return e.affectsConfiguration(`${SECTION}.languageModels`);
  }

  /** True when a change touches how the client connects. */
  static affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
    return (
      ['baseUrl', 'proxy', 'requestTimeoutSeconds', 'maxRetries', 'modelCapabilities', 'headers', 'authorizationHeader', 'media.allowedLinkHosts'].some(
        (name) => e.affectsConfiguration(`${SECTION}.${name}`),
      ) ||
      ['http.proxy', 'http.noProxy', 'http.proxyAuthorization', 'http.proxyStrictSSL', 'http.proxySupport', 'http.systemCertificates'].some((name) =>
        e.affectsConfiguration(name),
      )
    );
  }

  /**
   * A setting's effective value and its source, from where its rule
   * (settingRules.ts) lets it come: a workspace's value counts for
   * `anyWorkspace`, and for `trustedWorkspace` once the workspace is trusted
   * (VS Code also drops restricted settings there; this does not depend on
   * it); otherwise the user's value, then the default.
   */
  private sourced<T>(key: string, fallback: T): { value: T; source: SettingSource } {
    const rule = WORKSPACE_RULES[key] ?? 'user';
    const inspected = this.config.inspect<T>(key);
    const workspaceValue = inspected?.workspaceFolderValue ?? inspected?.workspaceValue;
    const workspaceCounts = rule === 'anyWorkspace' || (rule === 'trustedWorkspace' && this.isTrusted());
    if (workspaceCounts && workspaceValue !== undefined) return { value: workspaceValue, source: 'workspace' };
    if (inspected?.globalValue !== undefined) return { value: inspected.globalValue, source: 'user' };
    return { value: inspected?.defaultValue ?? fallback, source: 'default' };
  }

  private value<T>(key: string, fallback: T): T {
    return this.sourced(key, fallback).value;
  }

  /** A number setting within its range (NUMBER_RULES); for `workspaceLowers`, the lower of the user's and the workspace's. */
  private number(key: string): number {
    const rule = NUMBER_RULES[key]!;
    const own = clampToRule(this.value<unknown>(key, rule.default), rule);
    if (WORKSPACE_RULES[key] !== 'workspaceLowers') return own;
    const inspected = this.config.inspect<unknown>(key);
    const workspace = [inspected?.workspaceFolderValue, inspected?.workspaceValue].map((v) => clampToRule(v ?? own, rule));
    return Math.min(own, ...workspace);
  }

  capabilityOverrides(): Record<string, ModelCapability> {
    const raw = this.value<unknown>('modelCapabilities', {});
    const out: Record<string, ModelCapability> = {};
    if (typeof raw !== 'object' || raw === null) return out;
    for (const [id, capability] of Object.entries(raw)) if (isModelCapability(capability)) out[id] = capability;
    return out;
  }
}

/** The non-empty texts of a list setting, trimmed; none when it is not a list. */
function texts(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];
}

/** Whether two addresses have one origin (a workspace repeating the user's own gateway is the user's choice). */
function sameOrigin(a: string, b: string | undefined): boolean {
  try {
    return b !== undefined && new URL(a.trim()).origin === new URL(b.trim()).origin;
  } catch {
    return false;
  }
}
