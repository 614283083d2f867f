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
 * - metadata, multicast and reserved addresses are always refused.
 *
 * Pure: the caller resolves names and hands in the addresses.
 */
import { isIP } from 'node:net';
import { GatewayError } from './errors';

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

/** Host names of metadata services, refused before any lookup. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog']);

const PUBLIC: AddressClass = { kind: 'public', description: 'a public address' };

/** Most specific first: the first range an address is in decides. */
const RANGES: ReadonlyArray<[cidr: string, kind: AddressClass['kind'], label: string]> = [
  ['169.254.169.254/32', 'never', 'a cloud metadata address'],
  ['169.254.170.2/32', 'never', 'a cloud metadata address'], // AWS ECS task metadata
  ['100.100.100.200/32', 'never', 'a cloud metadata address'], // Alibaba Cloud
  ['fd00:ec2::254/128', 'never', 'a cloud metadata address'], // AWS over IPv6
  ['0.0.0.0/8', 'unspecified', 'an unspecified address'],
  ['127.0.0.0/8', 'loopback', 'a loopback address'],
  ['169.254.0.0/16', 'link-local', 'a link-local address'],
  ['10.0.0.0/8', 'private', 'a private address'],
  ['172.16.0.0/12', 'private', 'a private address'],
  ['192.168.0.0/16', 'private', 'a private address'],
  ['100.64.0.0/10', 'private', 'a private (carrier-grade NAT) address'],
  ['224.0.0.0/4', 'never', 'a multicast address'],
  ['240.0.0.0/4', 'never', 'a reserved address'],
  ['::/128', 'unspecified', 'an unspecified address'],
  ['::1/128', 'loopback', 'a loopback address'],
  ['fe80::/10', 'link-local', 'a link-local address'],
  ['fc00::/7', 'private', 'a private (unique local) address'],
  ['fec0::/10', 'private', 'a private (site-local) address'],
  ['ff00::/8', 'never', 'a multicast address'],
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
const CLASSED = RANGES.map(([cidr, kind, label]) => ({ range: parseRange(cidr), cls: { kind, description: `${label} (${cidr.replace(/\/(32|128)$/, '')})` } }));
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

/**
 * Why `link` may not be fetched, judging what needs no lookup: a metadata
 * host name, an address written in the link, the scheme and, for a redirect,
 * a step down from the `https:` of `from`. Undefined when allowed so far (a
 * name's addresses are judged by refuseResolved).
 */
export function refuseLink(link: URL, from: URL | undefined, gateway: GatewayPlace): string | undefined {
  const name = link.hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_NAMES.has(name)) return `the link points to a cloud metadata host (${name}), which is never downloaded from`;
  const literal = literalAddress(link);
  const address = literal === undefined ? undefined : refusal(classifyAddress(literal)!, gateway);
  if (address) return `the link points to ${address}`;
  if (from?.protocol === 'https:' && link.protocol === 'http:') return `it is a redirect from https: (${from.origin}) down to plain http:`;
  if (link.protocol === 'https:' || (link.protocol === 'http:' && link.origin === gateway.origin)) return undefined;
  return `only https: links are downloaded (plain http: only from the gateway's own origin, ${gateway.origin})`;
}

/** Why a link whose host is `name` may not be fetched from `addresses`, the name's addresses; undefined when every one is allowed. */
export function refuseResolved(name: string, addresses: readonly string[], gateway: GatewayPlace): string | undefined {
  if (addresses.length === 0) return `${name} resolves to no address`;
  for (const address of addresses) {
    const reason = refusal(classifyAddress(address) ?? { kind: 'never', description: 'no IP address' }, gateway);
    if (reason) return `${name} resolves to ${address}, ${reason}`;
  }
  return undefined;
}

/** The link as messages and logs show it: origin and path, never the query (a signed query is a credential). */
export function shownLink(link: URL): string {
  return `${link.origin}${link.pathname}`;
}

export function unsafeLinkError(link: URL, reason: string): GatewayError {
  return new GatewayError({ kind: 'validation', code: 'unsafe_media_link', message: `Not downloading ${shownLink(link)}: ${reason}.` });
}

function refusal(cls: AddressClass, gateway: GatewayPlace): string | undefined {
  if (cls.kind === 'public') return undefined;
  if (cls.kind === 'never') return `${cls.description}, which is never downloaded from`;
  return gateway.classes.has(cls.kind) ? undefined : `${cls.description} and the gateway is not on one`;
}

function classOfBytes(bytes: number[]): AddressClass {
  const direct = CLASSED.find(({ range }) => inRange(bytes, range));
  if (direct) return direct.cls;
  const embedded = bytes.length === 16 ? EMBEDDED.find(({ range }) => inRange(bytes, range)) : undefined;
  if (!embedded) return PUBLIC;
  const inner = bytes.slice(embedded.offset, embedded.offset + 4);
  const cls = classOfBytes(inner);
  return cls.kind === 'public' ? cls : { kind: cls.kind, description: `${cls.description} in ${embedded.form} IPv6 form (${inner.join('.')})` };
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
