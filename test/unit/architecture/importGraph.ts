/**
 * The imports of TypeScript sources, read with the compiler's parser (not
 * regular expressions): `import`, `import type`, `export ... from`,
 * `import x = require()`, `require()`, `import()` and `import('x').Type`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export interface ImportRef {
  /** As written; undefined for an `import()` or `require()` whose argument is not a string literal. */
  specifier: string | undefined;
  line: number;
}

export function importsOf(fileName: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ImportRef[] = [];
  const add = (node: ts.Node, argument: ts.Node | undefined) => {
    const specifier = argument && ts.isStringLiteralLike(argument) ? argument.text : undefined;
    found.push({ specifier, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier) add(node, node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && isImportOrRequire(node.expression)) {
      add(node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isImportOrRequire(callee: ts.Expression): boolean {
  return callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
}

/** Every .ts file under `dir`, by its path relative to `dir` with forward slashes. */
export function readSources(dir: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.ts')) sources.set(child, fs.readFileSync(path.join(dir, child), 'utf8'));
    }
  };
  walk('');
  return sources;
}
