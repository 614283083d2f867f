import * as vscode from 'vscode';
import { t } from '../l10n/localize';

export type CredentialKind = 'apiKey' | 'accessToken';

export interface Credential {
  kind: CredentialKind;
  value: string;
  source: 'secretStorage' | 'environment';
  /** Gateway origins the user approved for this credential (see keyOrigins.ts). */
  origins: string[];
}

const SECRET_KEY = 'genaiGateway.credential';
/** Origins approved for the environment variable's key (it has no stored entry to keep them in). */
const ENVIRONMENT_ORIGINS_KEY = 'genaiGateway.environmentKeyOrigins';
/** Read when nothing is in SecretStorage, e.g. for CI or remote machines. */
export const API_KEY_ENV = 'GENAI_GATEWAY_API_KEY';

/** The Bearer value lives in SecretStorage only; the environment variable is a read-only fallback. */
export class Credentials {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly globalState: Pick<vscode.Memento, 'get' | 'update'>,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    secrets.onDidChange((e) => {
      if (e.key === SECRET_KEY) this.changed.fire();
    });
  }

  async get(): Promise<Credential | undefined> {
    const stored = await this.secrets.get(SECRET_KEY);
    if (stored) {
      try {
        const parsed = JSON.parse(stored) as { kind?: CredentialKind; value?: string; origins?: unknown };
        if (parsed.value && (parsed.kind === 'apiKey' || parsed.kind === 'accessToken')) {
          return { kind: parsed.kind, value: parsed.value, source: 'secretStorage', origins: strings(parsed.origins) };
        }
      } catch {
        // An unreadable entry counts as none; setting a key replaces it.
      }
    }
    const fromEnv = this.env[API_KEY_ENV]?.trim();
    return fromEnv ? { kind: 'apiKey', value: fromEnv, source: 'environment', origins: strings(this.globalState.get(ENVIRONMENT_ORIGINS_KEY)) } : undefined;
  }

  /** Stores a credential for the gateway at `origin` (none: bound when first used with the user's own address). */
  async set(kind: CredentialKind, value: string, origin: string | undefined): Promise<void> {
    await this.secrets.store(SECRET_KEY, JSON.stringify({ kind, value: value.trim(), origins: origin ? [origin] : [] }));
  }

  /** Lets `credential` go to `origin` from now on. */
  async approveOrigin(credential: Credential, origin: string): Promise<void> {
    const origins = [...new Set([...credential.origins, origin])];
    if (credential.source === 'environment') await this.globalState.update(ENVIRONMENT_ORIGINS_KEY, origins);
    else await this.secrets.store(SECRET_KEY, JSON.stringify({ kind: credential.kind, value: credential.value, origins }));
    credential.origins = origins;
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/* not shown: the names in the log, in English like every log line */
export const CREDENTIAL_LABELS: Record<CredentialKind, string> = { apiKey: 'API key', accessToken: 'access token' };

/** Asks for a credential in a password box; undefined when dismissed. */
export async function askForCredential(kind: CredentialKind, origin: string | undefined, reason?: string): Promise<string | undefined> {
  const apiKey = kind === 'apiKey';
  const prompt = inputPrompt(apiKey, origin);
  const value = await vscode.window.showInputBox({
    title: inputTitle(apiKey, origin),
    prompt: reason ? `${reason} ${prompt}` : prompt,
    password: true,
    ignoreFocusOut: true,
    validateInput: (text) => credentialProblem(apiKey, text.trim()),
  });
  return value?.trim() || undefined;
}

function inputTitle(apiKey: boolean, origin: string | undefined): string {
  if (apiKey) return origin ? t('GenAI Gateway: Set API Key for {0}', origin) : t('GenAI Gateway: Set API Key');
  return origin ? t('GenAI Gateway: Set Access Token for {0}', origin) : t('GenAI Gateway: Set Access Token');
}

function inputPrompt(apiKey: boolean, origin: string | undefined): string {
  if (origin) {
    return apiKey
      ? t("Enter your gateway API key. It is kept in VS Code's secret storage and sent only to {0}; another address needs your confirmation.", origin)
      : t("Enter your gateway access token. It is kept in VS Code's secret storage and sent only to {0}; another address needs your confirmation.", origin);
  }
  return apiKey
    ? t(
        "Enter your gateway API key. It is kept in VS Code's secret storage and sent only to the gateway address you use it with first; another address needs your confirmation.",
      )
    : t(
        "Enter your gateway access token. It is kept in VS Code's secret storage and sent only to the gateway address you use it with first; another address needs your confirmation.",
      );
}

function credentialProblem(apiKey: boolean, text: string): string | undefined {
  if (text.length < 8) return apiKey ? t('An API key has at least 8 characters.') : t('An access token has at least 8 characters.');
  if (/\s/.test(text)) return apiKey ? t('An API key has no spaces.') : t('An access token has no spaces.');
  return undefined;
}
