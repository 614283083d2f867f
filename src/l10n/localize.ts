/**
 * Every text a user reads goes through `t`: the English message is the key,
 * the display language's bundle (l10n/bundle.l10n.<language>.json, which VS
 * Code hands the host as `vscode.l10n.bundle`) gives its translation. `{0}`,
 * `{1}`… are replaced by the arguments in order, `{name}` by a record's field,
 * as `vscode.l10n.t` does.
 *
 * No `vscode` import, so the gateway client, the pure layers and the webviews
 * use the same function. The bundle is kept on globalThis: the startup, the
 * features and each webview bundle their own copy of this module.
 */
export type L10nBundle = Readonly<Record<string, string>>;
export type L10nArgument = string | number | boolean;

const BUNDLE = Symbol.for('genaiGateway.l10n.bundle');
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Installs the display language's translations (none for English). */
export function installBundle(bundle: L10nBundle | undefined): void {
  (globalThis as Record<symbol, unknown>)[BUNDLE] = bundle;
}

/** The installed translations, to hand on to a webview. */
export function installedBundle(): L10nBundle | undefined {
  return (globalThis as Record<symbol, L10nBundle | undefined>)[BUNDLE];
}

export function t(message: string, ...args: L10nArgument[]): string;
export function t(message: string, args: Readonly<Record<string, L10nArgument>>): string;
export function t(message: string, ...args: Array<L10nArgument | Readonly<Record<string, L10nArgument>>>): string {
  const bundle = installedBundle();
  const template = bundle && Object.hasOwn(bundle, message) ? bundle[message]! : message;
  const named = args.length === 1 && typeof args[0] === 'object' ? args[0] : undefined;
  return template.replace(PLACEHOLDER, (whole, key: string) => {
    const value = named ? (Object.hasOwn(named, key) ? named[key] : undefined) : (args as L10nArgument[])[Number(key)];
    return value === undefined ? whole : String(value);
  });
}
