import * as vscode from 'vscode';
import { ListedModel, ModelCapability, ModelPlace } from '../gateway/catalog';
import { ModelObject } from '../gateway/types/models';
import { ClientProvider } from './clientProvider';

/** The gateway's model list, fetched once per connection and shared by every picker; Select Model, Test Connection and the chat's refresh fetch it again. */
export class ModelCatalog implements vscode.Disposable {
  private cached: Promise<ModelObject[]> | undefined;
  /** The last list fetched on this connection: shown while a new fetch runs, and compared with it. */
  private last: ModelObject[] | undefined;
  private readonly subscription: vscode.Disposable;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The list may differ: the connection changed, or a new fetch listed other ids. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly provider: ClientProvider) {
    this.subscription = provider.onDidChangeConnection(() => {
      this.cached = undefined;
      this.last = undefined;
      this.changed.fire();
    });
  }

  list(signal?: AbortSignal, refresh = false): Promise<ModelObject[]> {
    if (!this.cached || refresh) {
      const pending = this.provider.get().models.list(signal);
      this.cached = pending;
      pending.then(
        (models) => {
          if (this.cached !== pending) return;
          const before = this.last;
          this.last = models;
          if (before && idsOf(models) !== idsOf(before)) this.changed.fire();
        },
        () => {
          if (this.cached === pending) this.cached = undefined;
        },
      );
    }
    return this.cached;
  }

  /** The last list fetched on this connection, without a request. */
  lastListed(): readonly ModelObject[] | undefined {
    return this.last;
  }

  capabilityOf(model: string): ModelCapability {
    return this.provider.get().capabilityOf(model);
  }

  placeOf(model: ListedModel): ModelPlace {
    return this.provider.get().placeOf(model);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function idsOf(models: readonly ModelObject[]): string {
  return models.map((m) => m.id).join('\n');
}
