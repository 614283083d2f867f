import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifyAddress,
  localClasses,
  refuseLink,
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
