/**
 * What a host name alone says of where it leads. Through a proxy the proxy
 * resolves names (often with a company's DNS this machine cannot ask), so a
 * media link's name is judged before anything is sent: `localhost` and its
 * subdomains are loopback; a single-label name (`intranet`), a name under a
 * suffix kept for local networks (`.corp`, `.home.arpa`, ...) and one whose
 * suffix is not an ICANN public suffix (Public Suffix List, through tldts)
 * belong to a local network.
 */
import { t } from '../l10n/localize';
import { parse } from 'tldts';

export interface NameClass {
  kind: 'loopback' | 'private';
  /** As a refusal names it, e.g. `a local network name (under .corp)`. */
  description: string;
}

/** Suffixes of local networks, also those tldts calls public (home.arpa is an ICANN suffix). */
const LOCAL_SUFFIXES = ['local', 'internal', 'corp', 'lan', 'home.arpa', 'intranet', 'private'];

/** The local class of a host name (lower case, without a trailing dot: mediaLinkPolicy's hostName); undefined for a public name. */
export function classifyName(name: string): NameClass | undefined {
  if (name === 'localhost' || name.endsWith('.localhost')) return { kind: 'loopback', description: t('a loopback name') };
  if (!name.includes('.')) return { kind: 'private', description: t('a local network name (a single label, without a domain)') };
  const local = LOCAL_SUFFIXES.find((suffix) => name === suffix || name.endsWith(`.${suffix}`));
  if (local) return { kind: 'private', description: t('a local network name (under .{0})', local) };
  const { isIcann, publicSuffix } = parse(name);
  return isIcann
    ? undefined
    : { kind: 'private', description: t('a local network name (.{0} is not a public suffix)', publicSuffix ?? name.slice(name.lastIndexOf('.') + 1)) };
}

/** Whether `name` is on the user's list: an entry is a host name, or `*.` and a domain for every name under it. */
export function isAllowedHost(name: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((entry) => {
    const host = entry.trim().toLowerCase().replace(/\.$/, '');
    return host.startsWith('*.') ? name.endsWith(host.slice(1)) : name === host;
  });
}
