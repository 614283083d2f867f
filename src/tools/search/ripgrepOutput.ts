/** ripgrep's side of the text search: its arguments, its --json output read as it arrives, its errors for the model. Pure. */
import * as path from 'path';
import { StringDecoder } from 'string_decoder';
import { shownLine } from '../textEdits';
import { MAX_TEXT_FILE_BYTES } from '../textFileLimit';
import { ripgrepGlobArgs } from '../../workspace/excludeGlobs';
import type { FoundLine } from './searchOutcome';

export interface RipgrepQuery {
  query: string;
  isRegex: boolean;
  /** A VS Code glob of the files to search. */
  include?: string;
  /** VS Code globs of files and folders to leave out. */
  excludes: readonly string[];
}

/**
 * The arguments for searching the current folder. Like VS Code's own search:
 * hidden files are searched (`.git` is among the excludes), .gitignore and
 * .ignore files are followed also outside a git repository, but not those of
 * parent folders or the user's global one. Case-insensitive, as the tool says.
 * ripgrep lets a file the include names through even when a .gitignore
 * ignores it (folders it ignores stay unsearched): so does VS Code's search.
 */
export function ripgrepArgs(q: RipgrepQuery): string[] {
  return [
    '--json',
    '--no-config',
    '--hidden',
    '--no-require-git',
    '--no-ignore-parent',
    '--no-ignore-global',
    '--ignore-case',
    '--crlf',
    '--max-filesize',
    String(MAX_TEXT_FILE_BYTES),
    ...(q.isRegex ? [] : ['--fixed-strings']),
    ...ripgrepGlobArgs(q.include, q.excludes),
    '--regexp',
    q.query,
    '--',
    '.',
  ];
}

/** ripgrep's text fields: UTF-8 as `text`, anything else base64-encoded as `bytes`. */
interface RipgrepData {
  text?: string;
  bytes?: string;
}

interface RipgrepMessage {
  type: string;
  data: { path: RipgrepData; lines: RipgrepData; line_number: number };
}

/** Turns the chunks of ripgrep's stdout into the lines found, as whole JSON lines complete. */
export class RipgrepJsonReader {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  /** True once the closing summary came: ripgrep searched to the end (errors on stderr were about single files). */
  finished = false;

  /** @param folder The folder ripgrep ran in: its paths are relative to it. */
  constructor(private readonly folder: string) {}

  push(chunk: Buffer): FoundLine[] {
    const lines = (this.pending + this.decoder.write(chunk)).split('\n');
    this.pending = lines.pop()!;
    return lines.flatMap((line) => this.read(line));
  }

  private read(line: string): FoundLine[] {
    const message = parsed(line);
    if (!message) return [];
    if (message.type === 'summary') this.finished = true;
    if (message.type !== 'match') return [];
    const { data } = message;
    return [{ file: path.resolve(this.folder, textOf(data.path)), line: data.line_number, text: shownLine(textOf(data.lines).replace(/\r?\n$/, '')) }];
  }
}

/** A line of ripgrep's output; undefined for anything else (it runs in a stream handler, where a throw would be uncaught). */
function parsed(line: string): RipgrepMessage | undefined {
  try {
    const message = JSON.parse(line) as RipgrepMessage | null;
    return typeof message?.type === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

function textOf(data: RipgrepData): string {
  return data.text ?? Buffer.from(data.bytes ?? '', 'base64').toString('utf8');
}

/** The model's error for a search ripgrep refused (its stderr): what is wrong with the pattern or a glob. */
/* model text */
export function ripgrepFailure(stderr: string): string {
  // ripgrep's advice to use --pcre2 is not for the model: the tool has no such option.
  const message = stderr
    .split(/\n\s*\n\s*Consider enabling PCRE2/)[0]!
    .replace(/^rg: /, '')
    .trim();
  if (/regex/i.test(message)) {
    return `"query" is not a regular expression the search understands (Rust syntax, as ripgrep uses: no look-around, no backreferences). ${message}`;
  }
  return `The search failed: ${message || 'ripgrep ended without saying why'}`;
}
