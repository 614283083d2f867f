/** A minimal event for code that cannot use vscode.EventEmitter. */
export class Signal<T> {
  private readonly listeners = new Set<(value: T) => void>();

  /** Adds a listener; the returned function removes it. */
  on(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
}
