/**
 * Conversations on disk: one JSON file each, written atomically. Writes of
 * one conversation never overlap; streaming answers are saved throttled.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Conversation } from '../chat/conversation';
import { parseConversation, serializeConversation } from '../chat/persistence';
import { writeFileAtomic } from '../files/atomicFile';
import { errorText } from '../gateway/errors';

export interface StoreLog {
  warn(message: string): void;
}

export class ConversationStore {
  /** The last write of each conversation, so the next one starts after it. */
  private readonly writes = new Map<string, Promise<void>>();
  private readonly scheduled = new Map<string, { timer: ReturnType<typeof setTimeout>; conversation: Conversation }>();

  constructor(
    private readonly dir: string,
    private readonly log: StoreLog,
  ) {}

  /** Every readable conversation; a file that cannot be read is reported and left as it is. */
  async loadAll(): Promise<Conversation[]> {
    let names: string[];
    try {
      names = (await fs.readdir(this.dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const loaded = await Promise.all(names.map((name) => this.load(name)));
    return loaded.filter((c): c is Conversation => c !== undefined);
  }

  private async load(name: string): Promise<Conversation | undefined> {
    const file = path.join(this.dir, name);
    try {
      return parseConversation(await fs.readFile(file, 'utf8'));
    } catch (error) {
      this.log.warn(`Chat history ${file} could not be read and is ignored: ${errorText(error)}`);
      return undefined;
    }
  }

  /** Saves now (after any write of the same conversation still running). */
  save(conversation: Conversation): Promise<void> {
    this.cancelScheduled(conversation.id);
    const text = serializeConversation(conversation);
    return this.enqueue(conversation.id, async () => {
      await fs.mkdir(this.dir, { recursive: true });
      await writeFileAtomic(this.fileOf(conversation.id), text, { overwrite: true });
    });
  }

  /** Saves now without waiting; a failure is logged. */
  saveInBackground(conversation: Conversation): void {
    this.save(conversation).catch((error: unknown) => this.log.warn(`Chat history could not be saved: ${errorText(error)}`));
  }

  /** Saves within `delayMs`; calls in between are folded into that one write. */
  saveSoon(conversation: Conversation, delayMs = 500): void {
    if (this.scheduled.has(conversation.id)) return;
    const timer = setTimeout(() => this.saveInBackground(conversation), delayMs);
    this.scheduled.set(conversation.id, { timer, conversation });
  }

  async delete(id: string): Promise<void> {
    this.cancelScheduled(id);
    await this.enqueue(id, () => fs.rm(this.fileOf(id), { force: true }));
  }

  /** Runs the scheduled saves now and waits for every write. */
  async flush(): Promise<void> {
    for (const { conversation } of [...this.scheduled.values()]) this.saveInBackground(conversation);
    await Promise.all([...this.writes.values()]);
  }

  private enqueue(id: string, write: () => Promise<void>): Promise<void> {
    const previous = this.writes.get(id) ?? Promise.resolve();
    const next = previous.then(write, write);
    const settled = next.catch(() => undefined);
    this.writes.set(id, settled);
    void settled.then(() => {
      if (this.writes.get(id) === settled) this.writes.delete(id);
    });
    return next;
  }

  private cancelScheduled(id: string): void {
    const entry = this.scheduled.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.scheduled.delete(id);
  }

  private fileOf(id: string): string {
    // Ids are UUIDs we made; anything else is reduced to a safe file name.
    return path.join(this.dir, `${id.replace(/[^\w-]/g, '_')}.json`);
  }
}
