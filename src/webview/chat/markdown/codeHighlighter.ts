/**
 * highlight.js core with a curated set of languages, registered one by one
 * so the webview bundle carries only these grammars (and their aliases:
 * ts, js, py, sh, html, yml, cs, ...).
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { escapeHtml } from './htmlEscape';

const LANGUAGES = { bash, c, cpp, csharp, css, diff, go, java, javascript, json, markdown, python, rust, shell, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/**
 * Recent results: a streamed answer's tail is rendered again and again, and
 * a finished code block inside it (say, in a list that is still growing)
 * would otherwise be highlighted each time.
 */
const recent = new Map<string, string>();
const RECENT_LIMIT = 16;

/**
 * Longer code is shown as is. Many grammars' patterns (a type, spaces, a
 * name, then `(` or `=`) are tried at every position of a run of names or
 * spaces, so highlight.js takes time quadratic in such a run: 50,000
 * characters of `a` as Java took 12 s, a whole 1 MB block would take hours.
 * Up to this length a block takes at most about 0.7 s (measured on 2 cores,
 * the worst of 18 grammars and 45 repeated patterns), and an answer made of
 * many such blocks costs time linear in its length.
 */
export const MAX_HIGHLIGHTED_CHARS = 10_000;

/** HTML for `code`: highlighted when `language` (a name or alias) is known and the code not too long, else escaped as is. */
export function highlightCode(code: string, language: string): string {
  if (!language || code.length > MAX_HIGHLIGHTED_CHARS || !hljs.getLanguage(language)) return escapeHtml(code);
  const key = `${language}\n${code}`;
  const known = recent.get(key);
  if (known !== undefined) return known;
  const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(key, html);
  return html;
}
