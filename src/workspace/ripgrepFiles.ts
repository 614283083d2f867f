/**
 * The files of one folder as VS Code's own search lists them: ripgrep's
 * `--files`, following .gitignore and .ignore files (also outside a git
 * repository, but not those of parent folders or the user's global one),
 * hidden files included, the excludes left out. Paths come as ripgrep finds
 * them, so a caller can show the first ones before the walk ends.
 */
import { spawn } from 'child_process';
import { StringDecoder } from 'string_decoder';
import { ripgrepGlobArgs } from './excludeGlobs';
import { t } from '../l10n/localize';

export interface RipgrepFileListing {
  /** The ripgrep executable. */
  rg: string;
  /** Absolute path of the folder listed. */
  folder: string;
  /** VS Code globs of files and folders to leave out. */
  excludes: readonly string[];
  /** Stop after this many accepted files. */
  max: number;
  /** Which files count (relative path with '/'); absent: all. */
  accept?(relative: string): boolean;
  /** Told of each accepted file as it arrives. */
  found?(relative: string): void;
}

export function ripgrepFileArgs(excludes: readonly string[]): string[] {
  return ['--files', '--no-config', '--hidden', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', ...ripgrepGlobArgs(undefined, excludes)];
}

/** The accepted files' paths relative to the folder ('/' separators); `truncated` when `max` stopped the walk. */
export function ripgrepFiles(listing: RipgrepFileListing, signal: AbortSignal): Promise<{ files: string[]; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error(t('The file listing was cancelled.')));
    const child = spawn(listing.rg, ripgrepFileArgs(listing.excludes), { cwd: listing.folder, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const decoder = new StringDecoder('utf8');
    const files: string[] = [];
    let pending = '';
    let stderr = '';
    let truncated = false;
    const onAbort = () => child.kill();
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (truncated) return;
      const lines = (pending + decoder.write(chunk)).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const relative = line.replace(/\r$/, '').replace(/\\/g, '/');
        if (relative === '' || (listing.accept && !listing.accept(relative))) continue;
        files.push(relative);
        listing.found?.(relative);
        if (files.length >= listing.max) {
          truncated = true;
          child.kill();
          return;
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    child.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(new Error(t('The file listing could not run ripgrep: {0}', error.message)));
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) reject(new Error(t('The file listing was cancelled.')));
      // 2: some entries could not be read (permissions); the others are listed.
      else if (truncated || code === 0 || code === 1 || (code === 2 && files.length > 0)) resolve({ files, truncated });
      else reject(new Error(t('The file listing failed: {0}', stderr.replace(/^rg: /, '').trim() || t('ripgrep exited with {0}', String(code)))));
    });
  });
}
