/**
 * A shell command line split into the commands it runs, the way bash reads
 * it, so approval rules can be checked against each one: `a && b | c; d`
 * runs four commands, `$(…)` and backticks run the commands inside them too,
 * and output redirected to a file writes that file. What this reader cannot
 * follow for certain (grouping, control keywords, here-documents, process
 * substitution, arithmetic, invisible or control characters, unclosed
 * quotes) is reported as not understood: such a line is always asked about.
 * Pure.
 */
import { t } from '../l10n/localize';

export type CommandLineParse =
  | {
      ok: true;
      /** Each command as its words are written (quotes kept), one space between words; substitutions' commands included. */
      commands: string[];
      /** Files that output redirections write (not /dev/null). */
      writes: string[];
    }
  | { ok: false; reason: string };

/** Keywords that make the line a compound statement whose commands this reader does not follow. */
const COMPOUND_KEYWORDS = new Set([
  'if',
  'then',
  'elif',
  'else',
  'fi',
  'for',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  'select',
  'function',
  'coproc',
  '[[',
  ']]',
  '{',
  '}',
  '!',
  'time',
]);

/**
 * Invisible and direction-changing characters (Unicode format characters),
 * and control characters other than tab and newline: what is shown would
 * not be what runs.
 */
const HIDDEN_CHARACTERS = /[\p{Cf}\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;

/** Longest command line read; a longer one is asked about as it is. */
export const MAX_COMMAND_LINE_CHARS = 8000;

const MAX_NESTING = 8;

export function parseCommandLine(line: string): CommandLineParse {
  if (line.length > MAX_COMMAND_LINE_CHARS) return { ok: false, reason: t('it is longer than {0} characters', MAX_COMMAND_LINE_CHARS) };
  const hidden = HIDDEN_CHARACTERS.exec(line);
  if (hidden) return { ok: false, reason: t('it contains the invisible or control character {0}', codePointName(hidden[0])) };
  try {
    const result = { commands: [] as string[], writes: [] as string[] };
    new Reader(line, result, 0).readList(undefined);
    if (result.commands.length === 0) return { ok: false, reason: t('it runs no command') };
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof NotUnderstood) return { ok: false, reason: error.message };
    throw error;
  }
}

/** U+202E and the like, as a person can read it. */
export function codePointName(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

class NotUnderstood extends Error {}

function notUnderstood(reason: string): never {
  throw new NotUnderstood(reason);
}

interface Collected {
  commands: string[];
  writes: string[];
}

class Reader {
  private i = 0;

  constructor(
    private readonly s: string,
    private readonly out: Collected,
    private readonly depth: number,
  ) {
    if (depth > MAX_NESTING) notUnderstood(t('its substitutions are nested too deep'));
  }

  /** Reads commands separated by `;`, `&`, `&&`, `||`, `|`, newlines, up to `end` (a closing parenthesis) or the end. */
  readList(end: ')' | undefined): number {
    let words: string[] = [];
    let redirectPending = false;
    const finishCommand = () => {
      if (redirectPending) notUnderstood(t('a redirection has no target'));
      if (words.length) this.addCommand(words);
      words = [];
    };
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === ' ' || c === '\t') {
        this.i++;
        continue;
      }
      if (c === '\n' || c === ';' || c === '&' || c === '|') {
        if (c === '&' && this.s[this.i + 1] === '>') {
          redirectPending = this.readRedirection();
          continue;
        }
        if (c === ';' && this.s[this.i + 1] === ';') notUnderstood(t('it uses {0}', ';;'));
        if (words.length === 0 && c !== '\n') notUnderstood(t('"{0}" has no command before it', c));
        finishCommand();
        this.i += (c === '&' || c === '|') && (this.s[this.i + 1] === c || (c === '|' && this.s[this.i + 1] === '&')) ? 2 : 1;
        continue;
      }
      if (c === ')') {
        if (end !== ')') notUnderstood(t('it has an unmatched ")"'));
        finishCommand();
        return this.i;
      }
      if (c === '(') notUnderstood(t('it groups commands in parentheses'));
      if (c === '#' && !redirectPending) {
        this.skipComment();
        continue;
      }
      if (c === '<' || c === '>' || (isDigit(c) && this.redirectionAhead())) {
        if (redirectPending) notUnderstood(t('a redirection has no target'));
        redirectPending = this.readRedirection();
        continue;
      }
      const word = this.readWord();
      if (redirectPending) {
        this.recordWrite(word);
        redirectPending = false;
        continue;
      }
      if (words.length === 0 && COMPOUND_KEYWORDS.has(word)) notUnderstood(t('it uses the shell keyword "{0}"', word));
      words.push(word);
    }
    if (end === ')') notUnderstood(t('a "$(" is not closed'));
    finishCommand();
    return this.i;
  }

  private addCommand(words: string[]): void {
    this.out.commands.push(words.join(' '));
  }

  private skipComment(): void {
    while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
  }

  /** A file descriptor number right before a redirection (`2>`). */
  private redirectionAhead(): boolean {
    let j = this.i;
    while (isDigit(this.s[j] ?? '')) j++;
    return this.s[j] === '>' || this.s[j] === '<';
  }

  /**
   * Reads a redirection operator; true when a target word follows that is
   * written to (`>`, `>>`, `>|`, `&>`, `&>>`). Duplications (`2>&1`) and
   * input (`<`) need nothing; here-documents and process substitutions are
   * not followed.
   */
  private readRedirection(): boolean {
    const s = this.s;
    while (isDigit(s[this.i] ?? '')) this.i++;
    const ampersand = s[this.i] === '&';
    if (ampersand) this.i++;
    const op = s[this.i]!;
    this.i++;
    if (s[this.i] === '(') notUnderstood(t('it uses process substitution'));
    if (op === '<') {
      if (s[this.i] === '<') notUnderstood(t('it uses a here-document or here-string'));
      if (s[this.i] === '&') this.i++;
      if (s[this.i] === '>') notUnderstood(t('it opens a file for reading and writing'));
      this.skipBlanks();
      const target = this.readWord();
      if (!target) notUnderstood(t('a redirection has no target'));
      return false;
    }
    if (s[this.i] === '>' || s[this.i] === '|') this.i++;
    if (s[this.i] === '&' && !ampersand) {
      this.i++;
      this.skipBlanks();
      const target = this.readWord();
      if (!/^(\d+-?|-)$/.test(target)) this.recordWrite(target);
      return false;
    }
    this.skipBlanks();
    return true;
  }

  private recordWrite(target: string): void {
    if (!target) notUnderstood(t('a redirection has no target'));
    if (target !== '/dev/null') this.out.writes.push(target);
  }

  private skipBlanks(): void {
    while (this.s[this.i] === ' ' || this.s[this.i] === '\t') this.i++;
  }

  /** One word as written, quotes and escapes kept; substitutions inside it are read for their commands. */
  private readWord(): string {
    const s = this.s;
    const start = this.i;
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (' \t\n;&|<>()'.includes(c)) break;
      if (c === '\\') {
        if (s[this.i + 1] === '\n') notUnderstood(t('it continues a line with a backslash'));
        this.i += 2;
      } else if (c === "'") this.readSingleQuoted();
      else if (c === '"') this.readDoubleQuoted();
      else if (c === '`') this.readBackticks();
      else if (c === '$') this.readDollar();
      else this.i++;
    }
    if (this.i > s.length) notUnderstood(t('it ends with a backslash'));
    return s.slice(start, this.i);
  }

  private readSingleQuoted(): void {
    const close = this.s.indexOf("'", this.i + 1);
    if (close < 0) notUnderstood(t('a quote is not closed'));
    this.i = close + 1;
  }

  private readDoubleQuoted(): void {
    const s = this.s;
    this.i++;
    while (this.i < s.length && s[this.i] !== '"') {
      const c = s[this.i]!;
      if (c === '\\') this.i += 2;
      else if (c === '`') this.readBackticks();
      else if (c === '$') this.readDollar();
      else this.i++;
    }
    if (this.i >= s.length) notUnderstood(t('a quote is not closed'));
    this.i++;
  }

  /** `$(…)`: its commands are read as commands of the line; `${…}` and `$name` are expansions; `$((…))`, `$[…]` are not followed. */
  private readDollar(): void {
    const s = this.s;
    const next = s[this.i + 1];
    if (next === '(') {
      if (s[this.i + 2] === '(') notUnderstood(t('it uses arithmetic expansion'));
      const inner = new Reader(s, this.out, this.depth + 1);
      inner.i = this.i + 2;
      this.i = inner.readList(')') + 1;
      return;
    }
    if (next === '[') notUnderstood(t('it uses arithmetic expansion'));
    if (next === '{') {
      const close = this.s.indexOf('}', this.i + 2);
      if (close < 0) notUnderstood(t('a "${" is not closed'));
      const body = s.slice(this.i + 2, close);
      if (/[`$]/.test(body)) notUnderstood(t('it nests expansions in "${…}"'));
      this.i = close + 1;
      return;
    }
    this.i++;
  }

  /** `` `…` ``: the text inside, unescaped as bash does, is read as commands of the line. */
  private readBackticks(): void {
    const s = this.s;
    let j = this.i + 1;
    let inner = '';
    while (j < s.length && s[j] !== '`') {
      if (s[j] === '\\' && '$`\\'.includes(s[j + 1] ?? '')) {
        inner += s[j + 1];
        j += 2;
      } else inner += s[j++];
    }
    if (j >= s.length) notUnderstood(t('a backtick is not closed'));
    new Reader(inner, this.out, this.depth + 1).readList(undefined);
    this.i = j + 1;
  }
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}
