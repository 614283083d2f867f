/**
 * The JSON sidecar saved beside each result: what is needed to reproduce it.
 * It never holds an input's bytes (data URLs, base64): each input is
 * recorded as `{"file": "<workspace-relative path>"}` in its place.
 */
import type { EncodedInput } from '../forms/formRequest';
import type { MediaVariant } from '../forms/formFields';

/* not shown */
export const SIDECAR_GENERATOR = 'GenAI Gateway for VS Code';

/** `request` with each input's data URL or base64 replaced by `{"file": shownAs(path)}`. */
export function recordedRequest(request: object, inputs: readonly EncodedInput[], shownAs: (path: string) => string): unknown {
  const byBase64 = new Map(inputs.map((input) => [input.base64, shownAs(input.path)]));
  const record = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const file = byBase64.get(value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value);
      return file === undefined ? value : { file };
    }
    if (Array.isArray(value)) return value.map(record);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, record(item)]));
    }
    return value;
  };
  return record(request);
}

export interface SidecarFacts {
  endpoint: string;
  model: string;
  variant: MediaVariant;
  prompt: string;
  /** The request as recordedRequest gives it. */
  request: unknown;
  /** Input files by field, workspace-relative. */
  inputs: Readonly<Record<string, readonly string[]>>;
  seed?: number;
  revisedPrompt?: string;
  /** Of the whole request (a set shares it). */
  usage?: unknown;
  /** Position in a set, 1-based, and the size of the set. */
  member?: { index: number; of: number };
  requestId?: string;
  createdAt: Date;
}

export function sidecarContent(facts: SidecarFacts): object {
  return {
    generator: SIDECAR_GENERATOR,
    created_at: facts.createdAt.toISOString(),
    endpoint: facts.endpoint,
    model: facts.model,
    variant: facts.variant,
    prompt: facts.prompt,
    seed: facts.seed ?? null,
    revised_prompt: facts.revisedPrompt ?? null,
    usage: facts.usage ?? null,
    ...(facts.member ? { member: facts.member } : {}),
    inputs: facts.inputs,
    request: facts.request,
    ...(facts.requestId ? { request_id: facts.requestId } : {}),
  };
}
