/**
 * The tools VS Code knows (vscode.lm.tools): other extensions' tools and
 * the tools of the MCP servers VS Code runs, as chat tools invoked through
 * vscode.lm.invokeTool. They never count as read-only (VS Code does not say
 * whether a tool only reads), so each call asks first unless the user
 * allowed the tool, and none is offered in an untrusted workspace. VS Code's
 * own tools are made for its chat's agent (many need its chat session):
 * they are listed, but off until switched on.
 */
import * as vscode from 'vscode';
import { externalToolParameters, externalToolSource, type ExtensionRef } from './externalToolSource';
import { toolResultText } from './toolResultText';
import { tokenFor, type WorkspaceTool } from './workspaceTool';

/** Every tool in vscode.lm.tools except this extension's own (the chat has them built in). */
export function vscodeLmTools(ownExtensionId: string): WorkspaceTool[] {
  const owners = toolOwners();
  return vscode.lm.tools.flatMap((info) => {
    const owner = owners.get(info.name);
    if (owner?.id.toLowerCase() === ownExtensionId.toLowerCase()) return [];
    const source = externalToolSource(info, owner);
    const tool: WorkspaceTool = {
      spec: { name: info.name, description: info.description, parameters: externalToolParameters(info.inputSchema), readOnly: false },
      source,
      defaultOn: source.kind !== 'vscode',
      run: (args, signal) => invoke(info.name, args, signal),
    };
    return [tool];
  });
}

/** Stop cancels the invocation; the extension host only awaits it. */
async function invoke(name: string, input: object, signal: AbortSignal): Promise<string> {
  const cancellation = tokenFor(signal);
  try {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, cancellation.token);
    return toolResultText(result.content);
  } finally {
    cancellation.dispose();
  }
}

/** Which extension declares each tool name in its package.json. */
function toolOwners(): Map<string, ExtensionRef> {
  const owners = new Map<string, ExtensionRef>();
  for (const extension of vscode.extensions.all) {
    const manifest = extension.packageJSON as { displayName?: unknown; contributes?: { languageModelTools?: unknown } } | undefined;
    const declared = manifest?.contributes?.languageModelTools;
    if (!Array.isArray(declared)) continue;
    const name = typeof manifest?.displayName === 'string' ? manifest.displayName : extension.id;
    for (const tool of declared) {
      const toolName = (tool as { name?: unknown } | null)?.name;
      if (typeof toolName === 'string') owners.set(toolName, { id: extension.id, name });
    }
  }
  return owners;
}
