// Fresh copy of the fixture workspace for every run.
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURE_WORKSPACE } from './paths';

/**
 * Copies test/vscode/fixtures/workspace to dest and merges settings into its
 * .vscode/settings.json. Returns dest.
 */
export function createWorkspace(dest: string, settings: Record<string, unknown> = {}): string {
  // empty the folder but keep it (it may be open in the workbench)
  fs.mkdirSync(dest, { recursive: true });
  for (const entry of fs.readdirSync(dest)) fs.rmSync(path.join(dest, entry), { recursive: true, force: true });
  fs.cpSync(FIXTURE_WORKSPACE, dest, { recursive: true });
  const file = path.join(dest, '.vscode', 'settings.json');
  let current: Record<string, unknown> = {};
  if (fs.existsSync(file)) current = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...current, ...settings }, null, 2) + '\n');
  return dest;
}
