/**
 * Links and images as the webview shows them. A link keeps its target in
 * `data-href` and has no `href`: the VS Code webview host opens (or, for
 * `#`, scrolls to) any anchor with an href by itself, and links must go
 * through the extension instead (see installLinkHandler). Images are never
 * loaded: they become a link naming the alt text and the address.
 */
import type MarkdownIt from 'markdown-it';
import { escapeHtml } from './htmlEscape';

type Token = MarkdownIt.Token;

export function installLinkRendering(md: MarkdownIt): void {
  md.renderer.rules.link_open = (tokens, idx) => {
    const token = tokens[idx]!;
    const href = token.attrGet('href') ?? '';
    return `<a${linkAttributes(href, tooltip(md.normalizeLinkText(href), token.attrGet('title')))}>`;
  };

  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const src = token.attrGet('src') ?? '';
    const shownSrc = md.normalizeLinkText(src);
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const label = escapeHtml(alt ? `${alt} (${shownSrc})` : shownSrc);
    // An anchor inside an anchor would be split apart by the HTML parser.
    if (isInsideLink(tokens, idx)) return `<span class="image-link" title="${escapeHtml(shownSrc)}">${label}</span>`;
    return `<a class="image-link"${linkAttributes(src, tooltip(shownSrc, token.attrGet('title')))}>${label}</a>`;
  };
}

/** The real address always comes first: a markdown title could otherwise claim the link goes elsewhere. */
function tooltip(shownHref: string, title: string | null): string {
  return title ? `${shownHref} — ${title}` : shownHref;
}

function linkAttributes(href: string, title: string): string {
  return ` data-href="${escapeHtml(href)}" title="${escapeHtml(title)}" role="link" tabindex="0"`;
}

function isInsideLink(tokens: Token[], idx: number): boolean {
  let closedLinks = 0;
  for (let i = idx - 1; i >= 0; i--) {
    const type = tokens[i]!.type;
    if (type === 'link_close') closedLinks++;
    else if (type === 'link_open' && closedLinks-- === 0) return true;
  }
  return false;
}
