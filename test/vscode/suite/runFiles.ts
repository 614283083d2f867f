// The files of this harness run, for the suites that check a secret left no trace in any of them.
import * as fs from 'fs';
import * as path from 'path';

/** The harness's run folder: code-server's user data, logs, the workspace and the extension host's temp dir. */
export const runFolder = (): string => path.dirname(process.env.GENAI_TEST_TMP!);

/** Every file below `dir` that contains `text` (files of more than 64 MB are not read). */
export function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || fs.statSync(file).size > 64 * 2 ** 20) continue;
    if (fs.readFileSync(file).includes(needle)) found.push(file);
  }
  return found;
}
