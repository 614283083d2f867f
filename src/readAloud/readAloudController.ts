/**
 * Reads text aloud: cleans and chunks it, streams the chunks' audio into the
 * player with a bounded lookahead, highlights the sentence being read and
 * shows "Reading… (Stop)". One reading at a time; a new one stops the old.
 */
import * as vscode from 'vscode';
import type { GatewayClient } from '../gateway/client';
import type { SpeechFormat, SpeechUsage } from '../gateway/types/speech';
import { SPEECH_SPEED } from '../gateway/validation/limits';
import type { SpeechSettings } from '../platform/settings';
import type { PlayerWebviewMessage } from '../protocol/playerProtocol';
import { unhandledMessage } from '../protocol/unhandledMessage';
import { chunkForSpeech, READING_CHUNKS } from '../speech/chunking';
import type { MappedText } from '../speech/mappedText';
import { ReadingReport, ReadingSession } from '../speech/readingSession';
import { sentenceAt } from '../speech/sentenceTiming';
import { cleanForSpeech } from '../speech/speechText';
import { playbackSynthesizer } from '../speech/speechSynthesis';
import { addUsage, describeUsage } from '../speech/usage';
import { findVoice, voiceForText, voiceName } from '../speech/voices';
import type { PlayerPort } from './playerView';
import type { ReadingStatusBar } from './readingStatusBar';
import type { SentenceHighlighter } from './sentenceHighlighter';
import { t } from '../l10n/localize';

export interface ReadAloudServices {
  clients: { get(): GatewayClient };
  settings: {
    model(role: 'speech'): string;
    speech(): SpeechSettings;
    setSpeechSpeed(speed: number): Promise<void>;
    /** The most one saved speech file may hold. */
    speechFileLimitMegabytes(): number;
  };
  log: { info(message: string): void; warn(message: string): void };
}

export interface ReadRequest {
  text: string;
  /** Shown in the player. */
  title: string;
  /** Where `text` starts in a document, to highlight the sentence being read. */
  source?: { uri: vscode.Uri; offset: number };
  voice?: string;
  speed?: number;
  format?: SpeechFormat;
}

interface CurrentReading {
  id: number;
  session: ReadingSession;
  cleaned: MappedText;
  source?: ReadRequest['source'];
}

function voiceLabel(id: string): string {
  return findVoice(id) ? `${voiceName(id)} (${id})` : id;
}

export class ReadAloudController implements vscode.Disposable {
  private current: CurrentReading | undefined;
  /** A reading waiting for the player to open; Stop cancels it too. */
  private starting: { cancelled: boolean } | undefined;
  private lastId = 0;
  private speedOverride: number | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly services: ReadAloudServices,
    private readonly player: PlayerPort,
    private readonly highlighter: Pick<SentenceHighlighter, 'show' | 'clear'>,
    private readonly statusBar: Pick<ReadingStatusBar, 'show' | 'hide' | 'setPaused' | 'setUsage'>,
    private readonly chooseVoice: () => void,
  ) {
    this.subscriptions = [player.onMessage((message) => this.handle(message)), player.onDidClose(() => this.stop())];
  }

  /** Resolves when the reading ends: finished, stopped, or failed (then it throws the failure). */
  async read(request: ReadRequest): Promise<ReadingReport> {
    this.stop();
    const cleaned = cleanForSpeech(request.text);
    const chunks = chunkForSpeech(cleaned.text, READING_CHUNKS);
    if (chunks.length === 0) throw new Error(t('There is nothing to read: the text has no words.'));
    const settings = this.services.settings.speech();
    const voice = request.voice ?? voiceForText(cleaned.text, settings);
    const choice = { model: this.services.settings.model('speech'), voice, format: request.format ?? settings.format };
    const client = this.services.clients.get();
    this.speedOverride = request.speed;
    const starting = { cancelled: false };
    this.starting = starting;
    try {
      await this.player.open();
    } finally {
      if (this.starting === starting) this.starting = undefined;
    }
    if (starting.cancelled) {
      return { outcome: 'stopped', chunkCount: chunks.length, requested: 0, fetched: 0, played: 0, usage: {} };
    }
    const id = ++this.lastId;
    let usage: SpeechUsage = {};
    const session = new ReadingSession(
      chunks,
      playbackSynthesizer(client.speech, choice, () => this.speed()),
      ({ index, audio }) => this.player.post({ type: 'audio', readingId: id, index, mimeType: audio.mimeType, speed: audio.speed, bytes: audio.audio }),
      {
        onChunkFetched: (index, audio) => {
          /* not shown: for the log */
          const chunkUsage = describeUsage(audio.usage) ?? 'no usage headers';
          this.services.log.info(
            `Read aloud, part ${index + 1} of ${chunks.length} (${chunks[index].text.length} characters, ${voice}): ${chunkUsage}${audio.requestId ? `, request id ${audio.requestId}` : ''}.`,
          );
          usage = addUsage(usage, audio.usage);
          const total = describeUsage(usage);
          if (total) {
            this.player.post({ type: 'usage', readingId: id, text: total });
            this.statusBar.setUsage(total);
          }
        },
      },
    );
    this.current = { id, session, cleaned, source: request.source };
    this.player.post({ type: 'reading', readingId: id, title: request.title, chunkCount: chunks.length });
    this.statusBar.show(voiceLabel(voice));
    const report = await session.run();
    if (this.current?.id === id) this.end();
    const total = describeUsage(report.usage);
    this.services.log.info(
      `Read aloud ${report.outcome}: ${report.played} of ${report.chunkCount} parts played, ${report.fetched} fetched` +
        `${report.firstAudioMs === undefined ? '' : `, first audio after ${report.firstAudioMs} ms`}${total ? `; ${total}` : ''}.`,
    );
    if (report.outcome === 'stopped') this.player.post({ type: 'stopped', readingId: id });
    if (report.outcome === 'failed') {
      const message = report.error instanceof Error ? report.error.message : String(report.error);
      this.player.post({ type: 'failed', readingId: id, message });
      throw report.error;
    }
    return report;
  }

  /** Stops the reading: the player goes quiet and every pending request is aborted. */
  stop(): void {
    if (this.starting) this.starting.cancelled = true;
    this.current?.session.stop();
  }

  private speed(): number {
    return this.speedOverride ?? this.services.settings.speech().speed;
  }

  private handle(message: PlayerWebviewMessage): void {
    const current = this.current;
    const mine = current !== undefined && 'readingId' in message && message.readingId === current.id;
    switch (message.type) {
      case 'ready':
        this.postSettings();
        break;
      case 'chunkStarted':
        if (mine) {
          current.session.started(message.index);
          this.highlight(current, message.index, 0);
        }
        break;
      case 'progress':
        if (mine) this.highlight(current, message.index, message.position);
        break;
      case 'chunkEnded':
        if (mine) current.session.played(message.index);
        break;
      case 'paused':
        if (mine) this.statusBar.setPaused(message.paused);
        break;
      case 'playbackError':
        if (mine) this.services.log.warn(`The player could not play part ${message.index + 1}: ${message.message}`);
        break;
      case 'stop':
        this.stop();
        break;
      case 'setSpeed':
        this.speedOverride = undefined;
        void this.services.settings.setSpeechSpeed(Math.min(SPEECH_SPEED.max, Math.max(SPEECH_SPEED.min, message.speed)));
        break;
      case 'chooseVoice':
        this.chooseVoice();
        break;
      default:
        unhandledMessage(message);
    }
  }

  /** Tells the player the voice and speed (after it loads and when the settings change). */
  postSettings(): void {
    const settings = this.services.settings.speech();
    this.player.post({ type: 'settings', voice: settings.voice, voiceLabel: voiceLabel(settings.voice), speed: this.speed() });
  }

  private highlight(current: CurrentReading, index: number, position: number): void {
    const chunk = current.session.chunks[index];
    const sentence = chunk && current.source ? sentenceAt(chunk, position) : undefined;
    if (!sentence || !current.source) return;
    const { uri, offset } = current.source;
    this.highlighter.show(uri, offset + current.cleaned.toSource(sentence.start), offset + current.cleaned.toSourceEnd(sentence.end));
  }

  private end(): void {
    this.current = undefined;
    this.highlighter.clear();
    this.statusBar.hide();
  }

  dispose(): void {
    this.stop();
    this.subscriptions.forEach((s) => s.dispose());
  }
}
