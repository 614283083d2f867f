import * as vscode from 'vscode';
import type { KeyHolder } from './keyOrigins';

/** One header whose value lives in secret storage, with the gateway origins it may go to (like the key). */
export interface SecretHeader extends KeyHolder {
  /** As the user spelled it. */
  name: string;
  value: string;
  source: 'secretStorage';
  origins: string[];
}

const SECRET_KEY = 'genaiGateway.secretHeaders';

/**
 * Headers whose values are secrets (Cloudflare Access client secrets,
 * api-key style auth). Values are kept in VS Code's secret storage only;
 * each header belongs to the gateway origin it was set for and to each
 * other origin the user approved, exactly as the key does.
 */
export class SecretHeaders implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key === SECRET_KEY) this.changed.fire();
    });
  }

  async all(): Promise<SecretHeader[]> {
    const stored = await this.secrets.get(SECRET_KEY);
    if (!stored) return [];
    try {
      const parsed = JSON.parse(stored) as unknown;
      if (!Array.isArray(parsed)) return [];
      return parsed.flatMap((item: unknown) => {
        const h = item as { name?: unknown; value?: unknown; origins?: unknown };
        return typeof h.name === 'string' && typeof h.value === 'string'
          ? [
              {
                name: h.name,
                value: h.value,
                source: 'secretStorage' as const,
                origins: Array.isArray(h.origins) ? h.origins.filter((o): o is string => typeof o === 'string') : [],
              },
            ]
          : [];
      });
    } catch {
      return [];
    }
  }

  /** Sets (or replaces) a header for the gateway at `origin` (none: bound when first used with the user's own address). */
  async set(name: string, value: string, origin: string | undefined): Promise<void> {
    const others = (await this.all()).filter((h) => h.name.toLowerCase() !== name.toLowerCase());
    await this.save([...others, { name, value, source: 'secretStorage', origins: origin ? [origin] : [] }]);
  }

  /** True when a header of that name was there. */
  async remove(name: string): Promise<boolean> {
    const all = await this.all();
    const rest = all.filter((h) => h.name.toLowerCase() !== name.toLowerCase());
    if (rest.length === all.length) return false;
    await this.save(rest);
    return true;
  }

  /** Lets the headers named go to `origin` from now on. */
  async approveOrigin(names: readonly string[], origin: string): Promise<void> {
    const wanted = new Set(names.map((n) => n.toLowerCase()));
    await this.save((await this.all()).map((h) => (wanted.has(h.name.toLowerCase()) ? { ...h, origins: [...new Set([...h.origins, origin])] } : h)));
  }

  private async save(headers: SecretHeader[]): Promise<void> {
    if (!headers.length) return void (await this.secrets.delete(SECRET_KEY));
    await this.secrets.store(SECRET_KEY, JSON.stringify(headers.map(({ name, value, origins }) => ({ name, value, origins }))));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
