import * as vscode from 'vscode';

export type CredentialKind = 'apiKey' | 'accessToken';

export interface Credential {
  kind: CredentialKind;
  value: string;
  source: 'secretStorage' | 'environment';
}

const SECRET_KEY = 'genaiGateway.credential';
/** Read when nothing is in SecretStorage, e.g. for CI or remote machines. */
export const API_KEY_ENV = 'GENAI_GATEWAY_API_KEY';

/** The Bearer value lives in SecretStorage only; the environment variable is a read-only fallback. */
export class Credentials {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly secrets: vscode.SecretStorage, private readonly env: NodeJS.ProcessEnv = process.env) {
    secrets.onDidChange((e) => {
      if (e.key === SECRET_KEY) this.changed.fire();
    });
  }

  async get(): Promise<Credential | undefined> {
    const stored = await this.secrets.get(SECRET_KEY);
    if (stored) {
      try {
        const parsed = JSON.parse(stored) as { kind?: CredentialKind; value?: string };
        if (parsed.value && (parsed.kind === 'apiKey' || parsed.kind === 'accessToken')) {
          return { kind: parsed.kind, value: parsed.value, source: 'secretStorage' };
        }
      } catch {
        // An unreadable entry counts as none; setting a key replaces it.
      }
    }
    const fromEnv = this.env[API_KEY_ENV]?.trim();
    return fromEnv ? { kind: 'apiKey', value: fromEnv, source: 'environment' } : undefined;
  }

  async set(kind: CredentialKind, value: string): Promise<void> {
    await this.secrets.store(SECRET_KEY, JSON.stringify({ kind, value: value.trim() }));
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export const CREDENTIAL_LABELS: Record<CredentialKind, string> = { apiKey: 'API key', accessToken: 'access token' };

/** Asks for a credential in a password box; undefined when dismissed. */
export async function askForCredential(kind: CredentialKind, reason?: string): Promise<string | undefined> {
  const label = CREDENTIAL_LABELS[kind];
  const value = await vscode.window.showInputBox({
    title: `GenAI Gateway: ${kind === 'apiKey' ? 'Set API Key' : 'Set Access Token'}`,
    prompt: `${reason ? `${reason} ` : ''}Enter your gateway ${label}. It is kept in VS Code's secret storage and sent only to the configured gateway.`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (text) => (text.trim().length < 8 ? `An ${label} has at least 8 characters.` : /\s/.test(text.trim()) ? `An ${label} has no spaces.` : undefined),
  });
  return value?.trim() || undefined;
}
