// The stand-in German language pack (test/vscode/fixtures/germanLanguagePack) as a .vsix, to install
// the way a user installs Microsoft's: VS Code registers a language pack when it installs one.
import * as path from 'path';
import { createVSIX } from '@vscode/vsce';
import { GERMAN_LANGUAGE_PACK } from './paths';

export async function germanLanguagePackVsix(dir: string): Promise<string> {
  const packagePath = path.join(dir, 'german-display-language.vsix');
  await createVSIX({ cwd: GERMAN_LANGUAGE_PACK, packagePath, dependencies: false, allowMissingRepository: true, skipLicense: true });
  return packagePath;
}
