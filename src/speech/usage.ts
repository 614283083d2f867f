/** Token usage of speech requests (the X-Usage-* headers), added up and put in words. */
import type { SpeechUsage } from '../gateway/types/speech';

export function addUsage(a: SpeechUsage, b: SpeechUsage): SpeechUsage {
  const sum = (x?: number, y?: number): number | undefined => (x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0));
  return { inputTokens: sum(a.inputTokens, b.inputTokens), outputTokens: sum(a.outputTokens, b.outputTokens), totalTokens: sum(a.totalTokens, b.totalTokens) };
}

/** "Tokens: 12 in + 340 out = 352"; undefined when the gateway sent no usage. */
export function describeUsage(usage: SpeechUsage): string | undefined {
  const { inputTokens, outputTokens, totalTokens } = usage;
  if (inputTokens === undefined && outputTokens === undefined && totalTokens === undefined) return undefined;
  const known = (n?: number): string => (n === undefined ? '?' : String(n));
  return `Tokens: ${known(inputTokens)} in + ${known(outputTokens)} out = ${known(totalTokens)}`;
}
