/**
 * The second line of defence after markdown-it (which already escapes all
 * raw HTML): only the tags and attributes the engine emits survive. A
 * dedicated DOMPurify instance keeps these hooks away from other users.
 */
import DOMPurify, { type Config } from 'dompurify';
import { isAllowedLinkTarget } from './linkPolicy';

const purifier = DOMPurify(window);

const CONFIG: Config = {
  ALLOWED_TAGS: [
    'a', 'blockquote', 'br', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'li', 'ol', 'p', 'pre',
    's', 'span', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
  ],
  ALLOWED_ATTR: ['class', 'data-href', 'data-lang', 'role', 'start', 'style', 'tabindex', 'title'],
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'img'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** Table cells carry their alignment as `style="text-align:…"`; no other style passes. */
const TABLE_ALIGNMENT = /^text-align:(?:left|right|center)$/;

purifier.addHook('uponSanitizeAttribute', (_node, event) => {
  // DOMPurify checks URLs in href/src only; data-href is ours to check.
  if (event.attrName === 'data-href' && !isAllowedLinkTarget(event.attrValue)) event.keepAttr = false;
  if (event.attrName === 'style' && !TABLE_ALIGNMENT.test(event.attrValue)) event.keepAttr = false;
});

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}

export function sanitizeToFragment(html: string): DocumentFragment {
  return purifier.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}
