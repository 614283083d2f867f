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

/**
 * Per list of inline tokens, the positions of the images inside a link,
 * found in one pass when the list's first image is rendered: scanning back
 * from every image took time quadratic in the images of a paragraph (a
 * paragraph of 40,000 images froze the page for seconds).
 */
const imagesInLinks = new WeakMap<Token[], ReadonlySet<number>>();

function isInsideLink(tokens: Token[], idx: number): boolean {
  let inside = imagesInLinks.get(tokens);
  if (!inside) {
    const found = new Set<number>();
    let openLinks = 0;
    tokens.forEach((token, i) => {
      if (token.type === 'link_open') openLinks++;
      else if (token.type === 'link_close') openLinks = Math.max(0, openLinks - 1);
      else if (token.type === 'image' && openLinks > 0) found.add(i);
    });
    imagesInLinks.set(tokens, found);
    inside = found;
  }
  return inside.has(idx);
}
