/**
 * Turns `/name args` into the message a prompt file makes: its arguments
 * from `key=value` pairs or asked for in input boxes, the files its
 * `#file:` references attach, its model and its tools.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { PromptUse } from '../chat/conversation';
import { fileReferences, parseArguments, promptInputs, substituteInputs } from '../chat/promptFiles';
import type { PromptFileSource } from './promptFileSource';
import { t } from '../l10n/localize';

export interface PreparedPrompt {
  text: string;
  /** The files its `#file:` references name: `./` and `../` paths from the prompt file's folder, others from the workspace folder. */
  references: vscode.Uri[];
  /** The model its front matter names. */
  model?: string;
  use: PromptUse;
}

/** The message of the prompt file `name`; undefined when there is no such prompt or the user cancelled an input box. */
export async function preparePrompt(source: Pick<PromptFileSource, 'get'>, name: string, args: string): Promise<PreparedPrompt | undefined> {
  const loaded = await source.get(name);
  if (!loaded) {
    void vscode.window.showWarningMessage(t('There is no prompt file named {0}.', name));
    return undefined;
  }
  const { prompt, uri } = loaded;
  const { values, rest } = parseArguments(args);
  for (const input of promptInputs(prompt.body)) {
    if (Object.prototype.hasOwnProperty.call(values, input.name)) continue;
    const value = await vscode.window.showInputBox({
      title: `/${name}: ${input.name}`,
      prompt: input.placeholder ?? t('A value for {0}', input.name),
      ignoreFocusOut: true,
    });
    if (value === undefined) return undefined;
    values[input.name] = value;
  }
  const text = [substituteInputs(prompt.body, values), rest].filter(Boolean).join('\n\n');
  return {
    text,
    references: fileReferences(text).map((ref) => referenceUri(uri, ref)),
    ...(prompt.model ? { model: prompt.model } : {}),
    use: prompt.tools ? { name, tools: prompt.tools } : { name },
  };
}

function referenceUri(promptFile: vscode.Uri, reference: string): vscode.Uri {
  if (path.isAbsolute(reference)) return vscode.Uri.file(reference);
  const beside = vscode.Uri.file(path.resolve(path.dirname(promptFile.fsPath), reference));
  const folder = vscode.workspace.workspaceFolders?.[0];
  const inWorkspace = folder ? vscode.Uri.joinPath(folder.uri, reference) : beside;
  return reference.startsWith('.') ? beside : inWorkspace;
}
