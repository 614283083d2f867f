import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifyAddress,
  hostName,
  localClasses,
  refuseLink,
  refuseProxied,
  refuseResolved,
  shownLink,
  unsafeLinkError,
  type GatewayPlace,
  type LocalClass,
} from '../../../src/gateway/mediaLinkPolicy';

const place = (origin: string, ...classes: LocalClass[]): GatewayPlace => ({ origin, classes: new Set(classes) });
const PUBLIC = place('https://gateway.example.com');
const LOOPBACK = place('http://127.0.0.1:8787', 'loopback');
const PRIVATE = place('http://10.1.2.3:8000', 'private');

const NOT_ON = 'and the gateway is not on one';
const NEVER = 'which is never downloaded from';
const HTTPS_ONLY = (origin: string) => `only https: links are downloaded (plain http: only from the gateway's own origin, ${origin})`;

// [address, what the policy says of it when the gateway is public (undefined: allowed)]
const ADDRESSES: Array<[string, string | undefined]> = [
  ['93.184.216.34', undefined],
  ['8.8.8.8', undefined],
  ['172.32.0.1', undefined],
  ['172.15.255.255', undefined],
  ['100.128.0.1', undefined],
  ['100.63.255.255', undefined],
  ['192.169.0.1', undefined],
  ['169.253.255.255', undefined],
  ['2606:4700::1111', undefined],
  ['fbff::1', undefined],
  ['fe7f::1', undefined],
  ['127.0.0.1', `a loopback address (127.0.0.0/8) ${NOT_ON}`],
  ['127.255.255.254', `a loopback address (127.0.0.0/8) ${NOT_ON}`],
  ['::1', `a loopback address (::1) ${NOT_ON}`],
  ['0:0:0:0:0:0:0:1', `a loopback address (::1) ${NOT_ON}`],
  ['169.254.0.1', `a link-local address (169.254.0.0/16) ${NOT_ON}`],
  ['169.254.255.255', `a link-local address (169.254.0.0/16) ${NOT_ON}`],
  ['fe80::1', `a link-local address (fe80::/10) ${NOT_ON}`],
  ['febf::1', `a link-local address (fe80::/10) ${NOT_ON}`],
  ['fe80::1%eth0', `a link-local address (fe80::/10) ${NOT_ON}`],
  ['10.0.0.1', `a private address (10.0.0.0/8) ${NOT_ON}`],
  ['10.255.255.255', `a private address (10.0.0.0/8) ${NOT_ON}`],
  ['172.16.0.1', `a private address (172.16.0.0/12) ${NOT_ON}`],
  ['172.31.255.255', `a private address (172.16.0.0/12) ${NOT_ON}`],
  ['192.168.1.1', `a private address (192.168.0.0/16) ${NOT_ON}`],
  ['100.64.0.1', `a private (carrier-grade NAT) address (100.64.0.0/10) ${NOT_ON}`],
  ['100.127.255.255', `a private (carrier-grade NAT) address (100.64.0.0/10) ${NOT_ON}`],
  ['fc00::1', `a private (unique local) address (fc00::/7) ${NOT_ON}`],
  ['fd12:3456:789a::1', `a private (unique local) address (fc00::/7) ${NOT_ON}`],
  ['fec0::1', `a private (site-local) address (fec0::/10) ${NOT_ON}`],
  ['0.0.0.0', `an unspecified address (0.0.0.0/8) ${NOT_ON}`],
  ['0.1.2.3', `an unspecified address (0.0.0.0/8) ${NOT_ON}`],
  ['::', `an unspecified address (::) ${NOT_ON}`],
  ['169.254.169.254', `a cloud metadata address (169.254.169.254), ${NEVER}`],
  ['169.254.170.2', `a cloud metadata address (169.254.170.2), ${NEVER}`],
  ['100.100.100.200', `a cloud metadata address (100.100.100.200), ${NEVER}`],
  ['fd00:ec2::254', `a cloud metadata address (fd00:ec2::254), ${NEVER}`],
  ['224.0.0.1', `a multicast address (224.0.0.0/4), ${NEVER}`],
  ['239.255.255.250', `a multicast address (224.0.0.0/4), ${NEVER}`],
  ['ff02::1', `a multicast address (ff00::/8), ${NEVER}`],
  ['240.0.0.1', `a reserved address (240.0.0.0/4), ${NEVER}`],
  ['255.255.255.255', `a reserved address (240.0.0.0/4), ${NEVER}`],
  // IPv4 inside IPv6: judged by the IPv4 address.
  ['::ffff:127.0.0.1', `a loopback address (127.0.0.0/8) in IPv4-mapped IPv6 form (127.0.0.1) ${NOT_ON}`],
  ['::ffff:7f00:1', `a loopback address (127.0.0.0/8) in IPv4-mapped IPv6 form (127.0.0.1) ${NOT_ON}`],
  ['::ffff:169.254.169.254', `a cloud metadata address (169.254.169.254) in IPv4-mapped IPv6 form (169.254.169.254), ${NEVER}`],
  ['::ffff:10.0.0.1', `a private address (10.0.0.0/8) in IPv4-mapped IPv6 form (10.0.0.1) ${NOT_ON}`],
  ['::ffff:8.8.8.8', undefined],
  ['::127.0.0.1', `a loopback address (127.0.0.0/8) in IPv4-compatible IPv6 form (127.0.0.1) ${NOT_ON}`],
  ['64:ff9b::a9fe:a9fe', `a cloud metadata address (169.254.169.254) in NAT64 IPv6 form (169.254.169.254), ${NEVER}`],
  ['64:ff9b::808:808', undefined],
  ['2002:c0a8:101::1', `a private address (192.168.0.0/16) in 6to4 IPv6 form (192.168.1.1) ${NOT_ON}`],
  ['2002:808:808::1', undefined],
];

for (const [address, expected] of ADDRESSES) {
  test(`address ${address}: ${expected ?? 'allowed'}`, () => {
    assert.equal(refuseResolved('media.example.com', [address], PUBLIC), expected && `media.example.com resolves to ${address}, ${expected}`);
  });
}

test('a name with one refused address among allowed ones is refused, naming that address', () => {
  assert.equal(
    refuseResolved('mixed.example.com', ['93.184.216.34', '2606:4700::1111', '10.0.0.1'], PUBLIC),
    `mixed.example.com resolves to 10.0.0.1, a private address (10.0.0.0/8) ${NOT_ON}`,
  );
  assert.equal(refuseResolved('empty.example.com', [], PUBLIC), 'empty.example.com resolves to no address');
  assert.equal(refuseResolved('odd.example.com', ['not-an-address'], PUBLIC), `odd.example.com resolves to not-an-address, no IP address, ${NEVER}`);
});

// [link, gateway, reason (undefined: allowed)]
const LINKS: Array<[string, GatewayPlace, string | undefined]> = [
  ['https://cdn.example.com/a.png?sig=1', PUBLIC, undefined],
  ['https://gateway.example.com/files/a.png', PUBLIC, undefined],
  ['http://cdn.example.com/a.png', PUBLIC, HTTPS_ONLY('https://gateway.example.com')],
  ['http://gateway.example.com/files/a.png', PUBLIC, HTTPS_ONLY('https://gateway.example.com')],
  ['ftp://cdn.example.com/a.png', PUBLIC, HTTPS_ONLY('https://gateway.example.com')],
  ['file:///etc/passwd', PUBLIC, HTTPS_ONLY('https://gateway.example.com')],
  ['http://169.254.169.254/latest/meta-data/', PUBLIC, `the link points to a cloud metadata address (169.254.169.254), ${NEVER}`],
  ['https://[fd00:ec2::254]/latest', PUBLIC, `the link points to a cloud metadata address (fd00:ec2::254), ${NEVER}`],
  ['http://metadata.google.internal/computeMetadata/v1/', PUBLIC, `the link points to a cloud metadata host (metadata.google.internal), ${NEVER}`],
  ['https://METADATA.Google.Internal./computeMetadata/v1/', PUBLIC, `the link points to a cloud metadata host (metadata.google.internal), ${NEVER}`],
  ['https://metadata.goog/computeMetadata/v1/', PUBLIC, `the link points to a cloud metadata host (metadata.goog), ${NEVER}`],
  ['http://169.254.1.1/latest', PUBLIC, `the link points to a link-local address (169.254.0.0/16) ${NOT_ON}`],
  ['https://10.0.0.1/a.png', PUBLIC, `the link points to a private address (10.0.0.0/8) ${NOT_ON}`],
  ['https://127.0.0.1/a.png', PUBLIC, `the link points to a loopback address (127.0.0.0/8) ${NOT_ON}`],
  ['https://[::1]:8443/a.png', PUBLIC, `the link points to a loopback address (::1) ${NOT_ON}`],
  ['https://[::ffff:127.0.0.1]/a.png', PUBLIC, `the link points to a loopback address (127.0.0.0/8) in IPv4-mapped IPv6 form (127.0.0.1) ${NOT_ON}`],
  [
    'https://[::ffff:a9fe:a9fe]/latest',
    PUBLIC,
    `the link points to a cloud metadata address (169.254.169.254) in IPv4-mapped IPv6 form (169.254.169.254), ${NEVER}`,
  ],
  // Decimal, octal, hex and short IPv4 forms: URL parsing makes them dotted quads first.
  ['https://2130706433/a.png', PUBLIC, `the link points to a loopback address (127.0.0.0/8) ${NOT_ON}`],
  ['https://0x7f000001/a.png', PUBLIC, `the link points to a loopback address (127.0.0.0/8) ${NOT_ON}`],
  ['https://0177.0.0.1/a.png', PUBLIC, `the link points to a loopback address (127.0.0.0/8) ${NOT_ON}`],
  ['https://127.1/a.png', PUBLIC, `the link points to a loopback address (127.0.0.0/8) ${NOT_ON}`],
  ['https://0xa9.0xfe.0xa9.0xfe/latest', PUBLIC, `the link points to a cloud metadata address (169.254.169.254), ${NEVER}`],
  ['https://2852039166/latest', PUBLIC, `the link points to a cloud metadata address (169.254.169.254), ${NEVER}`],
  ['https://0/a.png', PUBLIC, `the link points to an unspecified address (0.0.0.0/8) ${NOT_ON}`],
  ['https://[::]/a.png', PUBLIC, `the link points to an unspecified address (::) ${NOT_ON}`],
  // Names are judged once resolved (refuseResolved).
  ['https://localhost/a.png', PUBLIC, undefined],
  // A gateway on loopback: loopback links are fine, plain http only to its own origin.
  ['http://127.0.0.1:8787/files/a.png', LOOPBACK, undefined],
  ['https://127.0.0.1:9443/a.png', LOOPBACK, undefined],
  ['https://[::1]/a.png', LOOPBACK, undefined],
  ['https://[::ffff:7f00:1]/a.png', LOOPBACK, undefined],
  ['http://127.0.0.1:9999/a.png', LOOPBACK, HTTPS_ONLY('http://127.0.0.1:8787')],
  ['http://localhost:8787/files/a.png', LOOPBACK, HTTPS_ONLY('http://127.0.0.1:8787')],
  ['https://10.0.0.1/a.png', LOOPBACK, `the link points to a private address (10.0.0.0/8) ${NOT_ON}`],
  ['https://169.254.1.1/a.png', LOOPBACK, `the link points to a link-local address (169.254.0.0/16) ${NOT_ON}`],
  ['http://169.254.169.254/latest', LOOPBACK, `the link points to a cloud metadata address (169.254.169.254), ${NEVER}`],
  // A gateway on the intranet: private links (any private range) are fine; loopback and metadata are not.
  ['http://10.1.2.3:8000/files/a.png', PRIVATE, undefined],
  ['https://10.9.9.9/a.png', PRIVATE, undefined],
  ['https://192.168.0.10/a.png', PRIVATE, undefined],
  ['https://[fd12::1]/a.png', PRIVATE, undefined],
  ['http://192.168.0.10/a.png', PRIVATE, HTTPS_ONLY('http://10.1.2.3:8000')],
  ['https://127.0.0.1/a.png', PRIVATE, `the link points to a loopback address (127.0.0.0/8) ${NOT_ON}`],
  ['https://169.254.169.254/latest', PRIVATE, `the link points to a cloud metadata address (169.254.169.254), ${NEVER}`],
  ['https://100.100.100.200/latest', place('http://100.64.0.5', 'private'), `the link points to a cloud metadata address (100.100.100.200), ${NEVER}`],
];

for (const [link, gateway, expected] of LINKS) {
  test(`link ${link} with the gateway at ${gateway.origin}: ${expected ?? 'allowed'}`, () => {
    assert.equal(refuseLink(new URL(link), undefined, gateway), expected);
  });
}

test("a redirect from https: never goes down to http:, not even to the gateway's own origin", () => {
  const from = new URL('https://cdn.example.com/a.png?sig=1');
  assert.equal(
    refuseLink(new URL('http://10.1.2.3:8000/files/a.png'), from, PRIVATE),
    'it is a redirect from https: (https://cdn.example.com) down to plain http:',
  );
  assert.equal(refuseLink(new URL('http://cdn.example.com/a.png'), from, PUBLIC), 'it is a redirect from https: (https://cdn.example.com) down to plain http:');
  assert.equal(refuseLink(new URL('https://storage.example.net/a.png'), from, PUBLIC), undefined);
  assert.equal(refuseLink(new URL('http://10.1.2.3:8000/b.png'), new URL('http://10.1.2.3:8000/a.png'), PRIVATE), undefined);
  assert.equal(
    refuseLink(new URL('http://169.254.169.254/'), from, PUBLIC),
    `the link points to a cloud metadata address (169.254.169.254), ${NEVER}`,
    'the address is the graver reason',
  );
});

test("the gateway's local classes: metadata and public addresses give none", () => {
  assert.deepEqual(localClasses(['127.0.0.1', '::1']), new Set(['loopback']));
  assert.deepEqual(localClasses(['10.0.0.1', '203.0.113.5', 'fd00::1']), new Set(['private']));
  assert.deepEqual(localClasses(['169.254.10.1', '::ffff:127.0.0.1']), new Set(['link-local', 'loopback']));
  assert.deepEqual(localClasses(['169.254.169.254', '224.0.0.1', '93.184.216.34']), new Set());
  assert.equal(classifyAddress('gateway.example.com'), undefined);
});

test('the refusal names the link by origin and path, never its query, user or fragment', () => {
  const link = new URL('https://user:pass@cdn.example.com:8443/a/b.png?X-Amz-Signature=secret&expires=1#frag');
  assert.equal(shownLink(link), 'https://cdn.example.com:8443/a/b.png');
  const error = unsafeLinkError(new URL('http://169.254.1.1/latest?token=secret'), `the link points to a link-local address (169.254.0.0/16) ${NOT_ON}`);
  assert.equal(error.kind, 'validation');
  assert.equal(error.code, 'unsafe_media_link');
  assert.equal(
    error.message,
    'Not downloading http://169.254.1.1/latest: the link points to a link-local address (169.254.0.0/16) and the gateway is not on one.',
  );
  assert.match(error.userMessage, /administrator can serve results over https:/);
  assert.doesNotMatch(error.userMessage, /secret/);
});

const HINT = (name: string) => `; to download from it anyway, add ${name} to genaiGateway.media.allowedLinkHosts in your user settings`;
const LOCAL_NAME = (name: string, what: string) => `${name} is ${what}, and the gateway is not on such a name or address${HINT(name)}`;
const ON_CORP_NAME = place('https://genai.intranet.corp', 'private');
const ON_LOCALHOST = place('http://localhost:8787', 'loopback');

// Through a proxy: [host name, what it resolves to here (undefined: nothing here), gateway, reason (undefined: allowed)]
const PROXIED: Array<[string, string[] | undefined, GatewayPlace, string | undefined]> = [
  ['cdn.example.com', undefined, PUBLIC, undefined],
  ['cdn.example.com', [], PUBLIC, undefined],
  ['cdn.example.com', ['93.184.216.34'], PUBLIC, undefined],
  ['images.example.co.uk', undefined, PUBLIC, undefined],
  ['bucket.s3.amazonaws.com', undefined, PUBLIC, undefined],
  ['xn--bcher-kva.de', undefined, PUBLIC, undefined],
  // .box is an ICANN suffix: a router's fritz.box is refused only once it resolves here.
  ['nas.fritz.box', undefined, PUBLIC, undefined],
  ['nas.fritz.box', ['192.168.178.1'], PUBLIC, `nas.fritz.box resolves to 192.168.178.1, a private address (192.168.0.0/16) ${NOT_ON}${HINT('nas.fritz.box')}`],
  ['localhost', undefined, PUBLIC, LOCAL_NAME('localhost', 'a loopback name')],
  ['media.localhost', undefined, PUBLIC, LOCAL_NAME('media.localhost', 'a loopback name')],
  ['intranet', undefined, PUBLIC, LOCAL_NAME('intranet', 'a local network name (a single label, without a domain)')],
  ['nas.local', undefined, PUBLIC, LOCAL_NAME('nas.local', 'a local network name (under .local)')],
  ['db.internal', undefined, PUBLIC, LOCAL_NAME('db.internal', 'a local network name (under .internal)')],
  ['hr.intranet.corp', undefined, PUBLIC, LOCAL_NAME('hr.intranet.corp', 'a local network name (under .corp)')],
  ['printer.lan', undefined, PUBLIC, LOCAL_NAME('printer.lan', 'a local network name (under .lan)')],
  ['router.home.arpa', undefined, PUBLIC, LOCAL_NAME('router.home.arpa', 'a local network name (under .home.arpa)')],
  ['home.arpa', undefined, PUBLIC, LOCAL_NAME('home.arpa', 'a local network name (under .home.arpa)')],
  ['wiki.intranet', undefined, PUBLIC, LOCAL_NAME('wiki.intranet', 'a local network name (under .intranet)')],
  ['files.private', undefined, PUBLIC, LOCAL_NAME('files.private', 'a local network name (under .private)')],
  ['hr.example.test', undefined, PUBLIC, LOCAL_NAME('hr.example.test', 'a local network name (.test is not a public suffix)')],
  ['hr.example.corp', ['93.184.216.34'], PUBLIC, LOCAL_NAME('hr.example.corp', 'a local network name (under .corp)')],
  ['hr.example.nonexistent', undefined, PUBLIC, LOCAL_NAME('hr.example.nonexistent', 'a local network name (.nonexistent is not a public suffix)')],
  // A public name that resolves here to a local address.
  [
    'media.example.com',
    ['127.0.0.1'],
    PUBLIC,
    `media.example.com resolves to 127.0.0.1, a loopback address (127.0.0.0/8) ${NOT_ON}${HINT('media.example.com')}`,
  ],
  [
    'media.example.com',
    ['93.184.216.34', '10.0.0.1'],
    PUBLIC,
    `media.example.com resolves to 10.0.0.1, a private address (10.0.0.0/8) ${NOT_ON}${HINT('media.example.com')}`,
  ],
  ['media.example.com', ['169.254.169.254'], PUBLIC, `media.example.com resolves to 169.254.169.254, a cloud metadata address (169.254.169.254), ${NEVER}`],
  // A gateway on a local network (by name or address) may link to local network names, not to loopback.
  ['hr.intranet.corp', undefined, ON_CORP_NAME, undefined],
  ['intranet', ['10.0.0.8'], ON_CORP_NAME, undefined],
  ['files.example.com', ['10.0.0.8'], PRIVATE, undefined],
  ['localhost', undefined, ON_CORP_NAME, LOCAL_NAME('localhost', 'a loopback name')],
  [
    'hr.intranet.corp',
    ['127.0.0.1'],
    ON_CORP_NAME,
    `hr.intranet.corp resolves to 127.0.0.1, a loopback address (127.0.0.0/8) ${NOT_ON}${HINT('hr.intranet.corp')}`,
  ],
  ['localhost', ['127.0.0.1'], ON_LOCALHOST, undefined],
];

for (const [name, addresses, gateway, expected] of PROXIED) {
  test(`through a proxy, ${name} resolving here to ${addresses ? `[${addresses.join(', ')}]` : 'nothing'} with the gateway at ${gateway.origin}: ${expected ?? 'allowed'}`, () => {
    assert.equal(refuseProxied(name, addresses, gateway, []), expected);
  });
}

test('through a proxy, genaiGateway.media.allowedLinkHosts lets a listed name through (exactly, or every name under a *. domain), never to a metadata address', () => {
  const allowed = [' Media.Example.com. ', '*.example.corp', 'intranet', 'localhost'];
  for (const name of ['media.example.com', 'hr.example.corp', 'a.b.example.corp', 'intranet', 'localhost']) {
    assert.equal(refuseProxied(name, undefined, PUBLIC, allowed), undefined, name);
    assert.equal(refuseProxied(name, ['10.0.0.1', '127.0.0.1'], PUBLIC, allowed), undefined, `${name} resolving here to local addresses`);
  }
  assert.equal(
    refuseProxied('example.corp', undefined, PUBLIC, allowed),
    LOCAL_NAME('example.corp', 'a local network name (under .corp)'),
    'not under *.example.corp',
  );
  assert.equal(refuseProxied('evilexample.corp', undefined, PUBLIC, allowed), LOCAL_NAME('evilexample.corp', 'a local network name (under .corp)'));
  assert.equal(
    refuseProxied('cdn.media.example.com', ['10.0.0.1'], PUBLIC, allowed),
    `cdn.media.example.com resolves to 10.0.0.1, a private address (10.0.0.0/8) ${NOT_ON}${HINT('cdn.media.example.com')}`,
  );
  assert.equal(
    refuseProxied('media.example.com', ['fd00:ec2::254'], PUBLIC, allowed),
    `media.example.com resolves to fd00:ec2::254, a cloud metadata address (fd00:ec2::254), ${NEVER}`,
    'no hint: the list does not lift it',
  );
  assert.equal(
    refuseProxied('hr.intranet.corp', undefined, PUBLIC, ['*']),
    LOCAL_NAME('hr.intranet.corp', 'a local network name (under .corp)'),
    '* is no entry',
  );
});

test("a link's host name is compared in lower case, without a trailing dot", () => {
  assert.equal(hostName(new URL('https://LOCALHOST./x')), 'localhost');
  assert.equal(hostName(new URL('https://Hr.Intranet.Corp/x')), 'hr.intranet.corp');
});
