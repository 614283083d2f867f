/** A conversation as a Markdown document, for "Export Conversation". */
import type { AssistantTurn, Conversation, ToolCallRecord, Turn, TurnReasoning } from './conversation';
import { chipLabel, reasoningLabel, toolArgumentsText, unexplainedFinishReason, usageLine } from './conversation';
import { fenced } from './attachedContext';

export function conversationToMarkdown(conversation: Conversation): string {
  const parts = [`# ${conversation.title}`, `Model: \`${conversation.model || 'not chosen'}\` · started ${isoDate(conversation.createdAt)}`];
  const system = conversation.params.systemPrompt.trim();
  if (system) parts.push(`## System prompt\n\n${quoted(system)}`);
  for (const turn of conversation.turns) parts.push(turnToMarkdown(turn));
  return `${parts.join('\n\n')}\n`;
}

function turnToMarkdown(turn: Turn): string {
  if (turn.kind === 'user') {
    const context = turn.context.map((chip) => `${chipLabel(chip)}\n\n${fenced(chip.text, chip.languageId)}`);
    return ['## You', ...context, turn.text].filter((part) => part !== '').join('\n\n');
  }
  const notes = assistantNotes(turn);
  const calls = (turn.toolCalls ?? []).map(toolCallToMarkdown);
  const reasoning = turn.reasoning ? [reasoningToMarkdown(turn.reasoning)] : [];
  const refusal = turn.refusal ? [`**Refused:** ${turn.refusal}`] : [];
  return [`## Assistant (${turn.model})`, ...reasoning, turn.text, ...refusal, ...calls, ...notes.map((note) => `_${note}_`)]
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
  return [`**Tool call \`${call.name}\`**: ${call.status}`, fenced(toolArgumentsText(call.arguments), 'json'), ...result].join('\n\n');
}

/** What a reader of the export should know beyond the text: how the answer ended, and its cost. */
export function assistantNotes(turn: AssistantTurn): string[] {
  const notes: string[] = [];
  if (turn.status === 'stopped') notes.push('Stopped by the user.');
  if (turn.status === 'interrupted') notes.push('Interrupted: the answer is incomplete.');
  if (turn.error) notes.push(`Error: ${turn.error.message}${turn.error.requestId ? ` (request id ${turn.error.requestId})` : ''}`);
  if (turn.finishReason === 'length') notes.push('Cut at the maximum number of tokens.');
  if (turn.finishReason === 'content_filter') notes.push('Cut by the content filter.');
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
