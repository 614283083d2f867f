/**
 * What the chat shows until it can answer: what the extension does, and one
 * button that runs the walkthrough's first steps (the gateway's address,
 * then the key). Replaces the transcript and the composer while shown.
 */
import type { HostConnection } from './hostConnection';
import type { SetupStep } from '../../protocol/chatProtocol';
import { el, textButton } from './dom';
import { t } from '../../l10n/localize';

export class WelcomePanel {
  readonly element = el('section', { class: 'welcome', 'aria-labelledby': 'welcome-title', hidden: '' });

  constructor(private readonly host: HostConnection) {}

  /** Shown for the step the chat waits for; hidden when none. */
  show(needs: SetupStep | undefined): void {
    this.element.hidden = needs === undefined;
    if (!needs) return this.element.replaceChildren();
    const gateway = needs === 'gateway';
    this.element.replaceChildren(
      el('h2', { id: 'welcome-title' }, t('Chat with the models of your gateway')),
      el(
        'p',
        {},
        t(
          'Ask about your code with the selection or files attached, let the model read, search and edit the workspace with your approval, and generate images, videos and speech in the chat.',
        ),
      ),
      el(
        'p',
        {},
        gateway
          ? t("To start, connect the gateway: its address (ending in /v1) and your API key, kept in VS Code's secret storage.")
          : t("The gateway is set. Add your API key (kept in VS Code's secret storage) to start."),
      ),
      textButton(gateway ? 'plug' : 'key', gateway ? t('Connect your gateway') : t('Set API Key'), () => this.host.post({ type: 'connectGateway' }), {
        class: 'text-button primary welcome-action',
      }),
    );
  }

  focus(): void {
    this.element.querySelector<HTMLButtonElement>('.welcome-action')?.focus();
  }
}
