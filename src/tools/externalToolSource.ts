/**
 * What the chat makes of a tool VS Code lists in vscode.lm.tools: where it
 * comes from, and the parameters schema the gateway accepts. Pure.
 *
 * The stable API gives a tool's name, description, schema and tags. VS Code
 * marks the tools of MCP servers with the tag `mcp`; an extension's tools are
 * declared in its package.json (`contributes.languageModelTools`), which names
 * the extension; everything else is VS Code's own. Where VS Code also gives
 * the proposed `source` field (code-server enables proposed APIs for every
 * extension), the MCP server's name is taken from it.
 */
import type { JsonSchemaObject } from '../gateway/types/chat';
import type { ToolSource } from '../chat/toolSources';
import { t } from '../l10n/localize';

/** The fields of vscode.LanguageModelToolInformation read here. */
export interface ToolInformation {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: object | undefined;
  readonly tags: readonly string[];
}

export interface ExtensionRef {
  id: string;
  /** The extension's display name. */
  name: string;
}

export const MCP_TAG = 'mcp';

export function externalToolSource(info: ToolInformation, contributedBy: ExtensionRef | undefined): ToolSource {
  if (info.tags.includes(MCP_TAG)) {
    const server = proposedSourceLabel(info);
    return { kind: 'mcp', label: server ? t('MCP server {0}', server) : t('MCP server') };
  }
  if (contributedBy) return { kind: 'extension', label: `${contributedBy.name} (${contributedBy.id})` };
  return { kind: 'vscode', label: 'VS Code' };
}

/** The schema as the gateway takes it: an object schema; a tool without one takes no arguments. */
export function externalToolParameters(inputSchema: object | undefined): JsonSchemaObject {
  if (!inputSchema || Array.isArray(inputSchema)) return { type: 'object', properties: {} };
  const schema = inputSchema as Record<string, unknown>;
  return { ...schema, type: 'object' };
}

function proposedSourceLabel(info: ToolInformation): string | undefined {
  const source = (info as { source?: unknown }).source;
  if (typeof source !== 'object' || source === null) return undefined;
  const label = (source as { label?: unknown }).label;
  return typeof label === 'string' && label.trim() ? label.trim() : undefined;
}
