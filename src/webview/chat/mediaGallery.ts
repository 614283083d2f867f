/**
 * What a media tool call made, under its card: a grid of thumbnails (files
 * of the output folder, loaded lazily and sized by CSS), a video task's live
 * status and, once it succeeded, its last frame with what it made, Play and Extend, or a
 * reading's Read again / Stop. Buttons post actions naming the call and an
 * index; the host finds the file.
 */
import type { ImageView, MediaAction, MediaView, VideoTaskState, VideoTaskView } from '../../protocol/chatMediaProtocol';
import { el, iconButton, textButton } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';

/** The chat's media views by call id, and what is being read aloud: kept across re-renders of one conversation. */
export class MediaState {
  readonly views = new Map<string, MediaView>();
  readingId: string | undefined;
}

const TASK_STATES: Record<VideoTaskState, { label: string; icon: string }> = {
  queued: { label: t('Queued'), icon: 'clock' },
  running: { label: t('Generating'), icon: 'loading codicon-modifier-spin' },
  succeeded: { label: t('Succeeded'), icon: 'pass' },
  failed: { label: t('Failed'), icon: 'error' },
  cancelled: { label: t('Cancelled'), icon: 'circle-slash' },
  expired: { label: t('Expired'), icon: 'history' },
  unrecognised: { label: t('Status not recognised'), icon: 'warning' },
  unknown: { label: t('Not followed here (another gateway, or removed)'), icon: 'question' },
};

const MISSING: Record<NonNullable<ImageView['missing']>, string> = {
  deleted: t('File deleted'),
  outside: t('Outside the output folder'),
};

export class ToolMediaPanel {
  readonly element = el('div', { class: 'tool-media' });
  private view: MediaView | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly callId: string,
    private readonly host: HostConnection,
  ) {}

  show(view: MediaView, readingId: string | undefined): void {
    this.view = view;
    this.stopTicking();
    if (view.kind === 'images') this.element.replaceChildren(this.gallery(view.images));
    else if (view.kind === 'videoTask') this.element.replaceChildren(...this.task(view.task));
    else this.showReading(readingId);
  }

  /** Redraws a reading's controls when what is being read changed. */
  showReading(readingId: string | undefined): void {
    const view = this.view;
    if (view?.kind !== 'speech') return;
    const reading = readingId === this.callId;
    const control = reading
      ? textButton('debug-stop', t('Stop'), () => this.host.post({ type: 'stopReading' }), { class: 'text-button subtle' })
      : textButton('play', t('Read again'), () => this.act('readAgain'), { class: 'text-button subtle' });
    const file = view.file;
    this.element.replaceChildren(
      el(
        'div',
        { class: 'media-actions' },
        el('span', { class: `codicon codicon-${reading ? 'unmute' : 'mute'}`, 'aria-hidden': 'true' }),
        file
          ? el('span', { class: `media-file${file.missing ? ' missing' : ''}` }, file.missing ? t('{0} (deleted)', file.name) : file.name)
          : el('span', { class: 'media-note' }, reading ? t('Reading aloud…') : t('Read aloud')),
        control,
        file && !file.missing ? textButton('go-to-file', t('Open'), () => this.act('open'), { class: 'text-button subtle' }) : undefined,
        file && !file.missing ? iconButton('folder-opened', t('Reveal'), () => this.act('reveal')) : undefined,
      ),
    );
  }

  dispose(): void {
    this.stopTicking();
  }

  private gallery(images: ImageView[]): HTMLElement {
    const single = images.length === 1;
    return el(
      'div',
      { class: `media-grid${single ? ' single' : ''}`, role: 'list', 'aria-label': single ? t('1 generated image') : t('{0} generated images', images.length) },
      ...images.map((image, i) => this.tile(image, i)),
    );
  }

  private tile(image: ImageView, index: number): HTMLElement {
    if (!image.src) {
      return el(
        'div',
        { class: 'media-tile missing', role: 'listitem', title: image.name },
        el('span', { class: 'codicon codicon-file-media', 'aria-hidden': 'true' }),
        el('span', {}, MISSING[image.missing ?? 'deleted']),
      );
    }
    const picture = thumbnail(image.src, image.name);
    // Deleted after it was shown: the same placeholder as on replay.
    picture.addEventListener('error', () => picture.replaceWith(el('span', { class: 'codicon codicon-file-media', 'aria-hidden': 'true' })), { once: true });
    const open = el('button', { type: 'button', class: 'media-thumb', title: t('Open {0}', image.name), 'aria-label': t('Open {0}', image.name) }, picture);
    open.addEventListener('click', () => this.act('open', index));
    const actions = el(
      'div',
      { class: 'media-tile-actions' },
      iconButton('save-as', t('Save As…'), () => this.act('saveAs', index)),
      iconButton('folder-opened', t('Reveal'), () => this.act('reveal', index)),
      iconButton('sparkle', t('Use as reference'), () => this.act('useAsReference', index)),
      iconButton('device-camera-video', t('Use as first frame'), () => this.act('useAsFirstFrame', index)),
    );
    return el('div', { class: 'media-tile', role: 'listitem' }, open, actions);
  }

  private task(task: VideoTaskView): HTMLElement[] {
    const state = TASK_STATES[task.state];
    const time = el('span', { class: 'task-time' });
    const line = el(
      'div',
      { class: `task-line task-${task.state}`, role: 'status' },
      el('span', { class: `codicon codicon-${state.icon}`, 'aria-hidden': 'true' }),
      el('span', { class: 'task-state' }, state.label),
      time,
      el('span', { class: 'task-label', title: task.taskId }, task.label),
    );
    if (task.startedAt !== undefined) this.tick(time, task.startedAt);
    else if (task.tookMs !== undefined) time.textContent = t('in {0}', clockTime(task.tookMs));
    const parts: HTMLElement[] = [line];
    if (task.error) parts.push(el('div', { class: 'task-error' }, task.error));
    if (task.state === 'succeeded') parts.push(this.result(task));
    return parts;
  }

  /** The last frame (when saved) with Play over it, and the actions; Play and Extend download a video not saved yet. */
  private result(task: VideoTaskView): HTMLElement {
    const play = (): void => this.act('play');
    const poster = el('button', {
      type: 'button',
      class: 'media-thumb video-poster',
      title: t('Play'),
      'aria-label': task.video ? t('Play {0}', task.video) : t('Play the video'),
    });
    if (task.poster) poster.append(thumbnail(task.poster, ''));
    poster.append(el('span', { class: 'codicon codicon-play-circle play-overlay', 'aria-hidden': 'true' }));
    poster.addEventListener('click', play);
    const saved = task.video !== undefined;
    return el(
      'div',
      { class: 'task-result' },
      poster,
      task.generated ? el('div', { class: 'media-note task-generated' }, t('Generated: {0}', task.generated)) : undefined,
      el(
        'div',
        { class: 'media-actions' },
        textButton('play', saved ? t('Play') : t('Download and play'), play, { class: 'text-button primary' }),
        textButton('debug-continue', t('Extend'), () => this.act('extend'), { class: 'text-button subtle' }),
        saved ? iconButton('folder-opened', t('Reveal'), () => this.act('reveal')) : undefined,
      ),
    );
  }

  /** The elapsed time, redrawn each second while the task is unfinished and on screen. */
  private tick(time: HTMLElement, startedAt: number): void {
    const draw = (): void => {
      time.textContent = clockTime(Date.now() - startedAt);
    };
    draw();
    this.ticker = setInterval(() => (this.element.isConnected ? draw() : this.stopTicking()), 1000);
  }

  private stopTicking(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private act(action: MediaAction, index = 0): void {
    this.host.post({ type: 'mediaAction', callId: this.callId, action, index });
  }
}

/**
 * Sized by CSS and loaded only near the screen. Measured (bench #2): drawing
 * thumbnails into small canvases instead kept more memory, since Chromium
 * gives decoded pictures of <img> elements back under memory pressure.
 */
function thumbnail(src: string, alt: string): HTMLImageElement {
  return el('img', { class: 'thumbnail', src, alt, loading: 'lazy', decoding: 'async' });
}

/** A stopwatch's reading: `0:07`, `2:05`, `1:02:09`. */
function clockTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
