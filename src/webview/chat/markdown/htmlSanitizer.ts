/**
 * The second line of defence after markdown-it (which already escapes all
 * raw HTML): only the tags and attributes the engine emits survive. A
 * dedicated DOMPurify instance keeps this configuration and its hook away
 * from other users, and is configured once (passing a configuration to
 * every sanitize call makes DOMPurify parse it again each time).
 */
import DOMPurify, { type Config } from 'dompurify';
import { isAllowedLinkTarget } from './linkPolicy';

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [
    'a',
    'blockquote',
    'br',
    'code',
    'div',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'li',
    'ol',
    'p',
    'pre',
    's',
    'span',
    'strong',
    'table',
    'tbody',
    'td',
    'th',
    'thead',
    'tr',
    'ul',
  ],
  ALLOWED_ATTR: ['class', 'data-href', 'data-lang', 'role', 'start', 'tabindex', 'title'],
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'img'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
};

const purifier = DOMPurify(window);
purifier.addHook('uponSanitizeAttribute', (_node, event) => {
  // DOMPurify checks URLs in href/src only; data-href is ours to check.
  if (event.attrName === 'data-href' && !isAllowedLinkTarget(event.attrValue)) event.keepAttr = false;
});
purifier.setConfig(CONFIG);

export function sanitizeToFragment(html: string): DocumentFragment {
  return purifier.sanitize(html, CONFIG);
}
