/**
 * Installs the translations the host wrote into the page (webviewHtml's
 * `l10n-bundle` element) before any other module of the webview runs, so
 * texts made at load time are translated too. Import it first.
 */
import { installBundle, type L10nBundle } from '../../l10n/localize';

const element = document.getElementById('l10n-bundle');
if (element?.textContent) installBundle(JSON.parse(element.textContent) as L10nBundle);
