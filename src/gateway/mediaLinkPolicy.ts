/**
 * Where a media link the gateway returns (an image `url`, a task's
 * `video_url` / `last_frame_url`) and each of its redirects may lead. The
 * extension fetches and saves what is there, so a link must not make it
 * reach into this machine, the local network or a cloud metadata service:
 *
 * - only `https:` links are followed, plus plain `http:` to the gateway's own
 *   origin; a redirect never goes from `https:` down to `http:`;
 * - an address that is loopback, link-local, private (CGNAT included) or
 *   unspecified is refused unless the gateway itself is on an address of the
 *   same class (a local or intranet gateway keeps working);
 * - metadata, multicast and reserved addresses are always refused;
 * - through a proxy, which resolves names itself, a link to another origin
 *   than the gateway's is also judged by its name (mediaLinkNames.ts) and by
 *   what the name resolves to here, if it does; names the user allowed
 *   (`genaiGateway.media.allowedLinkHosts`) pass unless they resolve to an
 *   address that is always refused.
 *
 * Pure: the caller resolves names and hands in the addresses.
 */
import { t } from '../l10n/localize';
import { isIP } from 'node:net';
import { GatewayError } from './errors';
import { classifyName, isAllowedHost } from './mediaLinkNames';

/** The classes a gateway may be on, which then allows links to the same class. */
export type LocalClass = 'loopback' | 'link-local' | 'private' | 'unspecified';

export interface AddressClass {
  /** `never`: refused even when the gateway is there too. */
  kind: LocalClass | 'public' | 'never';
  /** As a refusal names it, e.g. `a link-local address (169.254.0.0/16)`. */
  description: string;
}

/** What the policy knows of the gateway. */
export interface GatewayPlace {
  /** The base URL's origin, e.g. `http://127.0.0.1:8787`. */
  origin: string;
  /** The local classes of the gateway's addresses; empty for a gateway on public addresses. */
  classes: ReadonlySet<LocalClass>;
}

const EVERY_LOCAL_CLASS: ReadonlySet<LocalClass> = new Set(['loopback', 'link-local', 'private', 'unspecified']);

/** Host names of metadata services, refused before any lookup. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog']);

/** What a refusal calls each kind of range; read when a refusal is made, in the display language. */
const LABELS = {
  metadata: () => t('a cloud metadata address'),
  unspecified: () => t('an unspecified address'),
  loopback: () => t('a loopback address'),
  linkLocal: () => t('a link-local address'),
  private: () => t('a private address'),
  carrierGradeNat: () => t('a private (carrier-grade NAT) address'),
  uniqueLocal: () => t('a private (unique local) address'),
  siteLocal: () => t('a private (site-local) address'),
  multicast: () => t('a multicast address'),
  reserved: () => t('a reserved address'),
};

/** Most specific first: the first range an address is in decides. */
const RANGES: ReadonlyArray<[cidr: string, kind: AddressClass['kind'], label: keyof typeof LABELS]> = [
  ['169.254.169.254/32', 'never', 'metadata'],
  ['169.254.170.2/32', 'never', 'metadata'], // AWS ECS task metadata
  ['100.100.100.200/32', 'never', 'metadata'], // Alibaba Cloud
  ['fd00:ec2::254/128', 'never', 'metadata'], // AWS over IPv6
  ['0.0.0.0/8', 'unspecified', 'unspecified'],
  ['127.0.0.0/8', 'loopback', 'loopback'],
  ['169.254.0.0/16', 'link-local', 'linkLocal'],
  ['10.0.0.0/8', 'private', 'private'],
  ['172.16.0.0/12', 'private', 'private'],
  ['192.168.0.0/16', 'private', 'private'],
  ['100.64.0.0/10', 'private', 'carrierGradeNat'],
  ['224.0.0.0/4', 'never', 'multicast'],
  ['240.0.0.0/4', 'never', 'reserved'],
  ['::/128', 'unspecified', 'unspecified'],
  ['::1/128', 'loopback', 'loopback'],
  ['fe80::/10', 'link-local', 'linkLocal'],
  ['fc00::/7', 'private', 'uniqueLocal'],
  ['fec0::/10', 'private', 'siteLocal'],
  ['ff00::/8', 'never', 'multicast'],
];

/** IPv6 ranges that carry an IPv4 address, and the byte it starts at: judged by that IPv4 address. */
const EMBEDDING: ReadonlyArray<[cidr: string, offset: number, form: string]> = [
  ['::ffff:0:0/96', 12, 'IPv4-mapped'],
  ['::/96', 12, 'IPv4-compatible'],
  ['64:ff9b::/96', 12, 'NAT64'],
  ['2002::/16', 2, '6to4'],
];

interface Range {
  bytes: number[];
  prefix: number;
}

const parseRange = (cidr: string): Range => {
  const [address, prefix] = cidr.split('/');
  return { bytes: addressBytes(address!)!, prefix: Number(prefix) };
};
const CLASSED = RANGES.map(([cidr, kind, label]) => ({ range: parseRange(cidr), kind, label, shown: cidr.replace(/\/(32|128)$/, '') }));
const EMBEDDED = EMBEDDING.map(([cidr, offset, form]) => ({ range: parseRange(cidr), offset, form }));

/** The class of an IP address (any IPv4 or IPv6 text form Node accepts); undefined when it is not one. */
export function classifyAddress(address: string): AddressClass | undefined {
  const bytes = addressBytes(address);
  return bytes && classOfBytes(bytes);
}

/** The local classes among a gateway's addresses. */
export function localClasses(addresses: readonly string[]): Set<LocalClass> {
  const classes = new Set<LocalClass>();
  for (const address of addresses) {
    const kind = classifyAddress(address)?.kind;
    if (kind && kind !== 'public' && kind !== 'never') classes.add(kind);
  }
  return classes;
}

/** The IP address a URL's host is written as (URL parsing has already normalised decimal, octal and hex IPv4 forms); undefined for a name. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : undefined;
}

/** The host name of a URL as the policy compares it: lower case, without a trailing dot. */
export function hostName(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '');
}

/**
 * Why `link` may not be fetched, judging what needs no lookup: a metadata
 * host name, an address written in the link, the scheme and, for a redirect,
 * a step down from the `https:` of `from`. Undefined when allowed so far (a
 * name's addresses are judged by refuseResolved).
 */
export function refuseLink(link: URL, from: URL | undefined, gateway: GatewayPlace): string | undefined {
  const name = hostName(link);
  if (METADATA_NAMES.has(name)) return t('the link points to a cloud metadata host ({0}), which is never downloaded from', name);
  const literal = literalAddress(link);
  const address = literal === undefined ? undefined : refusal(classifyAddress(literal)!, gateway);
  if (address) return t('the link points to {0}', address);
  if (from?.protocol === 'https:' && link.protocol === 'http:') return t('it is a redirect from https: ({0}) down to plain http:', from.origin);
  if (link.protocol === 'https:' || (link.protocol === 'http:' && link.origin === gateway.origin)) return undefined;
  return t("only https: links are downloaded (plain http: only from the gateway's own origin, {0})", gateway.origin);
}

/** Why a link whose host is `name` may not be fetched from `addresses`, the name's addresses; undefined when every one is allowed. */
export function refuseResolved(name: string, addresses: readonly string[], gateway: GatewayPlace): string | undefined {
  if (addresses.length === 0) return t('{0} resolves to no address', name);
  for (const address of addresses) {
    const reason = refusal(classifyAddress(address) ?? { kind: 'never', description: t('no IP address') }, gateway);
    if (reason) return t('{0} resolves to {1}, {2}', name, address, reason);
  }
  return undefined;
}

/**
 * Through a proxy: why a link to `name`, on another origin than the
 * gateway's, may not be fetched, judging the name and `addresses`, what it
 * resolves to here (undefined when it does not resolve here: the proxy may
 * still resolve it). A name on `allowedHosts` is refused only for an address
 * that is never downloaded from.
 */
export function refuseProxied(
  name: string,
  addresses: readonly string[] | undefined,
  gateway: GatewayPlace,
  allowedHosts: readonly string[],
): string | undefined {
  const resolved = addresses?.length ? addresses : undefined;
  const never = resolved && refuseResolved(name, resolved, { ...gateway, classes: EVERY_LOCAL_CLASS });
  if (never) return never;
  if (isAllowedHost(name, allowedHosts)) return undefined;
  const local = classifyName(name);
  const reason =
    local && !gateway.classes.has(local.kind)
      ? t('{0} is {1}, and the gateway is not on such a name or address', name, local.description)
      : resolved && refuseResolved(name, resolved, gateway);
  return reason && t('{0}; to download from it anyway, add {1} to genaiGateway.media.allowedLinkHosts in your user settings', reason, name);
}

/** The link as messages and logs show it: origin and path, never the query (a signed query is a credential). */
export function shownLink(link: URL): string {
  return `${link.origin}${link.pathname}`;
}

export function unsafeLinkError(link: URL, reason: string): GatewayError {
  return new GatewayError({ kind: 'validation', code: 'unsafe_media_link', message: t('Not downloading {0}: {1}.', shownLink(link), reason) });
}

function refusal(cls: AddressClass, gateway: GatewayPlace): string | undefined {
  if (cls.kind === 'public') return undefined;
  if (cls.kind === 'never') return t('{0}, which is never downloaded from', cls.description);
  return gateway.classes.has(cls.kind) ? undefined : t('{0} and the gateway is not on one', cls.description);
}

function classOfBytes(bytes: number[]): AddressClass {
  const direct = CLASSED.find(({ range }) => inRange(bytes, range));
  if (direct) return { kind: direct.kind, description: `${LABELS[direct.label]()} (${direct.shown})` };
  const embedded = bytes.length === 16 ? EMBEDDED.find(({ range }) => inRange(bytes, range)) : undefined;
  if (!embedded) return { kind: 'public', description: t('a public address') };
  const inner = bytes.slice(embedded.offset, embedded.offset + 4);
  const cls = classOfBytes(inner);
  return cls.kind === 'public' ? cls : { kind: cls.kind, description: t('{0} in {1} IPv6 form ({2})', cls.description, embedded.form, inner.join('.')) };
}

function inRange(bytes: number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const mask = (0xff << (8 - Math.min(8, range.prefix - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** 4 bytes of an IPv4 address, 16 of an IPv6 one (a zone index ignored); undefined for anything else. */
function addressBytes(text: string): number[] | undefined {
  const address = text.replace(/%.*$/, '');
  const version = isIP(address);
  if (version === 4) return address.split('.').map(Number);
  if (version !== 6) return undefined;
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`);
  const [head, tail] = hex.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const middle = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...middle, ...right].flatMap((group) => [group >> 8, group & 0xff]);
}
