/**
 * What a media tool made, kept with its call in the conversation: references
 * to files (never their bytes) and the id of a video task, so that a reload
 * shows the same media and follows the same task. Pure.
 */
import { t } from '../l10n/localize';
import { list, oneOf, record, str } from './jsonFields';

/** The most files one call keeps (a gateway answer carries at most 64 results). */
export const MAX_TOOL_MEDIA_FILES = 64;

export type ToolMedia =
  /** Absolute paths of the saved images, in the order of the set. */
  | { kind: 'images'; files: string[] }
  | { kind: 'videoTask'; taskId: string }
  /** A reading (`file` absent) or speech saved as an audio file. */
  | { kind: 'speech'; file?: string };

/** A tool's answer: the text the model reads and, for media tools, what it made. */
export interface ToolOutput {
  text: string;
  media?: ToolMedia;
}

export function toolOutput(output: string | ToolOutput): ToolOutput {
  return typeof output === 'string' ? { text: output } : output;
}

const KINDS: ReadonlyArray<ToolMedia['kind']> = ['images', 'videoTask', 'speech'];

/** A saved call's media, checked field by field (history files are untrusted). */
export function readToolMedia(value: unknown): ToolMedia {
  const m = record(value, 'toolCall.media');
  const kind = oneOf(m.kind, KINDS, 'toolCall.media.kind');
  switch (kind) {
    case 'images': {
      const files = list(m.files, 'toolCall.media.files');
      if (files.length > MAX_TOOL_MEDIA_FILES) throw new Error(t('{0}: at most {1} files', 'toolCall.media.files', MAX_TOOL_MEDIA_FILES));
      return { kind, files: files.map((f, i) => str(f, `toolCall.media.files[${i}]`)) };
    }
    case 'videoTask':
      return { kind, taskId: str(m.taskId, 'toolCall.media.taskId') };
    case 'speech':
      return m.file === undefined ? { kind } : { kind, file: str(m.file, 'toolCall.media.file') };
  }
}
