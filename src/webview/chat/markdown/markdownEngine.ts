/**
 * The markdown-it configuration for chat answers: no raw HTML, links only
 * with a scheme (file names such as README.md stay text), no script, file
 * or data links, highlighted code in a `.code-block` wrapper, images as links,
 * no style attributes.
 */
import MarkdownIt from 'markdown-it';
import { codeBlockHtml, fenceLanguage } from './codeBlockHtml';
import { highlightCode } from './codeHighlighter';
import { escapeHtml } from './htmlEscape';
import { isAllowedLinkTarget } from './linkPolicy';
import { installLinkRendering } from './linkRendering';

export function createMarkdownEngine(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.linkify.set({ fuzzyLink: false });
  md.validateLink = isAllowedLinkTarget;
  md.renderer.rules.fence = (tokens, idx) => {
    const token = tokens[idx]!;
    const language = fenceLanguage(md, token.info);
    return codeBlockHtml(language, highlightCode(token.content, language));
  };
  md.renderer.rules.code_block = (tokens, idx) => codeBlockHtml('', escapeHtml(tokens[idx]!.content));
  // The page's CSP refuses style attributes: a table cell's alignment is a class.
  md.renderer.rules.th_open = md.renderer.rules.td_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    const align = /^text-align:(left|right|center)$/.exec(token.attrGet('style') ?? '')?.[1];
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    if (align) token.attrJoin('class', `align-${align}`);
    return self.renderToken(tokens, idx, options);
  };
  installLinkRendering(md);
  return md;
}

let shared: MarkdownIt | undefined;

/** One engine for the whole webview; it holds no per-document state. */
export function sharedMarkdownEngine(): MarkdownIt {
  shared ??= createMarkdownEngine();
  return shared;
}

/** One-shot render of a whole message: the reference the incremental renderer must match. */
export function renderMarkdown(text: string): string {
  return sharedMarkdownEngine().render(text);
}
