/**
 * The # picker's host side: what matches the query among the selection, the
 * problems, the open editors, the workspace's files and folders (the listing
 * search uses) and its symbols; and the chip an item becomes when chosen.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { newId, type ContextChip } from '../chat/conversation';
import { bestMatches, fuzzyScore } from '../chat/fuzzyMatch';
import type { ContextItem } from '../protocol/chatProtocol';
import { isInWorkspace, shownPath } from '../workspace/workspacePaths';
import { selectionChip } from './editorContext';
import type { WorkspaceListing } from './workspaceListing';
import { t } from '../l10n/localize';

const MAX_EDITORS = 5;
const MAX_FILES = 20;
const MAX_FOLDERS = 8;
const MAX_SYMBOLS = 10;
/** Symbol providers (language servers) that take longer are not waited for. */
const SYMBOL_WAIT_MS = 1500;
/** The items of this many recent queries can still be chosen (an answer may overtake the list shown). */
const KEPT_QUERIES = 3;

export class ContextPicker {
  private readonly recent: Array<Map<string, () => ContextChip | undefined>> = [];
  private nextId = 0;

  constructor(private readonly listing: WorkspaceListing) {}

  async find(query: string): Promise<ContextItem[]> {
    const chips = new Map<string, () => ContextChip | undefined>();
    const items: ContextItem[] = [];
    const add = (kind: ContextItem['kind'], label: string, description: string, chip: () => ContextChip | undefined) => {
      const id = `c${this.nextId++}`;
      chips.set(id, chip);
      items.push({ id, kind, label, description });
    };
    const matches = (word: string) => fuzzyScore(query, word) !== undefined;

    const selection = selectionChip();
    if (selection && matches('selection'))
      add('selection', t('Selection'), `${selection.file}:${selection.startLine}-${selection.endLine}`, () => selectionChip());
    const problems = problemCount();
    if (problems.count > 0 && matches('problems'))
      add(
        'problems',
        t('Problems'),
        problems.files === 1 ? t('{0} in 1 file', problems.count) : t('{0} in {1} files', problems.count, problems.files),
        problemsChip,
      );

    const editors = bestMatches(openEditorUris(), query, shownPath, MAX_EDITORS);
    for (const uri of editors) add('editor', path.basename(uri.fsPath), shownPath(uri), () => fileChip(uri, 'file'));
    const shownEditors = new Set(editors.map((u) => u.toString()));
    const files = (await this.listing.files()).uris;
    for (const uri of bestMatches(
      files.filter((u) => !shownEditors.has(u.toString())),
      query,
      shownPath,
      MAX_FILES,
    )) {
      add('file', path.basename(uri.fsPath), shownPath(uri), () => fileChip(uri, 'file'));
    }
    for (const uri of bestMatches(foldersOf(files), query, shownPath, query ? MAX_FOLDERS : 3))
      add('folder', `${path.basename(uri.fsPath)}/`, shownPath(uri), () => fileChip(uri, 'folder'));
    if (query.length >= 2) {
      for (const symbol of await workspaceSymbols(query)) {
        const { uri, range } = symbol.location;
        add('symbol', symbol.name, `${vscode.SymbolKind[symbol.kind]} · ${shownPath(uri)}:${range.start.line + 1}`, () => ({
          ...fileChip(uri, 'symbol'),
          name: symbol.name,
          startLine: range.start.line + 1,
          endLine: range.end.line + 1,
        }));
      }
    }
    this.recent.push(chips);
    if (this.recent.length > KEPT_QUERIES) this.recent.shift();
    return items;
  }

  /** The chip of a recently offered item; undefined when it is not one (or no longer available, as a selection cleared since). */
  chipFor(itemId: string): ContextChip | undefined {
    for (const chips of this.recent) {
      const make = chips.get(itemId);
      if (make) return make();
    }
    return undefined;
  }
}

function fileChip(uri: vscode.Uri, kind: 'file' | 'folder' | 'symbol'): ContextChip {
  return { id: newId(), kind, file: shownPath(uri), uri: uri.toString(), languageId: '', startLine: 0, endLine: 0, text: '' };
}

function problemsChip(): ContextChip {
  return { id: newId(), kind: 'problems', file: t('Problems'), uri: '', languageId: '', startLine: 0, endLine: 0, text: '' };
}

function problemCount(): { count: number; files: number } {
  const withProblems = vscode.languages.getDiagnostics().filter(([uri, d]) => d.length > 0 && isInWorkspace(uri));
  return { count: withProblems.reduce((sum, [, d]) => sum + d.length, 0), files: withProblems.length };
}

/** The text editors open in tabs, inside the workspace, most recently active group first. */
function openEditorUris(): vscode.Uri[] {
  const seen = new Map<string, vscode.Uri>();
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (tab.input instanceof vscode.TabInputText && isInWorkspace(tab.input.uri)) seen.set(tab.input.uri.toString(), tab.input.uri);
  }
  return [...seen.values()];
}

/** Every folder holding a listed file, the workspace folders themselves left out. */
function foldersOf(files: readonly vscode.Uri[]): vscode.Uri[] {
  const roots = new Set((vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath));
  const folders = new Map<string, vscode.Uri>();
  for (const file of files) {
    for (let dir = path.dirname(file.fsPath); !roots.has(dir) && dir !== path.dirname(dir) && !folders.has(dir); dir = path.dirname(dir))
      folders.set(dir, vscode.Uri.file(dir));
  }
  return [...folders.values()];
}

async function workspaceSymbols(query: string): Promise<vscode.SymbolInformation[]> {
  const found = vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', query);
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SYMBOL_WAIT_MS));
  const symbols = (await Promise.race([found, late]).catch(() => undefined)) ?? [];
  return symbols.filter((s) => isInWorkspace(s.location.uri)).slice(0, MAX_SYMBOLS);
}
