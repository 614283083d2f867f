/**
 * Reading text aloud as other features ask for it: through the Read Aloud
 * feature's one pipeline and player, where a new reading stops the one
 * before. Implemented by that feature, wired in extension.ts.
 */
export interface ReadAloudPort {
  /** Resolves when the reading ends (finished, stopped, or replaced by another); throws when it fails. */
  read(text: string, title: string): Promise<unknown>;
  stop(): void;
}
