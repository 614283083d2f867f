/**
 * Where a tool the chat offers comes from (this extension, another
 * extension, an MCP server VS Code runs, or VS Code itself), and the
 * per-conversation switches that turn tools on and off. Pure.
 */
import { t } from '../l10n/localize';
import { bool, oneOf, record, str } from './jsonFields';

export type ToolSourceKind = 'builtin' | 'extension' | 'mcp' | 'vscode';

export interface ToolSource {
  kind: ToolSourceKind;
  /** As the picker's group and the card name it: "Built-in", an extension's name and id, an MCP server's name. */
  label: string;
}

export const BUILTIN_SOURCE: ToolSource = {
  kind: 'builtin',
  get label() {
    return t('Built-in');
  },
};

/** In a conversation: offered, switched off, or switched on beyond the most tools a request carries. */
export type ToolState = 'on' | 'off' | 'overLimit';

/** The user's choices in one conversation, by tool name; a tool not named keeps its default. */
export type ToolSwitches = Readonly<Record<string, boolean>>;

const SOURCE_KINDS: readonly ToolSourceKind[] = ['builtin', 'extension', 'mcp', 'vscode'];

export function readToolSource(value: unknown): ToolSource {
  const source = record(value, 'toolSource');
  return { kind: oneOf(source.kind, SOURCE_KINDS, 'toolSource.kind'), label: str(source.label, 'toolSource.label') };
}

export function readToolSwitches(value: unknown): Record<string, boolean> {
  const switches = record(value, 'toolSwitches');
  const out: Record<string, boolean> = {};
  for (const [name, on] of Object.entries(switches)) out[name] = bool(on, `toolSwitches.${name}`);
  return out;
}
