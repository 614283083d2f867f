/**
 * What a model is for, read from its id (and the model list's `owned_by`):
 * GET /v1/models says nothing else about it (gaps.md). The ids of gaps.md
 * first, then the name rules in order; the first that matches decides.
 */
import type { ModelCapability } from './catalog';

/** The kinds of work the extension asks models for; each has its default-model setting. */
export type ModelKind = 'chat' | 'image' | 'video' | 'videoTask' | 'speech';

/**
 * What the rules make of an id: a kind with its variant (the variant decides
 * the fields a request carries), a video model of a family whose fields are
 * not known (the user says which variant it takes), or a model nothing here
 * uses (embeddings, transcription, moderation, reranking).
 */
export type Recognition =
  { kind: ModelKind; capability: ModelCapability } | { kind: 'video'; capability?: undefined } | { kind: 'unused'; capability?: undefined };

/** The ids the real gateway lists (gaps.md), with the upstream ids it forwards to. */
const KNOWN_MODELS: Readonly<Record<string, ModelCapability>> = {
  'stable-image-core-1.1': 'image-basic',
  'bytedance-seedream-4': 'image-4.0',
  'seedream-4-0-250828': 'image-4.0',
  'bytedance-seedream-4-5': 'image-4.5',
  'seedream-4-5-251128': 'image-4.5',
  'veo-2': 'video-v2',
  'google-veo-3': 'video-v3',
  'google-veo-3-1': 'video-v3.1',
  'seedance-1-0-pro-250528': 'task-gen1',
  'seedance-1-0-pro-fast-251015': 'task-gen1',
  'seedance-1-0-lite-i2v-250428': 'task-gen1',
  'seedance-1-5-pro-251215': 'task-gen2',
  kokoro: 'speech',
  'tts-1': 'speech',
  'tts-1-hd': 'speech',
};

interface NameRule {
  /** Tested on the lower-cased id; names start at a word start, so `corveo` is not Veo nor `pitts` speech. */
  name: RegExp;
  /** The recognition, or a function of the id for families whose version decides the variant. */
  is: Recognition | ((id: string) => Recognition);
}

/** A name at the start of a word of the id (after `/`, `-`, `.`, a digit or the start). */
const word = (names: string): RegExp => new RegExp(`(?:^|[^a-z])(?:${names})`);

const CHAT: Recognition = { kind: 'chat', capability: 'chat' };
const SPEECH: Recognition = { kind: 'speech', capability: 'speech' };
const IMAGE: Recognition = { kind: 'image', capability: 'image-basic' };
const VIDEO: Recognition = { kind: 'video' };
const UNUSED: Recognition = { kind: 'unused' };

/**
 * In order: what is not chat first (so `gpt-4o-mini-tts` is speech and
 * `gemini-embedding-001` unused before `gpt`/`gemini` say chat), then the
 * chat families, then the words only chat models carry.
 */
const NAME_RULES: readonly NameRule[] = [
  { name: word('embed|text-embedding|voyage|rerank|bge-|e5-|gte-|moderation|whisper|transcribe|stt(?![a-z])|realtime'), is: UNUSED },
  { name: word('seedance'), is: (id) => ({ kind: 'videoTask', capability: seedanceCapability(id) }) },
  { name: word('veo'), is: (id) => ({ kind: 'video', capability: veoCapability(id) }) },
  { name: word('seedream'), is: (id) => ({ kind: 'image', capability: seedreamCapability(id) }) },
  { name: word('kokoro|tts(?![a-z])|eleven|speech|sonic(?![a-z])|orpheus|bark(?![a-z])'), is: SPEECH },
  { name: word('sora|kling|runway|gen-?[34]|wan-?[0-9x]|wanx|hailuo|video|t2v|i2v|luma|ray-?[0-9]|pika|mochi|ltx'), is: VIDEO },
  {
    name: word('image|dall-e|flux|stable-diffusion|sdxl|sd-?[0-9]|imagen|midjourney|ideogram|recraft|playground-v|kandinsky|hidream|cogview'),
    is: IMAGE,
  },
  { name: word('gpt-?(?:3|4|5|oss)|chatgpt|o[1-9](?:-|$)|codex'), is: CHAT },
  { name: word('claude|gemini|gemma|llama|codellama|mistral|mixtral|codestral|ministral|magistral|pixtral|devstral'), is: CHAT },
  { name: word('qwen|qwq|qvq|deepseek|grok|command-?[ra]|c4ai|aya|phi-?[0-9]|yi-|glm|chatglm|kimi|moonshot|ernie|doubao'), is: CHAT },
  { name: word('nemotron|granite|olmo|sonar|jamba|dbrx|hermes|minimax|abab|baichuan|hunyuan|internlm|falcon|starcoder|zephyr|solar'), is: CHAT },
  { name: word('chat|instruct|coder|reasoner'), is: CHAT },
];

/** Vendors (the model list's `owned_by`) that offer only chat models under names the rules do not know. */
const CHAT_VENDORS: ReadonlySet<string> = new Set([
  'anthropic',
  'deepseek',
  'mistral',
  'mistralai',
  'meta',
  'meta-llama',
  'qwen',
  'xai',
  'x-ai',
  'cohere',
  'moonshotai',
  'perplexity',
  '01-ai',
]);

/** What the id (and its vendor) says the model is; undefined when nothing does. */
export function recogniseModel(id: string, ownedBy?: string): Recognition | undefined {
  const lower = id.trim().toLowerCase();
  const known = KNOWN_MODELS[lower];
  if (known !== undefined) return { kind: KIND_OF_CAPABILITY[known], capability: known };
  const rule = NAME_RULES.find((r) => r.name.test(lower));
  if (rule) return typeof rule.is === 'function' ? rule.is(lower) : rule.is;
  return ownedBy !== undefined && CHAT_VENDORS.has(ownedBy.trim().toLowerCase()) ? CHAT : undefined;
}

/** The kind of work each capability does (and whose default-model setting it fills). */
export const KIND_OF_CAPABILITY: Readonly<Record<ModelCapability, ModelKind>> = {
  chat: 'chat',
  'image-basic': 'image',
  'image-4.0': 'image',
  'image-4.5': 'image',
  'video-v2': 'video',
  'video-v3': 'video',
  'video-v3.1': 'video',
  'task-gen1': 'videoTask',
  'task-gen2': 'videoTask',
  speech: 'speech',
};

export interface Version {
  major: number;
  /** 0 when the id gives only a major version, as in `bytedance-seedream-4`. */
  minor: number;
  explicit: boolean;
}

/**
 * The version after a family name: `seedream-4-5-251128` gives 4.5,
 * `veo-3.0-generate` 3.0, `seedream-4-250828` 4.0 (a minor version is one
 * digit, so a date suffix is not taken for one). Undefined when no word of
 * the id starts with the family name; `explicit` is false when it carries no number.
 */
export function familyVersion(id: string, family: string): Version | undefined {
  const found = new RegExp(`(?:^|[^a-z])${family}`).exec(id);
  if (!found) return undefined;
  const match = /^[-_ .]?v?(\d+)(?:[-_.](\d)(?!\d))?/.exec(id.slice(found.index + found[0].length));
  if (!match) return { major: 0, minor: 0, explicit: false };
  return { major: Number(match[1]), minor: Number(match[2] ?? 0), explicit: true };
}

function atLeast(version: Version, major: number, minor: number): boolean {
  return version.major > major || (version.major === major && version.minor >= minor);
}

// An unversioned or newer-than-known id gets the newest rules of its family.

function seedanceCapability(id: string): ModelCapability {
  const version = familyVersion(id, 'seedance');
  return !version?.explicit || atLeast(version, 1, 5) ? 'task-gen2' : 'task-gen1';
}

function veoCapability(id: string): ModelCapability {
  const version = familyVersion(id, 'veo');
  if (!version?.explicit || atLeast(version, 3, 1)) return 'video-v3.1';
  return version.major >= 3 ? 'video-v3' : 'video-v2';
}

function seedreamCapability(id: string): ModelCapability {
  const version = familyVersion(id, 'seedream');
  if (!version?.explicit || atLeast(version, 4, 5)) return 'image-4.5';
  return version.major === 4 ? 'image-4.0' : 'image-basic';
}
