/** Validation of POST /v1/chat/completions before sending. */
import { t } from '../../l10n/localize';
import type { ChatRequest } from '../types/chat';
import { CHAT_PENALTY, CHAT_STOP_MAX, CHAT_TEMPERATURE, CHAT_TOP_P } from './limits';
import { arrayOf, fail, integerInRange, numberInRange, text } from './rules';
import { validateMessages } from './chatMessages';
import { validateToolChoice, validateTools } from './chatTools';

export function validateChatRequest(req: ChatRequest): void {
  text('model', req.model, { required: true });
  validateMessages(req.messages);
  validateStop(req.stop);
  numberInRange('temperature', req.temperature, CHAT_TEMPERATURE.min, CHAT_TEMPERATURE.max);
  numberInRange('top_p', req.top_p, CHAT_TOP_P.min, CHAT_TOP_P.max);
  numberInRange('presence_penalty', req.presence_penalty, CHAT_PENALTY.min, CHAT_PENALTY.max);
  numberInRange('frequency_penalty', req.frequency_penalty, CHAT_PENALTY.min, CHAT_PENALTY.max);
  integerInRange('max_tokens', req.max_tokens, 1, Infinity);
  integerInRange('max_completion_tokens', req.max_completion_tokens, 1, Infinity);
  text('user', req.user);
  const toolNames = validateTools(req.tools);
  validateToolChoice(req.tool_choice, toolNames);
}

function validateStop(stop: unknown): void {
  const allowed = t('a non-empty text, or a list of 1 to {0} non-empty texts', CHAT_STOP_MAX);
  if (stop === undefined) return;
  if (typeof stop === 'string') {
    if (stop === '') fail('stop', stop, allowed);
    return;
  }
  if (!Array.isArray(stop)) fail('stop', stop, allowed);
  arrayOf('stop', stop, 1, CHAT_STOP_MAX);
  stop.forEach((sequence, i) => {
    if (typeof sequence !== 'string' || sequence === '') fail(`stop[${i}]`, sequence, t('a non-empty text'));
  });
}
