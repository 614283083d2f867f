/**
 * The media link policy (mediaLinkPolicy.ts) applied to real downloads: the
 * gateway's own addresses looked up, each link's name looked up once and its
 * addresses checked, and the connection made to exactly those addresses
 * (`lookup`, given to the download agent), so a name that resolves elsewhere
 * a moment later (DNS rebinding) cannot slip between the check and the connect.
 * Through a proxy the proxy connects: a link's name and what it resolves to
 * here, if it does, are checked, and nothing is pinned.
 */
import { t } from '../l10n/localize';
import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describeNetworkError, toGatewayError } from './networkErrors';
import { classifyName } from './mediaLinkNames';
import {
  hostName,
  literalAddress,
  localClasses,
  refuseLink,
  refuseProxied,
  refuseResolved,
  unsafeLinkError,
  type GatewayPlace,
  type LocalClass,
} from './mediaLinkPolicy';

/** Every address of a host name, as `dns.promises.lookup(name, { all: true })` gives them. */
export type HostLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemLookup: HostLookup = (hostname) => dns.lookup(hostname, { all: true });

export class MediaLinkGuard {
  /** The checked addresses of each name, the latest check's: what the download agent connects to. */
  private readonly checked = new Map<string, readonly LookupAddress[]>();
  private gatewayClasses: Set<LocalClass> | undefined;

  /**
   * @param gateway the base URL.
   * @param viaProxy true when a request to the URL goes through a proxy: the
   *   proxy resolves names then, and may resolve names this machine cannot.
   * @param allowedHosts host names (or `*.domain`) the user allows through a
   *   proxy although they are local (`genaiGateway.media.allowedLinkHosts`).
   */
  constructor(
    private readonly gateway: URL,
    private readonly lookupHost: HostLookup,
    private readonly viaProxy: (url: string) => boolean,
    private readonly allowedHosts: readonly string[],
  ) {}

  /**
   * Before each hop of a download (the link, then every redirect `from` the
   * previous hop): throws the refusal, or a failed lookup of the link's name.
   */
  async check(link: URL, from: URL | undefined): Promise<void> {
    const gateway = await this.place();
    const reason = refuseLink(link, from, gateway);
    if (reason) throw unsafeLinkError(link, reason);
    if (literalAddress(link) !== undefined) return;
    if (this.viaProxy(link.href)) return link.origin === gateway.origin ? undefined : this.checkProxied(link, gateway);
    const name = link.hostname;
    const addresses = await this.lookupHost(name).catch((e: unknown) => {
      throw toGatewayError(e, undefined, describeNetworkError(e, link.origin, undefined));
    });
    const resolved = refuseResolved(
      name,
      addresses.map((a) => a.address),
      gateway,
    );
    if (resolved) throw unsafeLinkError(link, resolved);
    this.checked.set(name, addresses);
  }

  /** A failed lookup refuses nothing here: the proxy resolves the name, maybe with DNS this machine cannot reach. */
  private async checkProxied(link: URL, gateway: GatewayPlace): Promise<void> {
    const addresses = await this.lookupHost(link.hostname).catch(() => undefined);
    const reason = refuseProxied(
      hostName(link),
      addresses?.map((a) => a.address),
      gateway,
      this.allowedHosts,
    );
    if (reason) throw unsafeLinkError(link, reason);
  }

  /** net.connect's `lookup` for the download agent: only the addresses `check` accepted for the name. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    const addresses = (this.checked.get(hostname) ?? []).filter((a) => family === undefined || a.family === family);
    if (addresses.length === 0) {
      callback(Object.assign(new Error(t('No checked address for {0}.', hostname)), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      (callback as (err: null, addresses: LookupAddress[]) => void)(null, [...addresses]);
    } else {
      callback(null, addresses[0]!.address, addresses[0]!.family);
    }
  };

  /** The gateway's origin and the local classes of its addresses (kept once known; none while unknown). */
  private async place(): Promise<GatewayPlace> {
    this.gatewayClasses ??= await this.findGatewayClasses();
    return { origin: this.gateway.origin, classes: this.gatewayClasses ?? new Set() };
  }

  /**
   * Undefined when the gateway's name cannot be looked up now. Through a
   * proxy its name counts too, and a failed lookup is the usual answer, not
   * one to ask again.
   */
  private async findGatewayClasses(): Promise<Set<LocalClass> | undefined> {
    const literal = literalAddress(this.gateway);
    if (literal !== undefined) return localClasses([literal]);
    const addresses = (await this.lookupHost(this.gateway.hostname).catch(() => undefined))?.map((a) => a.address);
    if (!this.viaProxy(this.gateway.href)) return addresses && localClasses(addresses);
    const classes = localClasses(addresses ?? []);
    const named = classifyName(hostName(this.gateway));
    if (named) classes.add(named.kind);
    return classes;
  }
}
