import { SentencePlan } from './speech-plan';

const PEAK_AMPLITUDE = 0.3 * 32767;
const RAMP_SECONDS = 0.005;
/** A little second harmonic makes the tones less like a test signal and more like a voice. */
const SECOND_HARMONIC = 0.25;

/** 16-bit mono samples of one sentence; each tone fades in and out to avoid clicks. */
export function renderSentence(plan: SentencePlan, sampleRate: number): Int16Array {
  const samples = new Int16Array(plan.sampleCount);
  for (const tone of plan.tones) {
    if (tone.frequencyHz === 0) {
      continue;
    }
    const step = (2 * Math.PI * tone.frequencyHz) / sampleRate;
    const ramp = Math.max(1, Math.min(Math.round(RAMP_SECONDS * sampleRate), Math.floor(tone.sampleCount / 4)));
    // sin(n*w) by the recurrence s[n+1] = 2cos(w)s[n] - s[n-1]: far cheaper than Math.sin per sample.
    const fundamental = new SineOscillator(step);
    const harmonic = new SineOscillator(2 * step);
    for (let i = 0; i < tone.sampleCount; i++) {
      const envelope = Math.min(1, i / ramp, (tone.sampleCount - 1 - i) / ramp);
      const value = fundamental.next() + SECOND_HARMONIC * harmonic.next();
      samples[tone.startSample + i] = Math.round(PEAK_AMPLITUDE * envelope * value);
    }
  }
  return samples;
}

class SineOscillator {
  private readonly coefficient: number;
  private previous: number;
  private current = 0;

  constructor(radiansPerSample: number) {
    this.coefficient = 2 * Math.cos(radiansPerSample);
    this.previous = -Math.sin(radiansPerSample);
  }

  /** sin(0), sin(w), sin(2w), ... */
  next(): number {
    const value = this.current;
    this.current = this.coefficient * this.current - this.previous;
    this.previous = value;
    return value;
  }
}

/** The samples as signed 16-bit little-endian bytes (Node runs little-endian on every supported platform). */
export function toS16le(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}
