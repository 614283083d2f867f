/**
 * Which settings a workspace may set, and the range of every number setting:
 * one table for every `genaiGateway.*` setting, which Settings reads through
 * (a unit test checks it against package.json). No `vscode` import.
 */
import { SPEECH_SPEED } from '../gateway/validation/limits';

/**
 * Where a value may come from:
 * - `anyWorkspace`: any workspace's settings, trusted or not (display and
 *   preferences that neither spend nor send anything);
 * - `trustedWorkspace`: a workspace's value counts only once the workspace
 *   is trusted (what a repository could use to spend or redirect);
 * - `user`: user settings only (what runs without asking, secrets' company);
 * - `workspaceLowers`: the user's value; a workspace may lower it, never raise it.
 */
export type WorkspaceRule = 'anyWorkspace' | 'trustedWorkspace' | 'user' | 'workspaceLowers';

/** Setting names without the `genaiGateway.` prefix → where their value may come from. */
export const WORKSPACE_RULES: Readonly<Record<string, WorkspaceRule>> = {
  baseUrl: 'trustedWorkspace',
  'models.chat': 'trustedWorkspace',
  'models.image': 'trustedWorkspace',
  'models.video': 'trustedWorkspace',
  'models.videoTask': 'trustedWorkspace',
  'models.speech': 'trustedWorkspace',
  modelCapabilities: 'trustedWorkspace',
  outputFolder: 'trustedWorkspace',
  requestTimeoutSeconds: 'trustedWorkspace',
  maxRetries: 'trustedWorkspace',
  proxy: 'trustedWorkspace',
  headers: 'user',
  authorizationHeader: 'user',
  'chat.user': 'trustedWorkspace',
  'chat.sessionHeader': 'user',
  'chat.systemPrompt': 'trustedWorkspace',
  'chat.useWorkspaceInstructions': 'anyWorkspace',
  'chat.userInstructions': 'user',
  'chat.instructionsIgnore': 'anyWorkspace',
  'chat.promptFolders': 'user',
  'media.videoTimeoutSeconds': 'trustedWorkspace',
  'media.imageTimeoutSeconds': 'trustedWorkspace',
  'media.allowedLinkHosts': 'user',
  'videoTasks.autoDownload': 'anyWorkspace',
  'videoTasks.pollIntervalSeconds': 'trustedWorkspace',
  'speech.voice': 'anyWorkspace',
  'speech.voiceByLanguage': 'anyWorkspace',
  'speech.speed': 'anyWorkspace',
  'speech.format': 'anyWorkspace',
  'speech.maxFileMegabytes': 'workspaceLowers',
  'languageModels.tokenLimits': 'trustedWorkspace',
  'tools.enabled': 'anyWorkspace',
  'tools.maxRounds': 'trustedWorkspace',
  'tools.maxResultChars': 'trustedWorkspace',
  'tools.autoApprove': 'user',
  'tools.commandAllowlist': 'user',
  'tools.userDefined': 'user',
  'tools.nonStreamingModels': 'anyWorkspace',
  'tools.maxTools': 'trustedWorkspace',
  'tools.terminal.autoApprove': 'user',
  'tools.terminal.timeoutSeconds': 'trustedWorkspace',
};

export interface NumberRule {
  default: number;
  min: number;
  max: number;
  integer: boolean;
}

/** Every number setting's default and range, as package.json declares them. */
export const NUMBER_RULES: Readonly<Record<string, NumberRule>> = {
  requestTimeoutSeconds: { default: 120, min: 5, max: 3600, integer: false },
  maxRetries: { default: 3, min: 0, max: 10, integer: true },
  'media.videoTimeoutSeconds': { default: 900, min: 10, max: 7200, integer: false },
  'media.imageTimeoutSeconds': { default: 300, min: 10, max: 3600, integer: false },
  'videoTasks.pollIntervalSeconds': { default: 5, min: 1, max: 300, integer: false },
  'speech.speed': { default: 1, ...SPEECH_SPEED, integer: false },
  'speech.maxFileMegabytes': { default: 256, min: 1, max: 2048, integer: true },
  'tools.maxRounds': { default: 8, min: 1, max: 50, integer: true },
  'tools.maxResultChars': { default: 20000, min: 200, max: 1_000_000, integer: true },
  'tools.maxTools': { default: 128, min: 1, max: 128, integer: true },
  'tools.terminal.timeoutSeconds': { default: 300, min: 5, max: 3600, integer: true },
};

/** The most tokens a language model entry of `languageModels.tokenLimits` may claim (each of input and output). */
export const MAX_TOKEN_LIMIT = 10_000_000;

/**
 * A number within its rule's range; the default for anything that is not a
 * number (or not an integer where one is needed). VS Code only warns about a
 * value out of range and hands it over, and a repository may write any.
 */
export function clampToRule(value: unknown, rule: NumberRule): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || (rule.integer && !Number.isInteger(value))) return rule.default;
  return Math.min(rule.max, Math.max(rule.min, value));
}
