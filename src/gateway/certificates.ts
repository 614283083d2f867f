/**
 * Which certificate authorities the transport trusts, and what a certificate
 * failure tells the user. Node's bundled roots always; the OS trust store
 * when `http.systemCertificates` is on (VS Code's default), so a company's
 * TLS-inspecting proxy whose root is installed in the OS works as it does
 * for VS Code itself; and NODE_EXTRA_CA_CERTS, which Node applies only when
 * no `ca` is given (a `ca` list replaces the default store, so it is added
 * here explicitly). No `vscode` import.
 */
import * as fs from 'node:fs';
import * as tls from 'node:tls';
import { t } from '../l10n/localize';
import { GatewayError } from './errors';
import { networkErrorCode } from './networkErrors';

/** Where Linux distributions keep the system bundle (first that exists wins). */
export const LINUX_SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Alpine, Arch, Gentoo
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL, CentOS
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem', // Fedora, RHEL (newer)
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/ssl/cert.pem', // Alpine, macOS's OpenSSL
];

export interface CertificateOptions {
  /** `http.systemCertificates`: add the OS trust store. */
  systemCertificates: boolean;
  /** For NODE_EXTRA_CA_CERTS. */
  env: Readonly<Record<string, string | undefined>>;
  /** The system store: Node's own reader when it has one (Node ≥ 22.15), else the first of these PEM bundles. Tests inject a file. */
  systemBundles?: readonly string[];
  /** Node's `tls.getCACertificates('system')`; undefined where Node has none. Tests pass `() => undefined`. */
  nodeSystemStore?: () => string[] | undefined;
}

export interface TrustedCertificates {
  /** Node's roots plus the additions; undefined: nothing to add, Node's default applies. */
  ca?: string[];
  /** What was added, for the log: "OS trust store: 140 certificates (/etc/ssl/certs/ca-certificates.crt)". */
  sources: string[];
  /** What could not be read, for the log. */
  problems: string[];
}

/** The CA list for the transport's agents. */
/* not shown: sources and problems are written to the log only */
export function trustedCertificates(options: CertificateOptions): TrustedCertificates {
  const sources: string[] = [];
  const problems: string[] = [];
  const added: string[] = [];
  if (options.systemCertificates) {
    const fromNode = (options.nodeSystemStore ?? nodeSystemStore)();
    if (fromNode) {
      added.push(...fromNode);
      sources.push(`OS trust store: ${fromNode.length} certificates (read by Node)`);
    } else {
      const bundles = options.systemBundles ?? (process.platform === 'linux' || process.platform === 'freebsd' ? LINUX_SYSTEM_BUNDLES : []);
      const found = bundles.find((file) => fs.existsSync(file));
      if (found) {
        try {
          const certs = splitPem(fs.readFileSync(found, 'utf8'));
          added.push(...certs);
          sources.push(`OS trust store: ${certs.length} certificates (${found})`);
        } catch (e) {
          problems.push(`could not read the OS trust store ${found}: ${(e as Error).message}`);
        }
      } else {
        problems.push(
          bundles.length
            ? 'no OS certificate bundle found'
            : `this VS Code's Node cannot read the ${process.platform} trust store; use NODE_EXTRA_CA_CERTS for a company root certificate`,
        );
      }
    }
  }
  const extraFile = options.env.NODE_EXTRA_CA_CERTS?.trim();
  if (extraFile) {
    try {
      const certs = splitPem(fs.readFileSync(extraFile, 'utf8'));
      added.push(...certs);
      sources.push(`NODE_EXTRA_CA_CERTS: ${certs.length} certificate${certs.length === 1 ? '' : 's'} (${extraFile})`);
    } catch (e) {
      problems.push(`could not read NODE_EXTRA_CA_CERTS ${extraFile}: ${(e as Error).message}`);
    }
  }
  if (!added.length) return { sources, problems };
  return { ca: [...new Set([...tls.rootCertificates, ...added.map(normalize)])], sources, problems };
}

function nodeSystemStore(): string[] | undefined {
  const get = (tls as unknown as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  if (typeof get !== 'function') return undefined;
  try {
    return get('system');
  } catch {
    return undefined;
  }
}

function splitPem(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

function normalize(pem: string): string {
  return `${pem.trim()}\n`;
}

/** Node's error codes for a certificate that was not accepted. */
export const CERTIFICATE_ERROR_CODES: ReadonlySet<string> = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function isCertificateError(e: unknown): boolean {
  const code = networkErrorCode(e);
  return code !== undefined && CERTIFICATE_ERROR_CODES.has(code);
}

/** Subject and issuer of the certificate a server showed. */
export interface PeerCertificate {
  subject?: string;
  issuer?: string;
  validTo?: string;
}

function reasonFor(code: string): string {
  switch (code) {
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return t('it is signed by a certificate authority this machine does not trust');
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return t('its chain ends in a self-signed root this machine does not trust (typical of a company proxy that inspects TLS)');
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return t('it is self-signed');
    case 'CERT_HAS_EXPIRED':
      return t('it has expired');
    case 'CERT_NOT_YET_VALID':
      return t("it is not valid yet (check the computer's clock)");
    case 'CERT_REVOKED':
      return t('it was revoked');
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return t('it was issued for another name');
    default:
      return code;
  }
}

/**
 * The GatewayError of a certificate failure: whose certificate, why, and
 * which settings make a company root trusted. Never suggests turning
 * verification off.
 */
export function certificateError(e: unknown, host: string, proxy: string | undefined, peer: PeerCertificate | undefined): GatewayError {
  const code = networkErrorCode(e) ?? 'CERT_ERROR';
  const shown = [
    peer?.subject && t('subject "{0}"', peer.subject),
    peer?.issuer && t('issued by "{0}"', peer.issuer),
    code === 'CERT_HAS_EXPIRED' && peer?.validTo && t('valid until {0}', peer.validTo),
  ]
    .filter(Boolean)
    .join(', ');
  const where = proxy ? t('{0} (reached through the proxy {1})', host, proxy) : host;
  const fix =
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? t('Check the gateway address: the name must match the certificate.')
      : code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID' || code === 'CERT_REVOKED'
        ? t("The gateway's administrator has to renew the certificate (or check this computer's clock).")
        : t(
            "If your company inspects TLS traffic, install its root certificate in the operating system's trust store (VS Code's setting http.systemCertificates, on by default, makes this extension trust it), or set the NODE_EXTRA_CA_CERTS environment variable to a PEM file with it, then restart VS Code.",
          );
  return new GatewayError({
    kind: 'network',
    code,
    message: t('The TLS certificate of {0} was not accepted: {1}{2} [{3}]. {4}', where, reasonFor(code), shown ? ` (${shown})` : '', code, fix),
    cause: e,
  });
}

/** "CN=Acme Root, O=Acme" from a certificate's subject or issuer object. */
export function describeName(name: Record<string, unknown> | undefined): string | undefined {
  if (!name) return undefined;
  const parts = ['CN', 'O', 'OU'].flatMap((k) =>
    typeof name[k] === 'string' ? [`${k}=${name[k] as string}`] : Array.isArray(name[k]) ? [`${k}=${(name[k] as string[]).join('+')}`] : [],
  );
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * The certificate `host:port` shows, read by a second handshake that does not
 * verify it (nothing is sent over it; it is closed at once): only to say in
 * the error whose certificate failed. Through a proxy, over a CONNECT tunnel.
 * Undefined when it cannot be read in `timeoutMs`.
 */
export async function peekCertificate(
  target: URL,
  proxy: { url: URL; authorization?: string } | undefined,
  timeoutMs = 3000,
): Promise<PeerCertificate | undefined> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port || 443);
  const servername = /^[\d.]+$|:/.test(host) ? undefined : host;
  return new Promise((resolve) => {
    let done = false;
    const sockets: { destroy(): void }[] = [];
    const finish = (peer: PeerCertificate | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sockets.forEach((s) => s.destroy());
      resolve(peer);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const handshake = (options: tls.ConnectionOptions) => {
      const socket = tls.connect({ ...options, servername, rejectUnauthorized: false }, () => {
        const cert = socket.getPeerCertificate();
        finish(
          cert && Object.keys(cert).length
            ? {
                subject: describeName(cert.subject as unknown as Record<string, unknown>),
                issuer: describeName(cert.issuer as unknown as Record<string, unknown>),
                validTo: cert.valid_to,
              }
            : undefined,
        );
      });
      sockets.push(socket);
      socket.on('error', () => finish(undefined));
    };
    if (!proxy) return handshake({ host, port });
    void import('node:http').then((http) => {
      if (done) return;
      const request = http.request({
        host: proxy.url.hostname.replace(/^\[|\]$/g, ''),
        port: Number(proxy.url.port || 80),
        method: 'CONNECT',
        path: `${target.hostname}:${port}`,
        headers: { host: `${target.hostname}:${port}`, ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}) },
      });
      request.on('connect', (response, socket) => {
        sockets.splice(sockets.indexOf(request), 1);
        if (done || response.statusCode !== 200) {
          socket.destroy();
          return finish(undefined);
        }
        // The TLS socket owns the tunnel from here: destroying it closes both (destroying the tunnel under it can crash Node 20).
        handshake({ socket });
      });
      request.on('error', () => finish(undefined));
      sockets.push(request);
      request.end();
    });
  });
}
