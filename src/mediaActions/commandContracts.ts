/**
 * The arguments and results of the media features' commands when a caller
 * (MediaActions, an integration test) runs them with arguments instead of
 * their forms. Types only: the features check what they are given.
 */
import type { SpeechFormat, SpeechUsage } from '../gateway/types/speech';

/** As a caller writes it (paths may also be vscode.Uri objects; mediaGeneration checks them in parseCommandArgs). */
export interface GenerateCommandArgs {
  prompt?: string;
  /** Default: the model setting of the kind (genaiGateway.models.image / .video). */
  model?: string;
  /** Request fields by name, e.g. `{ size: '2K', seed: 7 }`; `max_images` for `sequential_image_generation_options.max_images`. */
  fields?: Record<string, unknown>;
  /** Input files by field (`image`, `last_frame`, `reference_images`, `video`): absolute or workspace-relative paths, or file URIs. */
  inputs?: Record<string, unknown[]>;
  /** Show the guided form, prefilled with these arguments; default false. */
  interactive?: boolean;
  /** Open each result in an editor; default true. */
  openResults?: boolean;
  /** A vscode.CancellationToken: cancels like the progress notification's Cancel. */
  cancellation?: CancellationLike;
}

/** What the commands need of a vscode.CancellationToken. */
export interface CancellationLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: (event: unknown) => unknown): { dispose(): unknown };
}

/** What the commands give back. */
export interface GenerateCommandResult {
  /** The saved images or videos. */
  files: string[];
  /** The JSON sidecar of each file, in the same order. */
  sidecars: string[];
  /** Members of a set that failed (the others were kept). */
  failed: FailedMember[];
  /** Cancelled while downloading a set: the files saved before are kept. */
  cancelled: boolean;
  /** Saved videos with AAC audio, which plays silently inside VS Code. */
  silentAudio: string[];
  requestId?: string;
  /** What the gateway says it generated, where it says. */
  generated?: string;
}

/** A member of an image set that failed; the others were kept. */
export interface FailedMember {
  member: number;
  message: string;
}

/** Arguments of the read and save commands; any left out come from the selection and the settings. */
export interface SpeechCommandArgs {
  text?: string;
  voice?: string;
  speed?: number;
  format?: SpeechFormat;
  /** Throw a failure to the caller instead of showing it (callers that report it themselves, e.g. chat tools). */
  throwErrors?: boolean;
}

/** What the save command gives back: the audio file, how many requests made it, what they used. */
export interface SavedSpeech {
  path: string;
  parts: number;
  usage: SpeechUsage;
  /** Present when the file reached its size limit (genaiGateway.speech.maxFileMegabytes): why it holds only the first parts. */
  cutNote?: string;
}
