/**
 * Checks the imports of a source tree against its layers: a folder imports
 * only folders of lower layers (never one of its own layer: features do not
 * import each other), `vscode` only where its layer allows it, and modules
 * declared free of `vscode` do not reach it through their local imports.
 */
import * as path from 'node:path';
import { importsOf } from './importGraph';

export interface Layer {
  name: string;
  /** Top-level entries of the source tree: folders, or files such as `extension.ts`. */
  members: readonly string[];
  /** May import the `vscode` module. */
  vscode: boolean;
  /** When set, the only members of lower layers it may import (the webviews run in a browser). */
  onlyImports?: readonly string[];
}

export interface Architecture {
  /** Lowest first: the index is the rank. */
  layers: readonly Layer[];
  /**
   * Folders or modules (no extension) inside layers that may use `vscode`,
   * which must not, directly or through what they import: they are
   * unit-tested without VS Code.
   */
  vscodeFree: readonly string[];
  /** Modules that load another bundle by a path computed at run time (and import its types, which are checked). */
  bundleLoaders?: readonly string[];
}

/** Paths relative to the source root, with forward slashes. */
type Sources = ReadonlyMap<string, string>;

interface LocalImport {
  from: string;
  /** The imported source file, or the path it names when no source has it. */
  to: string;
  line: number;
  known: boolean;
}

export function layerViolations(sources: Sources, architecture: Architecture): string[] {
  const layerOf = new Map(architecture.layers.flatMap((layer, rank) => layer.members.map((member) => [member, { layer, rank }] as const)));
  const problems: string[] = [];
  const topLevel = new Set([...sources.keys()].map(memberOf));
  for (const member of topLevel) if (!layerOf.has(member)) problems.push(`${member} has no layer: give it a rank in the architecture's layers`);
  for (const member of layerOf.keys()) if (!topLevel.has(member)) problems.push(`${member} is ranked but does not exist`);

  const local = new Map<string, LocalImport[]>();
  const usesVscode = new Set<string>();
  for (const [file, text] of sources) {
    const imports: LocalImport[] = [];
    for (const { specifier, line } of importsOf(file, text)) {
      if (specifier === undefined) {
        if (!architecture.bundleLoaders?.includes(file.replace(/\.ts$/, ''))) problems.push(`${file}:${line} imports a computed path, which cannot be checked`);
      } else if (specifier === 'vscode') {
        usesVscode.add(file);
        const placed = layerOf.get(memberOf(file));
        if (placed && !placed.layer.vscode) problems.push(`${file}:${line} imports vscode, which the ${placed.layer.name} layer may not`);
      } else if (specifier.startsWith('.')) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        if (target.startsWith('..')) problems.push(`${file}:${line} imports ${specifier}, outside the source tree`);
        else imports.push({ from: file, ...resolve(sources, target), line });
      }
    }
    local.set(file, imports);
  }

  for (const imports of local.values()) {
    for (const { from, to, line } of imports) {
      const importer = layerOf.get(memberOf(from));
      const imported = layerOf.get(memberOf(to));
      if (!importer || !imported || memberOf(from) === memberOf(to)) continue;
      const what = `${from}:${line} imports ${to}`;
      if (imported.rank > importer.rank) {
        problems.push(
          `${what}: up from ${memberOf(from)} (${importer.layer.name}, rank ${importer.rank}) to ${memberOf(to)} (${imported.layer.name}, rank ${imported.rank})`,
        );
      } else if (imported.rank === importer.rank) {
        problems.push(`${what}: sideways between ${memberOf(from)} and ${memberOf(to)} (both ${importer.layer.name}); move the shared part to a lower layer`);
      } else if (importer.layer.onlyImports && !importer.layer.onlyImports.includes(memberOf(to))) {
        problems.push(`${what}: ${memberOf(from)} may import only ${importer.layer.onlyImports.join(', ')}`);
      }
    }
  }

  const declaredFree = [...sources.keys()].filter((file) => architecture.vscodeFree.some((free) => file === `${free}.ts` || file.startsWith(`${free}/`)));
  for (const free of architecture.vscodeFree) {
    if (!declaredFree.some((file) => file === `${free}.ts` || file.startsWith(`${free}/`)))
      problems.push(`${free} is declared free of vscode but does not exist`);
  }
  for (const file of declaredFree) {
    const chain = chainToVscode(file, local, usesVscode, new Set());
    if (chain) problems.push(`${file} must not use vscode, but reaches it: ${chain.join(' -> ')} -> vscode`);
  }
  return problems;
}

/** The top-level folder of a file, or the file itself when it sits at the top. */
function memberOf(file: string): string {
  return file.split('/')[0]!;
}

function resolve(sources: Sources, target: string): { to: string; known: boolean } {
  for (const candidate of [`${target}.ts`, `${target}/index.ts`, target]) if (sources.has(candidate)) return { to: candidate, known: true };
  return { to: target, known: false };
}

function chainToVscode(file: string, local: ReadonlyMap<string, LocalImport[]>, usesVscode: ReadonlySet<string>, seen: Set<string>): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  if (usesVscode.has(file)) return [file];
  for (const { to, known } of local.get(file) ?? []) {
    const rest = known ? chainToVscode(to, local, usesVscode, seen) : undefined;
    if (rest) return [file, ...rest];
  }
  return undefined;
}
