/**
 * Every message between the read-aloud player's host (extension) and its
 * webview. The webview posts `ready` first; the host posts nothing before it
 * and then answers with `settings`. Each reading has an id; messages of an
 * older reading are ignored on both sides. The webview is untrusted input:
 * the host accepts a message only through `readPlayerMessage`.
 */
import { num, str } from '../chat/jsonFields';
import { SPEECH_SPEED } from '../gateway/validation/limits';
import { messageReader, type MessageReaders } from './messageReader';

/** The speeds the player's menu offers (the setting allows any within the endpoint's range). */
export const PLAYER_SPEEDS: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 3, 4];

// ---------------------------------------------------------------- host → webview

export type PlayerHostMessage =
  | { type: 'settings'; voice: string; voiceLabel: string; speed: number }
  /** A new reading starts; whatever played before is dropped. */
  | { type: 'reading'; readingId: number; title: string; chunkCount: number }
  /** One chunk's audio, in order; `speed` is the speed it was synthesized at. */
  | { type: 'audio'; readingId: number; index: number; mimeType: string; speed: number; bytes: Uint8Array }
  /** Tokens used so far (the X-Usage-* headers), in words. */
  | { type: 'usage'; readingId: number; text: string }
  | { type: 'stopped'; readingId: number }
  | { type: 'failed'; readingId: number; message: string };

// ---------------------------------------------------------------- webview → host

export type PlayerWebviewMessage =
  | { type: 'ready' }
  | { type: 'chunkStarted'; readingId: number; index: number }
  /** Playback position inside a chunk, 0 to 1 (a few times a second). */
  | { type: 'progress'; readingId: number; index: number; position: number }
  | { type: 'chunkEnded'; readingId: number; index: number }
  | { type: 'paused'; readingId: number; paused: boolean }
  /** The audio of a chunk could not be played (e.g. a format the webview cannot decode). */
  | { type: 'playbackError'; readingId: number; index: number; message: string }
  | { type: 'stop' }
  | { type: 'setSpeed'; speed: number }
  | { type: 'chooseVoice' };

/* not shown: the player page's messages are checked for bugs, which are logged */
const count = (value: unknown, what: string): number => {
  const n = num(value, what);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${what} is not a count`);
  return n;
};

/* not shown: as above */
const READERS: MessageReaders<PlayerWebviewMessage> = {
  ready: () => ({ type: 'ready' }),
  chunkStarted: (m) => ({ type: 'chunkStarted', readingId: count(m.readingId, 'readingId'), index: count(m.index, 'index') }),
  progress: (m) => {
    const position = num(m.position, 'position');
    if (position < 0 || position > 1) throw new Error('position is not between 0 and 1');
    return { type: 'progress', readingId: count(m.readingId, 'readingId'), index: count(m.index, 'index'), position };
  },
  chunkEnded: (m) => ({ type: 'chunkEnded', readingId: count(m.readingId, 'readingId'), index: count(m.index, 'index') }),
  paused: (m) => {
    if (typeof m.paused !== 'boolean') throw new Error('paused is not true or false');
    return { type: 'paused', readingId: count(m.readingId, 'readingId'), paused: m.paused };
  },
  playbackError: (m) => ({
    type: 'playbackError',
    readingId: count(m.readingId, 'readingId'),
    index: count(m.index, 'index'),
    message: str(m.message, 'message'),
  }),
  stop: () => ({ type: 'stop' }),
  setSpeed: (m) => {
    const speed = num(m.speed, 'speed');
    if (speed < SPEECH_SPEED.min || speed > SPEECH_SPEED.max) throw new Error('speed is out of range');
    return { type: 'setSpeed', speed };
  },
  chooseVoice: () => ({ type: 'chooseVoice' }),
};

export const readPlayerMessage = messageReader(READERS);
