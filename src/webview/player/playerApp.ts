/** The player's page: what is being read, play / pause / stop, progress, speed, voice and tokens used. */
import type { PlayerHostMessage, PlayerWebviewMessage } from '../../protocol/playerProtocol';
import { PLAYER_SPEEDS } from '../../protocol/playerProtocol';
import { el, iconButton } from '../chat/dom';
import type { HostConnection } from '../shared/hostConnection';
import { ChunkPlayer } from './chunkPlayer';
import { t } from '../../l10n/localize';

type ReadingState = 'idle' | 'loading' | 'playing' | 'paused' | 'blocked' | 'finished' | 'stopped' | 'failed';

export class PlayerApp {
  private readonly title = el('div', { class: 'reading-title' }, t('Nothing to read yet'));
  private readonly status = el(
    'div',
    { class: 'reading-status', role: 'status', 'aria-live': 'polite' },
    t('Select text in an editor, then run "Read Selection Aloud".'),
  );
  private readonly progress = el('progress', { class: 'reading-progress', max: '1', value: '0', 'aria-label': t('Reading progress') });
  private readonly playPause = iconButton('play', t('Play'), () => this.togglePause(), { class: 'icon-button play-pause' });
  private readonly stopButton = iconButton('debug-stop', t('Stop'), () => this.host.post({ type: 'stop' }));
  private readonly speedSelect = el('select', { class: 'speed-select', 'aria-label': t('Speed'), title: t('Speed') });
  private readonly voiceButton = el('button', { type: 'button', class: 'text-button subtle voice-button', title: t('Choose the voice') });
  private readonly usage = el('div', { class: 'reading-usage' });
  private readonly audio = el('audio', { class: 'reading-audio', preload: 'auto' });
  private readonly player: ChunkPlayer;
  private readingId = -1;
  private chunkCount = 0;
  private playingIndex = 0;
  private state: ReadingState = 'idle';
  private speed = 1;

  constructor(
    root: HTMLElement,
    private readonly host: HostConnection<PlayerWebviewMessage>,
  ) {
    this.player = new ChunkPlayer(this.audio, {
      started: (index) => {
        this.playingIndex = index;
        if (!this.player.paused) this.setState('playing');
        this.post({ type: 'chunkStarted', readingId: this.readingId, index });
      },
      progress: (index, position) => {
        this.progress.value = (index + position) / Math.max(1, this.chunkCount);
        this.post({ type: 'progress', readingId: this.readingId, index, position });
      },
      ended: (index) => {
        this.post({ type: 'chunkEnded', readingId: this.readingId, index });
        if (index === this.chunkCount - 1) {
          this.progress.value = 1;
          this.setState('finished');
        } else if (!this.player.active) this.setState('loading');
      },
      pausedChanged: (paused) => {
        if (paused && this.state === 'playing') this.setState('paused');
        if (!paused && (this.state === 'paused' || this.state === 'blocked')) this.setState(this.player.active ? 'playing' : 'loading');
        this.post({ type: 'paused', readingId: this.readingId, paused });
      },
      error: (index, message) => this.post({ type: 'playbackError', readingId: this.readingId, index, message }),
      blocked: () => this.setState('blocked'),
    });
    this.voiceButton.addEventListener('click', () => this.host.post({ type: 'chooseVoice' }));
    this.speedSelect.addEventListener('change', () => {
      this.setSpeed(Number(this.speedSelect.value));
      this.host.post({ type: 'setSpeed', speed: this.speed });
    });
    root.append(
      el(
        'div',
        { class: 'player' },
        this.title,
        this.status,
        this.progress,
        el('div', { class: 'controls' }, this.playPause, this.stopButton, this.speedSelect, this.voiceButton),
        this.usage,
        this.audio,
      ),
    );
    this.setState('idle');
  }

  receive(message: PlayerHostMessage): void {
    switch (message.type) {
      case 'settings':
        this.voiceButton.textContent = t('Voice: {0}', message.voiceLabel);
        this.setSpeed(message.speed);
        break;
      case 'reading':
        this.player.reset();
        this.readingId = message.readingId;
        this.chunkCount = message.chunkCount;
        this.playingIndex = 0;
        this.title.textContent = message.title;
        this.usage.textContent = '';
        this.progress.value = 0;
        this.setState('loading');
        break;
      case 'audio':
        if (message.readingId === this.readingId) this.player.enqueue(message);
        break;
      case 'usage':
        if (message.readingId === this.readingId) this.usage.textContent = message.text;
        break;
      case 'stopped':
        if (message.readingId === this.readingId) {
          this.player.reset();
          this.setState('stopped');
        }
        break;
      case 'failed':
        if (message.readingId === this.readingId) {
          this.player.reset();
          this.setState('failed', message.message);
        }
        break;
    }
  }

  private togglePause(): void {
    if (this.player.paused) this.player.resume();
    else this.player.pause();
  }

  private setSpeed(speed: number): void {
    this.speed = speed;
    const speeds = PLAYER_SPEEDS.includes(speed) ? PLAYER_SPEEDS : [...PLAYER_SPEEDS, speed].sort((a, b) => a - b);
    this.speedSelect.replaceChildren(...speeds.map((s) => el('option', { value: String(s) }, `${s}×`)));
    this.speedSelect.value = String(speed);
    this.player.setSpeed(speed);
  }

  private setState(state: ReadingState, detail?: string): void {
    this.state = state;
    document.body.dataset.state = state;
    const parts = this.chunkCount > 1;
    const [part, of] = [this.playingIndex + 1, this.chunkCount];
    const texts: Record<ReadingState, string> = {
      idle: t('Select text in an editor, then run "Read Selection Aloud".'),
      loading: t('Loading…'),
      playing: parts ? t('Playing (part {0} of {1})', part, of) : t('Playing'),
      paused: parts ? t('Paused (part {0} of {1})', part, of) : t('Paused'),
      blocked: t('Click Play to start the sound.'),
      finished: t('Finished.'),
      stopped: t('Stopped.'),
      failed: detail ?? t('Failed.'),
    };
    this.status.textContent = texts[state];
    const live = state === 'loading' || state === 'playing' || state === 'paused' || state === 'blocked';
    const paused = !live || this.player.paused || state === 'blocked';
    setIcon(this.playPause, paused ? 'play' : 'debug-pause', paused ? t('Play') : t('Pause'));
    this.playPause.disabled = !live;
    this.stopButton.disabled = !live;
  }

  private post(message: PlayerWebviewMessage): void {
    this.host.post(message);
  }
}

function setIcon(button: HTMLButtonElement, icon: string, label: string): void {
  button.title = label;
  button.setAttribute('aria-label', label);
  button.firstElementChild?.setAttribute('class', `codicon codicon-${icon}`);
}
