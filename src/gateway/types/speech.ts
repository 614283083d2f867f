/** Wire types of POST /v1/audio/speech. */

export type SpeechFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
  response_format?: SpeechFormat;
  speed?: number;
}

export interface SpeechUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}
