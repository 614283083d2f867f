/**
 * Which of the available tools a conversation offers: each tool's switch
 * (the user's choice, else its default), then at most `maxTools` of those
 * switched on, in order (built-in tools first). Requests never carry more
 * tools than the limit, so a model's cap on tools is met before the gateway
 * could refuse the request. Pure.
 */
import type { ToolSource, ToolState, ToolSwitches } from '../chat/toolSources';
import { t } from '../l10n/localize';

/**
 * OpenAI's chat completions take at most 128 functions per request; most
 * OpenAI-compatible servers follow it, so it is the default of
 * genaiGateway.tools.maxTools.
 */
export const DEFAULT_MAX_TOOLS = 128;

export interface AvailableTool {
  name: string;
  description: string;
  source: ToolSource;
  /** Whether the tool is on in a conversation whose user did not switch it. */
  defaultOn: boolean;
}

export interface SelectedTool extends AvailableTool {
  state: ToolState;
}

export function selectTools(available: readonly AvailableTool[], switches: ToolSwitches | undefined, maxTools: number): SelectedTool[] {
  let offered = 0;
  return available.map((tool) => {
    const on = switches?.[tool.name] ?? tool.defaultOn;
    if (!on) return { ...tool, state: 'off' };
    offered++;
    return { ...tool, state: offered <= maxTools ? 'on' : 'overLimit' };
  });
}

/** The note shown when tools are left out for the limit; undefined when none are. */
export function overLimitNote(selected: readonly SelectedTool[], maxTools: number): string | undefined {
  const left = selected.filter((tool) => tool.state === 'overLimit').length;
  if (!left) return undefined;
  return left === 1
    ? t(
        '1 tool is switched on but not offered: a request carries at most {0} tools ({1}). Switch some off to choose which ones the model gets.',
        maxTools,
        'genaiGateway.tools.maxTools',
      )
    : t(
        '{0} tools are switched on but not offered: a request carries at most {1} tools ({2}). Switch some off to choose which ones the model gets.',
        left,
        maxTools,
        'genaiGateway.tools.maxTools',
      );
}
