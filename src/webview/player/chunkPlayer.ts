/**
 * Plays a reading's chunks one after another on one <audio> element, each
 * from a Blob URL (the CSP allows media from blob: only), revoking each URL
 * when its chunk is done. A chunk synthesized at another speed than the one
 * now chosen plays at the corrected rate.
 */
import { t } from '../../l10n/localize';

export interface AudioChunk {
  index: number;
  bytes: Uint8Array;
  mimeType: string;
  /** The speed it was synthesized at. */
  speed: number;
}

export interface ChunkPlayerEvents {
  /** The chunk's sound has begun (the element is playing it). */
  started(index: number): void;
  progress(index: number, position: number): void;
  ended(index: number): void;
  pausedChanged(paused: boolean): void;
  error(index: number, message: string): void;
  /** The browser refused to start without a user gesture: a click on Play will. */
  blocked(): void;
}

/** Chromium's playbackRate bounds. */
const MIN_RATE = 0.0625;
const MAX_RATE = 16;

export class ChunkPlayer {
  private readonly queue: AudioChunk[] = [];
  private current: { chunk: AudioChunk; url: string; sounded: boolean } | undefined;
  private userPaused = false;
  private speed = 1;

  constructor(
    readonly audio: HTMLAudioElement,
    private readonly events: ChunkPlayerEvents,
  ) {
    audio.addEventListener('ended', () => this.finishCurrent());
    audio.addEventListener('playing', () => {
      if (!this.current || this.current.sounded) return;
      this.current.sounded = true;
      events.started(this.current.chunk.index);
    });
    audio.addEventListener('timeupdate', () => {
      const { current } = this;
      if (current && Number.isFinite(audio.duration) && audio.duration > 0) {
        events.progress(current.chunk.index, Math.min(1, audio.currentTime / audio.duration));
      }
    });
    audio.addEventListener('error', () => {
      if (!this.current) return;
      const index = this.current.chunk.index;
      events.error(index, audio.error?.message || t('This audio ({0}) cannot be played here.', this.current.chunk.mimeType));
      this.finishCurrent();
    });
  }

  get paused(): boolean {
    return this.userPaused;
  }

  /** Something is loaded or waiting to play. */
  get active(): boolean {
    return this.current !== undefined || this.queue.length > 0;
  }

  enqueue(chunk: AudioChunk): void {
    this.queue.push(chunk);
    if (!this.current) this.playNext();
  }

  /** Drops everything, playing or queued. */
  reset(): void {
    this.queue.length = 0;
    this.unload();
    this.setPaused(false);
  }

  pause(): void {
    this.audio.pause();
    this.setPaused(true);
  }

  resume(): void {
    this.setPaused(false);
    if (this.current) this.start();
    else this.playNext();
  }

  setSpeed(speed: number): void {
    this.speed = speed;
    if (this.current) this.applyRate(this.current.chunk);
  }

  private playNext(): void {
    const chunk = this.queue.shift();
    if (!chunk) return;
    const url = URL.createObjectURL(new Blob([new Uint8Array(chunk.bytes)], { type: chunk.mimeType }));
    this.current = { chunk, url, sounded: false };
    this.audio.src = url;
    this.applyRate(chunk);
    if (!this.userPaused) this.start();
  }

  private start(): void {
    this.audio.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        this.setPaused(true);
        this.events.blocked();
      }
      // Other failures (e.g. an undecodable format) arrive as the element's 'error' event.
    });
  }

  private finishCurrent(): void {
    const finished = this.current;
    this.unload();
    if (finished) this.events.ended(finished.chunk.index);
    this.playNext();
  }

  private unload(): void {
    if (!this.current) return;
    URL.revokeObjectURL(this.current.url);
    this.current = undefined;
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
  }

  /** Setting src resets the rate, so it is applied for every chunk. */
  private applyRate(chunk: AudioChunk): void {
    const rate = Math.min(MAX_RATE, Math.max(MIN_RATE, this.speed / chunk.speed));
    this.audio.defaultPlaybackRate = rate;
    this.audio.playbackRate = rate;
  }

  private setPaused(paused: boolean): void {
    if (this.userPaused === paused) return;
    this.userPaused = paused;
    this.events.pausedChanged(paused);
  }
}
