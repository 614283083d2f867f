/**
 * The image and video generation commands: the palette, the editor context
 * menu (the selection is the prompt), the explorer context menu on images
 * and MP4s, and callers passing a GenerateCommandArgs object.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MediaFollowUps } from '../output/mediaFollowUps';
import { MEDIA_COMMANDS } from '../mediaActions/commandIds';
import type { MediaKind } from './forms/formFields';
import { parseCommandArgs } from './generation/commandArgs';
import { LastChoices } from './lastChoices';
import { type GenerationStart, MediaGenerationFlow, type MediaGenerationServices } from './mediaGenerationFlow';

export type MediaGenerationDeps = Omit<MediaGenerationServices, 'lastChoices'>;

/** Returns the guided flows that start from a generated file, for other features (the chat's media cards). */
export function registerMediaGeneration(context: vscode.ExtensionContext, deps: MediaGenerationDeps): MediaFollowUps {
  const flow = new MediaGenerationFlow({ ...deps, lastChoices: new LastChoices(context.globalState) });
  const guided = (kind: MediaKind, inputs: Record<string, string[]> = {}): GenerationStart => ({
    kind,
    fields: {},
    inputs,
    interactive: true,
    openResults: true,
  });
  const fromExplorer = (field: string, uri: vscode.Uri | undefined, uris?: vscode.Uri[]): Record<string, string[]> => {
    const chosen = uris?.length ? uris : uri ? [uri] : [];
    return chosen.length > 0 ? { [field]: chosen.map((u) => u.fsPath) } : {};
  };
  /** From the palette nothing is passed; from the editor context menu, the editor's URI; from a caller, GenerateCommandArgs. */
  const startOf = (kind: MediaKind, arg: unknown): GenerationStart => {
    if (arg instanceof vscode.Uri) return { ...guided(kind), prompt: selectedText(arg) };
    if (typeof arg === 'object' && arg !== null) return { kind, ...parseCommandArgs(arg, toPath) };
    return guided(kind);
  };
  context.subscriptions.push(
    vscode.commands.registerCommand(MEDIA_COMMANDS.generateImage, (arg?: unknown) => flow.run(startOf('image', arg))),
    vscode.commands.registerCommand(MEDIA_COMMANDS.generateVideo, (arg?: unknown) => flow.run(startOf('video', arg))),
    vscode.commands.registerCommand(MEDIA_COMMANDS.editImage, (uri?: vscode.Uri, uris?: vscode.Uri[]) =>
      flow.run(guided('image', fromExplorer('image', uri, uris))),
    ),
    vscode.commands.registerCommand(MEDIA_COMMANDS.useAsFirstFrame, (uri?: vscode.Uri) => flow.run(guided('video', fromExplorer('image', uri)))),
    vscode.commands.registerCommand(MEDIA_COMMANDS.extendVideo, (uri?: vscode.Uri) => flow.run(guided('video', fromExplorer('video', uri)))),
  );
  return {
    editImage: (file) => flow.run(guided('image', { image: [file] })),
    useAsFirstFrame: (file) => flow.run(guided('video', { image: [file] })),
    extendVideo: (file) => flow.run(guided('video', { video: [file] })),
  };
}

/** The selected text of the editor the context menu was opened on; undefined when nothing is selected. */
function selectedText(uri: vscode.Uri): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.toString() !== uri.toString()) return undefined;
  const text = editor.selections
    .map((selection) => editor.document.getText(selection))
    .join('\n')
    .trim();
  return text || undefined;
}

/** A file URI, an absolute path, or a path relative to the first workspace folder. */
function toPath(item: unknown): string | undefined {
  if (item instanceof vscode.Uri) return item.scheme === 'file' ? item.fsPath : undefined;
  if (typeof item !== 'string' || item === '') return undefined;
  if (path.isAbsolute(item)) return item;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  return root?.scheme === 'file' ? path.join(root.fsPath, item) : undefined;
}
