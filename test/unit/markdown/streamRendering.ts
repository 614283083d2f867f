/** Feeds chunks through IncrementalMarkdown the way a consumer does, returning what it would show at the end. */
import type MarkdownIt from 'markdown-it';
import { IncrementalMarkdown } from '../../../src/webview/chat/markdown/incrementalMarkdown';

export interface StreamResult {
  html: string;
  resets: number;
}

export function renderStreamed(chunks: readonly string[], options: { engine?: MarkdownIt; readTails?: boolean } = {}): StreamResult {
  const markdown = new IncrementalMarkdown(options.engine);
  let html = '';
  let resets = 0;
  const take = (update: { frozen: string[]; tail: string; reset?: boolean }): void => {
    if (update.reset) {
      html = '';
      resets++;
    }
    html += update.frozen.join('');
  };
  for (const chunk of chunks) {
    const update = markdown.append(chunk);
    take(update);
    if (options.readTails) void update.tail;
  }
  const last = markdown.finish();
  take(last);
  return { html: html + last.tail, resets };
}
