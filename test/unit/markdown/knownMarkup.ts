import assert from 'node:assert/strict';

/** The only tags and attributes the engine may emit (what the DOM sanitiser lets through). */
const TAGS = new Set([
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
]);
const ATTRIBUTES = new Set(['class', 'data-href', 'data-lang', 'role', 'start', 'tabindex', 'title']);

export function assertOnlyKnownMarkup(html: string): void {
  for (const [, tag, attributes] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    assert.ok(TAGS.has(tag!), `unexpected <${tag}> in ${html}`);
    for (const [, name] of attributes!.matchAll(/\s([^\s=]+)="[^"]*"/g)) assert.ok(ATTRIBUTES.has(name!), `unexpected ${name}= in ${html}`);
  }
  assert.doesNotMatch(html, /data-href="\s*(?:javascript|vbscript|file|data):/i);
}
