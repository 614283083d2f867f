/**
 * What the localisation tests read from src/: the texts a user could read that
 * do not go through `t` (string and template literals that read as prose, two
 * words in a row, outside logs, imports, types, object keys and texts marked
 * as read by the model), and the messages given to `t`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export interface ProseLiteral {
  file: string;
  line: number;
  text: string;
}

/** Calls whose text is for the log or the developer, not the user. */
const LOG_METHODS = new Set(['debug', 'trace', 'info', 'warn', 'error', 'log', 'appendLine']);
const LOG_RECEIVER = /(^|\.)(log|logger|console|output|channel|outputChannel)$/i;
/**
 * Comments that mark a literal (or a declaration, object or call holding literals) as not for the user:
 * read by the model (tool descriptions, prompts, tool results), or a name on the wire or in a file format.
 */
export const NOT_FOR_THE_USER_MARKS = ['model text', 'not shown'];

const WORD = /^[A-Za-z][a-z'’]*[.,:;!?…)]*$/;

/** Two words in a row: prose, not an identifier, a path, a CSS class list or a MIME type. */
export function readsAsProse(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean);
  for (let i = 1; i < tokens.length; i++) if (WORD.test(tokens[i - 1]!) && WORD.test(tokens[i]!) && /[a-z]{2}/i.test(tokens[i - 1]! + tokens[i]!)) return true;
  return false;
}

export function proseLiteralsIn(file: string, source: string): ProseLiteral[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: ProseLiteral[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node) || isExempt(node, sf)) return;
    if (ts.isCallExpression(node) && isTranslation(node, sf)) return node.arguments.slice(1).forEach(visit);
    const text = literalText(node);
    if (text !== undefined) {
      if (readsAsProse(text) && !isPropertyName(node)) found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text });
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export interface Message {
  file: string;
  line: number;
  /** The message, undefined when it is not a string literal (then it can be no key of a bundle). */
  text: string | undefined;
}

/** The first argument of every call of `t` (or `l10n.t`). */
export function messagesIn(file: string, source: string): Message[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Message[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTranslation(node, sf) && node.arguments[0]) {
      const first = node.arguments[0];
      const text = ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first) ? first.text : undefined;
      found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The placeholders of a message, sorted: a translation must keep them all. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!).sort();
}

/** Every .ts file under `root`, relative paths with '/'. */
export function sourceFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' {} ');
  return undefined;
}

function isPropertyName(node: ts.Node): boolean {
  const parent = node.parent;
  return (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) && parent.name === node;
}

function isExempt(node: ts.Node, sf: ts.SourceFile): boolean {
  if (hasNotForTheUserMark(node, sf)) return true;
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'require';
  if (!ts.isPropertyAccessExpression(callee)) return false;
  return LOG_METHODS.has(callee.name.text) && LOG_RECEIVER.test(callee.expression.getText(sf).replace(/^this\./, ''));
}

function isTranslation(call: ts.CallExpression, sf: ts.SourceFile): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't' && /(^|\.)l10n$/.test(callee.expression.getText(sf));
}

function hasNotForTheUserMark(node: ts.Node, sf: ts.SourceFile): boolean {
  const ranges = ts.getLeadingCommentRanges(sf.text, node.getFullStart()) ?? [];
  return ranges.some((range) => NOT_FOR_THE_USER_MARKS.some((mark) => sf.text.slice(range.pos, range.end).includes(mark)));
}
