/**
 * What the chat's agent changed in the workspace, per user message (a
 * checkpoint), so a turn that went wrong can be taken back without git: the
 * content each file had before the turn's first change of it (stored once
 * by content hash, capped in size), the content the agent left, and what a
 * terminal command created, changed or deleted. Kept in the extension's
 * storage, one folder per conversation, removed with it. No `vscode` import.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomic } from '../files/atomicFile';

/** What a file was before the checkpoint's first change of it. */
export type Before = { kind: 'content'; hash: string } | { kind: 'absent' } | { kind: 'unknown' } | { kind: 'tooLarge'; bytes: number };

export interface CheckpointFile {
  path: string;
  before: Before;
  /** The hash of what the agent's change left, null when it left no file; absent: not known (a terminal command). */
  after?: string | null;
  by: 'tool' | 'terminal';
}

export interface Checkpoint {
  /** The user message it belongs to. */
  id: string;
  files: CheckpointFile[];
  /** Bytes of content stored for it. */
  bytes: number;
}

/** A file as a restore would leave it, and whether it was changed since the agent's change. */
export interface RestoreItem {
  path: string;
  /** `write`: the content before (hash); `delete`: it did not exist; `unrestorable`: its content before is not known. */
  action: { kind: 'write'; hash: string } | { kind: 'delete' } | { kind: 'unrestorable'; why: 'unknown' | 'tooLarge' };
  /** True when the file is no longer what the agent left (the user, or a program, changed it since). */
  changedSince: boolean;
}

/** What a restore replaced, to put back ("Redo"). */
export type RedoState = Array<{ path: string; hash: string | null }>;

export interface CheckpointLimits {
  /** A file larger than this is recorded as too large to restore. */
  maxFileBytes: number;
  /** A checkpoint stores at most this much content; beyond it, files are recorded as too large. */
  maxCheckpointBytes: number;
  /** A checkpoint records at most this many files. */
  maxFiles: number;
}

export const CHECKPOINT_LIMITS: CheckpointLimits = { maxFileBytes: 5 * 1024 * 1024, maxCheckpointBytes: 50 * 1024 * 1024, maxFiles: 1000 };

interface Index {
  version: 1;
  checkpoints: Checkpoint[];
}

export class CheckpointStore {
  /** Index writes of one conversation, one at a time. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly root: string,
    private readonly limits: CheckpointLimits = CHECKPOINT_LIMITS,
  ) {}

  /** Records the file as it is now, before the agent changes it (once per checkpoint: the first change decides). */
  beforeChange(conversationId: string, checkpointId: string, file: string): Promise<void> {
    return this.update(conversationId, checkpointId, async (checkpoint) => {
      if (checkpoint.files.some((f) => f.path === file) || checkpoint.files.length >= this.limits.maxFiles) return;
      checkpoint.files.push({ path: file, before: await this.store(conversationId, checkpoint, file), by: 'tool' });
    });
  }

  /** Records what the agent's change left. */
  afterChange(conversationId: string, checkpointId: string, file: string): Promise<void> {
    return this.update(conversationId, checkpointId, async (checkpoint) => {
      const entry = checkpoint.files.find((f) => f.path === file);
      if (entry) entry.after = await hashOf(file);
    });
  }

  /** A terminal command created, changed or deleted the file; what it was before is known only when it was created, or recorded earlier. */
  terminalChanged(conversationId: string, checkpointId: string, file: string, kind: 'created' | 'changed' | 'deleted'): Promise<void> {
    return this.update(conversationId, checkpointId, async (checkpoint) => {
      const entry = checkpoint.files.find((f) => f.path === file);
      if (entry) {
        delete entry.after;
        return;
      }
      if (checkpoint.files.length >= this.limits.maxFiles) return;
      checkpoint.files.push({ path: file, before: kind === 'created' ? { kind: 'absent' } : { kind: 'unknown' }, by: 'terminal' });
    });
  }

  async checkpoints(conversationId: string): Promise<Checkpoint[]> {
    return (await this.read(conversationId)).checkpoints;
  }

  /** What restoring to before the checkpoint would do to each file changed since it began, in this or a later checkpoint. */
  async plan(conversationId: string, checkpointId: string): Promise<RestoreItem[]> {
    const all = await this.checkpoints(conversationId);
    const from = all.findIndex((c) => c.id === checkpointId);
    if (from < 0) return [];
    const first = new Map<string, CheckpointFile>();
    const last = new Map<string, CheckpointFile>();
    for (const checkpoint of all.slice(from)) {
      for (const file of checkpoint.files) {
        if (!first.has(file.path)) first.set(file.path, file);
        last.set(file.path, file);
      }
    }
    const items: RestoreItem[] = [];
    for (const [file, entry] of first) {
      const left = last.get(file)!.after;
      const changedSince = left !== undefined && (await hashOf(file)) !== left;
      const before = entry.before;
      const action: RestoreItem['action'] =
        before.kind === 'content'
          ? { kind: 'write', hash: before.hash }
          : before.kind === 'absent'
            ? { kind: 'delete' }
            : { kind: 'unrestorable', why: before.kind === 'tooLarge' ? 'tooLarge' : 'unknown' };
      items.push({ path: file, action, changedSince });
    }
    return items.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Puts the items' files back as they were before; returns what they were, to redo. */
  async restore(conversationId: string, items: readonly RestoreItem[]): Promise<RedoState> {
    const redo: RedoState = [];
    for (const item of items) {
      if (item.action.kind === 'unrestorable') continue;
      redo.push({ path: item.path, hash: await this.keep(conversationId, item.path) });
      await this.put(conversationId, item.path, item.action.kind === 'write' ? item.action.hash : null);
    }
    return redo;
  }

  /** Puts the files back as a restore found them. */
  async redo(conversationId: string, state: RedoState): Promise<void> {
    for (const entry of state) await this.put(conversationId, entry.path, entry.hash);
  }

  /** The stored content with this hash, for a diff. */
  blobPath(conversationId: string, hash: string): string {
    return path.join(this.folder(conversationId), 'blobs', hash);
  }

  /** Removes the conversation's checkpoints (the conversation was deleted). */
  async forget(conversationId: string): Promise<void> {
    await this.queued(conversationId, () => fs.rm(this.folder(conversationId), { recursive: true, force: true }));
  }

  private folder(conversationId: string): string {
    /* not shown: ids are the extension's own */
    if (!/^[\w-]+$/.test(conversationId)) throw new Error(`Not a conversation id: ${conversationId}`);
    return path.join(this.root, conversationId);
  }

  private update(conversationId: string, checkpointId: string, change: (checkpoint: Checkpoint) => Promise<void>): Promise<void> {
    return this.queued(conversationId, async () => {
      const index = await this.read(conversationId);
      let checkpoint = index.checkpoints.find((c) => c.id === checkpointId);
      if (!checkpoint) {
        checkpoint = { id: checkpointId, files: [], bytes: 0 };
        index.checkpoints.push(checkpoint);
      }
      await change(checkpoint);
      await fs.mkdir(this.folder(conversationId), { recursive: true });
      await writeFileAtomic(path.join(this.folder(conversationId), 'index.json'), JSON.stringify(index), { overwrite: true });
    });
  }

  private queued<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(conversationId) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.queues.set(
      conversationId,
      next.catch(() => undefined),
    );
    return next;
  }

  private async read(conversationId: string): Promise<Index> {
    try {
      const parsed = JSON.parse(await fs.readFile(path.join(this.folder(conversationId), 'index.json'), 'utf8')) as Index;
      return parsed.version === 1 && Array.isArray(parsed.checkpoints) ? parsed : { version: 1, checkpoints: [] };
    } catch {
      return { version: 1, checkpoints: [] };
    }
  }

  /** The file's content now, stored under its hash within the checkpoint's limits. */
  private async store(conversationId: string, checkpoint: Checkpoint, file: string): Promise<Before> {
    let stat;
    try {
      stat = await fs.stat(file);
    } catch {
      return { kind: 'absent' };
    }
    if (!stat.isFile() || stat.size > this.limits.maxFileBytes || checkpoint.bytes + stat.size > this.limits.maxCheckpointBytes) {
      return { kind: 'tooLarge', bytes: stat.size };
    }
    const hash = await this.keep(conversationId, file);
    if (hash === null) return { kind: 'absent' };
    checkpoint.bytes += stat.size;
    return { kind: 'content', hash };
  }

  /** Stores the file's content now by its hash; null when there is no file. */
  private async keep(conversationId: string, file: string): Promise<string | null> {
    let content: Buffer;
    try {
      content = await fs.readFile(file);
    } catch {
      return null;
    }
    const hash = hashBytes(content);
    const blob = this.blobPath(conversationId, hash);
    await fs.mkdir(path.dirname(blob), { recursive: true });
    await fs.writeFile(blob, content, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return hash;
  }

  /** Writes the stored content to the file (atomically), or deletes it for null. */
  private async put(conversationId: string, file: string, hash: string | null): Promise<void> {
    if (hash === null) {
      await fs.rm(file, { force: true });
      return;
    }
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, await fs.readFile(this.blobPath(conversationId, hash)), { overwrite: true });
  }
}

async function hashOf(file: string): Promise<string | null> {
  try {
    return hashBytes(await fs.readFile(file));
  } catch {
    return null;
  }
}

function hashBytes(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}
