/** Token counts estimated without the model's tokenizer, which the gateway does not expose. */
import type { LanguageModelMessage, LanguageModelPart } from './languageModelRequest';

/** Common BPE vocabularies average about 4 characters a token on English text and code. */
const CHARACTERS_PER_TOKEN = 4;
/** The role and separators each message costs besides its content. */
const TOKENS_PER_MESSAGE = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

export function estimateMessageTokens(message: LanguageModelMessage): number {
  return message.parts.reduce((sum, part) => sum + estimateTokens(partText(part)), TOKENS_PER_MESSAGE);
}

function partText(part: LanguageModelPart): string {
  switch (part.kind) {
    case 'text':
      return part.text;
    case 'toolCall':
      return part.name + JSON.stringify(part.input);
    case 'toolResult':
      return part.content;
  }
}
