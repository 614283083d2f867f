const HTML_SPECIAL = /[&<>"]/;
const HTML_SPECIALS = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The same escaping markdown-it applies to text, so plain-text renderings match its output. */
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (ch) => ENTITIES[ch]!) : text;
}
