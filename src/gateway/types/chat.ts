/** Wire types of POST /v1/chat/completions (OpenAI-compatible). */

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string; name: string };

export interface JsonSchemaObject {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean;
  [key: string]: unknown;
}

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters: JsonSchemaObject; strict?: boolean };
}

/** `required`: the model must call one of the tools, whichever it likes. */
export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  /** The name OpenAI's reasoning models take instead of max_tokens (they refuse max_tokens). */
  max_completion_tokens?: number;
  top_p?: number;
  stop?: string | string[];
  presence_penalty?: number;
  frequency_penalty?: number;
  user?: string;
  tools?: ToolDefinition[];
  tool_choice?: ToolChoice;
}

/**
 * Why a choice ended. OpenAI sends 'stop', 'length', 'content_filter' and
 * 'tool_calls'; other servers send reasons of their own as they are
 * (Together's 'eos', OpenRouter's 'error'), so any text may come.
 */
export type FinishReason = string;

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: { role: 'assistant'; content: string | null | readonly unknown[]; tool_calls?: ToolCall[] } & ReasoningAndRefusal;
    logprobs?: null;
    finish_reason: FinishReason;
  }>;
  usage?: ChatUsage;
}

/** What some servers send besides the content. */
export interface ReasoningAndRefusal {
  /** The model's reasoning: DeepSeek, vLLM before late 2025, many proxies. */
  reasoning_content?: string | null;
  /** The same under the name vLLM, OpenRouter and mlx use now. */
  reasoning?: string | null;
  /** Why the model refuses to answer (OpenAI structured outputs). */
  refusal?: string | null;
}

export interface ToolCallDelta {
  /** Missing from some servers (Gemini's endpoint). */
  index?: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface ChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: Array<{
    /** Missing from some servers: then 0. */
    index?: number;
    /** `content` is a list of parts on some servers (Mistral's thinking chunks). */
    delta: { role?: 'assistant'; content?: string | null | readonly unknown[]; tool_calls?: ToolCallDelta[] } & ReasoningAndRefusal;
    finish_reason: FinishReason | null;
    logprobs?: null;
  }>;
  usage?: ChatUsage | null;
  /** Groq's own field: where its usage is when stream_options is not honoured. */
  x_groq?: { usage?: ChatUsage | null } | null;
  /** An error sent mid-stream (any of the error body shapes); the stream ends with it. */
  error?: unknown;
}
