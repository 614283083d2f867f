/**
 * How many tokens a chat model reads at most. GET /v1/models does not say:
 * the user's `genaiGateway.languageModels.tokenLimits` does, else the
 * published size of a few well-known model families; for any other model
 * it is unknown.
 */
import type { TokenLimits } from './languageModelInformation';

export interface ContextWindow {
  tokens: number;
  /** setting: the user's tokenLimits; published: the model family's published size. */
  source: 'setting' | 'published';
}

/** Input context of model families, as their makers publish it; matched on the id after any `vendor/` prefix. */
const PUBLISHED: ReadonlyArray<readonly [RegExp, number]> = [
  [/^gpt-4o(-|$)/, 128_000],
  [/^gpt-4\.1(-|$)/, 1_047_576],
  [/^o[134](-mini)?(-|$)/, 200_000],
  [/^claude-/, 200_000],
  [/^gemini-2\.[05]-/, 1_048_576],
  [/^deepseek-(chat|reasoner)$/, 128_000],
  [/^(meta-)?llama-3\.[13]-/, 128_000],
];

export function contextWindowOf(model: string, limits: Readonly<Record<string, Partial<TokenLimits>>>): ContextWindow | undefined {
  const set = limits[model]?.maxInputTokens;
  if (set !== undefined) return { tokens: set, source: 'setting' };
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  const published = PUBLISHED.find(([pattern]) => pattern.test(name));
  return published ? { tokens: published[1], source: 'published' } : undefined;
}
