/** Where a VS Code installation keeps the ripgrep its own search runs. */
import * as fs from 'fs';
import * as path from 'path';

/**
 * The executable under `appRoot` (vscode.env.appRoot), or undefined when this
 * installation has none. Recent builds (code-server 4.139, on VS Code
 * 1.139) have `@vscode/ripgrep-universal`, a binary per platform; older ones
 * `@vscode/ripgrep`. Desktop builds that pack node_modules into an asar
 * archive keep the binary in node_modules.asar.unpacked.
 */
export async function bundledRipgrep(appRoot: string, platform: string = process.platform, arch: string = process.arch): Promise<string | undefined> {
  const executable = platform === 'win32' ? 'rg.exe' : 'rg';
  const candidates = ['node_modules', 'node_modules.asar.unpacked'].flatMap((modules) => [
    path.join(appRoot, modules, '@vscode', 'ripgrep-universal', 'bin', `${platform}-${arch}`, executable),
    path.join(appRoot, modules, '@vscode', 'ripgrep', 'bin', executable),
  ]);
  for (const candidate of candidates) {
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.promises.access(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
