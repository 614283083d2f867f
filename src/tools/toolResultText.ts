/**
 * The text the model reads from what a VS Code tool returned
 * (vscode.LanguageModelToolResult's parts). The gateway's chat format
 * carries a `tool` message as text only, so: text parts as they are, JSON
 * and other text data decoded, an image or other binary part as a line
 * saying what it was and that it was not sent. Parts are read by their
 * shape, not their class, so this stays free of `vscode`. Pure.
 */

const TEXT_DATA = /^(text\/|application\/(json|xml|yaml|x-yaml|javascript)$|application\/[\w.+-]*\+(json|xml)$)/i;

/* model text */
export const EMPTY_TOOL_RESULT = '(The tool returned no content.)';

export function toolResultText(parts: readonly unknown[]): string {
  const texts = parts.map(partText).filter((text) => text !== '');
  return texts.length ? texts.join('\n') : EMPTY_TOOL_RESULT;
}

function partText(part: unknown): string {
  if (typeof part !== 'object' || part === null) return '';
  const { value, data, mimeType } = part as { value?: unknown; data?: unknown; mimeType?: unknown };
  if (typeof value === 'string') return value;
  if (data instanceof Uint8Array && typeof mimeType === 'string') return dataText(data, mimeType);
  // A prompt-tsx part (or any other structured value): its JSON.
  return value === undefined ? '' : safeJson(value);
}

/* model text */
function dataText(data: Uint8Array, mimeType: string): string {
  if (TEXT_DATA.test(mimeType)) return new TextDecoder().decode(data);
  const kind = mimeType.toLowerCase().startsWith('image/') ? 'Image' : 'Data';
  return `[${kind} (${mimeType}, ${data.length} bytes) returned by the tool: not sent, the chat format carries only text in tool results.]`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
