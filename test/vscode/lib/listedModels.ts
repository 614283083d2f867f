// Model ids other OpenAI-compatible gateways list, added to the emulator's list (extraModels) where a test reads a picker.
// The emulator serves none of them: they are for the pickers only.

/** Chat models of the common families, as their vendors name them. */
export const MORE_CHAT_MODELS = ['claude-sonnet-4-5', 'gemini-2.5-pro', 'deepseek-chat'];

/** Models no chat picker may offer: image, video, speech and embedding models. */
export const NOT_CHAT_MODELS = ['dall-e-3', 'gpt-image-1', 'sora-2', 'kling-v2-1', 'gpt-4o-mini-tts', 'text-embedding-3-small'];

/** An id nothing recognises: offered under "Other" by every picker. */
export const UNKNOWN_MODEL = 'acme-assistant-v2';

export const LISTED_ELSEWHERE = [...MORE_CHAT_MODELS, ...NOT_CHAT_MODELS, UNKNOWN_MODEL];
