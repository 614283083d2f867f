/**
 * Links in rendered markdown carry their target in `data-href` (see
 * linkRendering). One listener on `root` hands clicked, or Enter-activated,
 * targets to `open`, which asks the extension to open them.
 */
import { isAllowedLinkTarget } from './linkPolicy';

export function installLinkHandler(root: HTMLElement, open: (href: string) => void): void {
  const activate = (event: Event): void => {
    const link = event.target instanceof Element ? event.target.closest('a[data-href]') : null;
    if (!link || !root.contains(link)) return;
    event.preventDefault();
    const href = link.getAttribute('data-href') ?? '';
    if (isAllowedLinkTarget(href)) open(href);
  };
  root.addEventListener('click', activate);
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') activate(event);
  });
}
