/**
 * The read-aloud commands (palette, editor context menu, keybinding, player).
 * Each takes optional arguments, so it can also run without any UI; when
 * run from the editor's context menu VS Code passes the document's URI,
 * which carries none of them.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SpeechFormat } from '../gateway/types/speech';
import { SPEECH_FORMATS } from '../gateway/validation/limits';
import { READ_ALOUD_COMMANDS } from '../mediaActions/commandIds';
import type { SavedSpeech, SpeechCommandArgs } from '../mediaActions/commandContracts';
import { announceSaved } from '../output/outputFiles';
import { showError } from '../platform/notify';
import { withCancellableProgress } from '../platform/progress';
import { AUDIO_FORMATS } from '../speech/audioFormats';
import type { ReadingReport } from '../speech/readingSession';
import { describeUsage } from '../speech/usage';
import type { Voice } from '../gateway/validation/limits';
import { isAcceptedVoice } from '../gateway/validation/speech';
import { previewText, voiceName, voicesFromIds } from '../speech/voices';
import type { ReadAloudController } from './readAloudController';
import type { SpeechSaver } from './speechSaver';
import { pickVoice, type VoiceSettings } from './voicePicker';
import { t } from '../l10n/localize';

function speechArgs(value: unknown): SpeechCommandArgs {
  if (typeof value !== 'object' || value === null || value instanceof vscode.Uri) return {};
  const v = value as Record<string, unknown>;
  return {
    text: typeof v.text === 'string' ? v.text : undefined,
    voice: typeof v.voice === 'string' ? v.voice : undefined,
    speed: typeof v.speed === 'number' ? v.speed : undefined,
    format: (SPEECH_FORMATS as readonly unknown[]).includes(v.format) ? (v.format as SpeechFormat) : undefined,
    throwErrors: v.throwErrors === true,
  };
}

/** The voice ids the gateway lists (GET /v1/audio/voices); undefined when it does not answer that endpoint. */
export type ListVoices = () => Promise<readonly string[] | undefined>;

export function registerReadAloudCommands(
  controller: ReadAloudController,
  saver: SpeechSaver,
  settings: VoiceSettings,
  listVoices: ListVoices = async () => undefined,
): vscode.Disposable[] {
  const read = async (args: SpeechCommandArgs, wholeFile: boolean): Promise<ReadingReport | undefined> => {
    try {
      const target = args.text !== undefined ? { text: args.text, title: t('Text') } : editorText(wholeFile);
      if (!target) return undefined;
      return await controller.read({ ...target, voice: args.voice, speed: args.speed, format: args.format });
    } catch (error) {
      if (args.throwErrors) throw error;
      // Not awaited: the message waits for the user, the command does not.
      void showError(t('Read aloud failed'), error);
      return undefined;
    }
  };
  const preview = (voice: Voice): void => {
    controller
      .read({ text: previewText(voice), title: t('Preview: {0} ({1})', voiceName(voice.id), voice.id), voice: voice.id })
      .catch((error: unknown) => void showError(t('Voice preview failed'), error));
  };
  return [
    vscode.commands.registerCommand(READ_ALOUD_COMMANDS.readSelection, (args?: unknown) => read(speechArgs(args), false)),
    vscode.commands.registerCommand(READ_ALOUD_COMMANDS.readFile, (args?: unknown) => read(speechArgs(args), true)),
    vscode.commands.registerCommand(READ_ALOUD_COMMANDS.stop, () => controller.stop()),
    vscode.commands.registerCommand(READ_ALOUD_COMMANDS.saveSelection, (args?: unknown) => saveSelection(saver, settings, speechArgs(args))),
    vscode.commands.registerCommand(READ_ALOUD_COMMANDS.selectVoice, async (args?: { voice?: unknown; language?: unknown }) => {
      if (typeof args?.voice === 'string') {
        if (!isAcceptedVoice(args.voice)) throw new Error(t('Unknown voice "{0}" (a voice id of the table, or a mix such as af_bella+af_sky).', args.voice));
        if (typeof args.language === 'string') await settings.setSpeechVoiceForLanguage(args.language, args.voice);
        else await settings.setSpeechVoice(args.voice);
        return;
      }
      // The gateway's own list when it has one (new voices appear over time); the spec's table otherwise.
      const listed = await listVoices().catch(() => undefined);
      await pickVoice(settings, preview, listed ? voicesFromIds(listed) : undefined);
    }),
  ];
}

/** The selection (or with `wholeFile` the document) of the active editor, with where it starts. */
function editorText(wholeFile: boolean): { text: string; title: string; source: { uri: vscode.Uri; offset: number } } | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(t('GenAI Gateway: open a file to read aloud.'));
    return undefined;
  }
  const { document, selection } = editor;
  const name = path.basename(document.uri.path) || document.uri.toString();
  if (wholeFile) return { text: document.getText(), title: name, source: { uri: document.uri, offset: 0 } };
  if (selection.isEmpty) {
    void vscode.window.showInformationMessage(t('GenAI Gateway: select the text to read aloud, or use "Read File Aloud".'));
    return undefined;
  }
  const lines = selection.start.line === selection.end.line ? `${selection.start.line + 1}` : `${selection.start.line + 1}-${selection.end.line + 1}`;
  return { text: document.getText(selection), title: `${name}:${lines}`, source: { uri: document.uri, offset: document.offsetAt(selection.start) } };
}

async function saveSelection(saver: SpeechSaver, settings: VoiceSettings, args: SpeechCommandArgs): Promise<SavedSpeech | undefined> {
  try {
    const text = args.text ?? selectedText();
    if (text === undefined) return undefined;
    const format = args.format ?? (await pickFormat(settings.speech().format));
    if (!format) return undefined;
    const saved = await withCancellableProgress(t('GenAI Gateway: Saving speech as {0}', format), (signal, progress) =>
      saver.save({ text, format, voice: args.voice, speed: args.speed }, signal, progress),
    );
    const usage = describeUsage(saved.usage);
    void announceSaved(usage ? t('Speech ({0})', usage.toLowerCase()) : t('Speech'), [saved.path]);
    if (saved.cutNote) void vscode.window.showWarningMessage(saved.cutNote);
    return saved;
  } catch (error) {
    if (args.throwErrors) throw error;
    void showError(t('Saving speech failed'), error);
    return undefined;
  }
}

function selectedText(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) {
    void vscode.window.showInformationMessage(t('GenAI Gateway: select the text to save as speech.'));
    return undefined;
  }
  return editor.document.getText(editor.selection);
}

async function pickFormat(current: SpeechFormat): Promise<SpeechFormat | undefined> {
  const items = [current, ...SPEECH_FORMATS.filter((f) => f !== current)].map((format) => ({
    label: format,
    description: [AUDIO_FORMATS[format].mimeType, format === current ? t('setting') : ''].filter(Boolean).join(' · '),
    format,
  }));
  const picked = await vscode.window.showQuickPick(items, { title: t('Save Selection as Speech'), placeHolder: t('Audio format') });
  return picked?.format;
}
