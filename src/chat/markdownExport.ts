/** A conversation as a Markdown document, for "Export Conversation". */
import { t } from '../l10n/localize';
import type { AssistantTurn, Conversation, ToolCallRecord, Turn, TurnReasoning } from './conversation';
import { chipLabel, reasoningLabel, toolArgumentsText, unexplainedFinishReason, usageLine } from './conversation';
import { fenced } from './attachedContext';

export function conversationToMarkdown(conversation: Conversation): string {
  const parts = [`# ${conversation.title}`, t('Model: `{0}` · started {1}', conversation.model || t('not chosen'), isoDate(conversation.createdAt))];
  const system = conversation.params.systemPrompt.trim();
  if (system) parts.push(`## ${t('System prompt')}\n\n${quoted(system)}`);
  for (const turn of conversation.turns) parts.push(turnToMarkdown(turn));
  return `${parts.join('\n\n')}\n`;
}

function turnToMarkdown(turn: Turn): string {
  if (turn.kind === 'user') {
    const context = turn.context.map((chip) => `${chipLabel(chip)}\n\n${fenced(chip.text, chip.languageId)}`);
    return [`## ${t('You')}`, ...context, turn.text].filter((part) => part !== '').join('\n\n');
  }
  const notes = assistantNotes(turn);
  const calls = (turn.toolCalls ?? []).map(toolCallToMarkdown);
  const reasoning = turn.reasoning ? [reasoningToMarkdown(turn.reasoning)] : [];
  const refusal = turn.refusal ? [`**${t('Refused:')}** ${turn.refusal}`] : [];
  return [`## ${t('Assistant ({0})', turn.model)}`, ...reasoning, turn.text, ...refusal, ...calls, ...notes.map((note) => `_${note}_`)]
    .filter((part) => part !== '')
    .join('\n\n');
}

/** "Thought for 12 s", then the reasoning quoted. */
function reasoningToMarkdown(reasoning: TurnReasoning): string {
  return `**${reasoningLabel(reasoning)}**\n\n${quoted(reasoning.text.trim())}`;
}

/** The call's name and status, its arguments, and the result the model got. */
function toolCallToMarkdown(call: ToolCallRecord): string {
  const result = call.result === undefined ? [] : [fenced(call.result)];
  return [`**${t('Tool call `{0}`', call.name)}**: ${call.status}`, fenced(toolArgumentsText(call.arguments), 'json'), ...result].join('\n\n');
}

/** What a reader of the export should know beyond the text: how the answer ended, and its cost. */
export function assistantNotes(turn: AssistantTurn): string[] {
  const notes: string[] = [];
  if (turn.status === 'stopped') notes.push(t('Stopped by the user.'));
  if (turn.status === 'interrupted') notes.push(t('Interrupted: the answer is incomplete.'));
  if (turn.error) {
    const { message, requestId } = turn.error;
    notes.push(requestId ? t('Error: {0} (request id {1})', message, requestId) : t('Error: {0}', message));
  }
  if (turn.finishReason === 'length') notes.push(t('Cut at the maximum number of tokens.'));
  if (turn.finishReason === 'content_filter') notes.push(t('Cut by the content filter.'));
  const otherReason = unexplainedFinishReason(turn.finishReason);
  if (otherReason) notes.push(`${otherReason}.`);
  if (turn.usage) notes.push(usageLine(turn.usage));
  return notes;
}

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
