/**
 * Which tools the conversation offers the model: a button with the count in
 * the composer, and a panel listing every available tool grouped by where it
 * comes from (built in, an extension, an MCP server, VS Code), each with a
 * switch. Opening the panel asks the host to list the tools again (VS Code
 * has no event for its tools changing); "Start MCP servers" asks VS Code to
 * start the servers it knows, so their tools appear.
 */
import type { ToolSourceKind } from '../../chat/toolSources';
import type { ToolOption } from '../../protocol/chatProtocol';
import { el, iconButton, textButton } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';

/* not shown */
const FIRST_CONTROL = 'input, button';
const KIND_ORDER: readonly ToolSourceKind[] = ['builtin', 'mcp', 'extension', 'vscode'];
const KIND_HINT: Record<ToolSourceKind, string> = {
  builtin: t('Read-only tools run at once; the others ask first.'),
  mcp: t('Each call asks first, unless you allowed the tool.'),
  extension: t('Each call asks first, unless you allowed the tool.'),
  vscode: t("Made for VS Code's own chat; some need its chat session. Off unless you switch them on."),
};

export class ToolPicker {
  readonly button: HTMLButtonElement;
  readonly panel = el('section', { class: 'tool-picker', id: 'tool-picker', 'aria-label': t('Tools offered to the model'), hidden: '' });
  private readonly count = el('span', { class: 'tool-picker-count' });
  private tools: ToolOption[] = [];
  private note: string | undefined;

  constructor(private readonly host: HostConnection) {
    this.button = el(
      'button',
      { type: 'button', class: 'text-button tool-picker-button', 'aria-expanded': 'false', 'aria-controls': 'tool-picker' },
      el('span', { class: 'codicon codicon-tools', 'aria-hidden': 'true' }),
      this.count,
    );
    this.button.addEventListener('click', () => this.toggle());
    this.panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || this.panel.hidden) return;
      event.preventDefault();
      this.toggle();
      this.button.focus();
    });
    this.render();
  }

  showTools(tools: ToolOption[], note: string | undefined): void {
    this.tools = tools;
    this.note = note;
    this.render();
  }

  private toggle(): void {
    const open = this.panel.hidden;
    this.panel.hidden = !open;
    this.button.setAttribute('aria-expanded', String(open));
    if (open) {
      this.host.post({ type: 'refreshTools' });
      this.panel.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    }
  }

  private render(): void {
    const offered = this.tools.filter((tool) => tool.state === 'on').length;
    this.button.hidden = this.tools.length === 0;
    this.count.textContent = `${offered}`;
    const summary = t('Tools: {0} of {1} tools offered', offered, this.tools.length);
    this.button.title = summary;
    this.button.setAttribute('aria-label', summary);
    const focused =
      document.activeElement instanceof HTMLInputElement && this.panel.contains(document.activeElement) ? document.activeElement.dataset.tool : undefined;
    this.panel.replaceChildren(
      el(
        'div',
        { class: 'tool-picker-header' },
        el('h2', {}, summary),
        textButton('debug-start', t('Start MCP servers'), () => this.host.post({ type: 'startMcpServers' }), {
          class: 'text-button subtle',
          title: t('Start the MCP servers VS Code knows (.vscode/mcp.json, your configuration), so their tools are listed here'),
        }),
        iconButton('close', t('Close'), () => this.toggle()),
      ),
      this.note ? el('p', { class: 'tool-picker-note', role: 'status' }, this.note) : '',
      ...this.groups(),
    );
    if (focused) this.panel.querySelector<HTMLInputElement>(`input[data-tool="${CSS.escape(focused)}"]`)?.focus();
  }

  private groups(): HTMLElement[] {
    const groups = new Map<string, ToolOption[]>();
    const sorted = [...this.tools].sort((a, b) => KIND_ORDER.indexOf(a.source.kind) - KIND_ORDER.indexOf(b.source.kind));
    for (const tool of sorted) groups.set(tool.source.label, [...(groups.get(tool.source.label) ?? []), tool]);
    return [...groups.entries()].map(([label, tools]) => {
      const on = tools.filter((tool) => tool.state === 'on').length;
      return el(
        'fieldset',
        { class: `tool-group source-${tools[0]!.source.kind}` },
        el('legend', {}, `${label} (${on}/${tools.length})`),
        el('p', { class: 'tool-group-hint' }, KIND_HINT[tools[0]!.source.kind]),
        ...tools.map((tool) => this.row(tool)),
      );
    });
  }

  private row(tool: ToolOption): HTMLElement {
    const box = el('input', { type: 'checkbox', 'data-tool': tool.name, 'aria-describedby': `tool-desc-${tool.name}` });
    box.checked = tool.state !== 'off';
    box.addEventListener('change', () => this.host.post({ type: 'setToolEnabled', name: tool.name, enabled: box.checked }));
    return el(
      'label',
      { class: `tool-row state-${tool.state}`, title: tool.description },
      box,
      el('span', { class: 'tool-row-name' }, tool.name),
      tool.state === 'overLimit' ? el('span', { class: 'tool-row-badge' }, t('over the limit')) : '',
      el('span', { class: 'tool-row-description', id: `tool-desc-${tool.name}` }, tool.description),
    );
  }
}
