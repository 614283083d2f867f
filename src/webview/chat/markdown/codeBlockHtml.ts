/**
 * The wrapper every code block renders in. The chat UI hooks its buttons
 * onto `.code-block` and reads the code from `code.textContent`, so only the
 * (short) language name goes into an attribute.
 */
import type MarkdownIt from 'markdown-it';
import { escapeHtml } from './htmlEscape';

export const CODE_BLOCK_CLOSE = '</code></pre></div>\n';

export function codeBlockOpen(language: string): string {
  const lang = escapeHtml(language);
  const codeClass = lang ? `hljs language-${lang}` : 'hljs';
  return `<div class="code-block" data-lang="${lang}"><pre><code class="${codeClass}">`;
}

export function codeBlockHtml(language: string, codeHtml: string): string {
  return codeBlockOpen(language) + codeHtml + CODE_BLOCK_CLOSE;
}

/** The first word of a fence's info string, as markdown-it reads it. */
export function fenceLanguage(engine: MarkdownIt, info: string): string {
  return info ? (engine.utils.unescapeAll(info).trim().split(/\s+/)[0] ?? '') : '';
}
