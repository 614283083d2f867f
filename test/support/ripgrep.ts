/** A ripgrep for tests and benchmarks: the one of the harness's code-server (what VS Code runs), else one on PATH. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundledRipgrep } from '../../src/workspace/ripgrepLocation';
import { HARNESS_HOME } from '../vscode/lib/paths';

/** code-server's VS Code, whose folder is vscode.env.appRoot inside it. */
const CODE_SERVER_APP_ROOT = path.join(HARNESS_HOME, 'cs', 'node_modules', 'code-server', 'lib', 'vscode');

/** Undefined when there is none (ripgrep is optional on a test machine: `apt-get install ripgrep`). */
export async function findTestRipgrep(): Promise<string | undefined> {
  return (await bundledRipgrep(CODE_SERVER_APP_ROOT)) ?? onPath(process.platform === 'win32' ? 'rg.exe' : 'rg');
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
