/**
 * Headers the user adds to every gateway API request (not to downloads of
 * signed media links): plain ones from `genaiGateway.headers`, secret ones
 * from secret storage. Checked before anything is sent; the message names
 * the header. Pure: no `vscode`.
 */
import { GatewayError } from './errors';

/**
 * `bearer` (the default): the key goes as `Authorization: Bearer <key>` and
 * no added header may set Authorization. `custom`: the key is not sent; an
 * Authorization header, if any, comes from the added headers.
 */
export type AuthorizationMode = 'bearer' | 'custom';

/** RFC 9110 §5.6.2 token: the characters a field name may have. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Framing, hop-by-hop and connection headers, and those the extension itself sets for each request. */
const REFUSED: Record<string, string> = {
  host: 'the transport sets it from the gateway address',
  'content-length': 'it describes the body, which the extension writes',
  'transfer-encoding': 'it describes the body, which the extension writes',
  'content-type': 'it describes the body, which the extension writes',
  'content-encoding': 'it describes the body, which the extension writes',
  connection: 'it is a hop-by-hop header',
  'keep-alive': 'it is a hop-by-hop header',
  'proxy-connection': 'it is a hop-by-hop header',
  upgrade: 'it is a hop-by-hop header',
  te: 'it is a hop-by-hop header',
  trailer: 'it is a hop-by-hop header',
  expect: 'it changes how the request is sent',
  'http2-settings': 'it is a hop-by-hop header',
  'proxy-authorization': "it is for a proxy: set VS Code's http.proxyAuthorization, or put the credentials in the proxy URL",
  accept: 'the extension sets it for each request (JSON, event streams or media)',
};

export interface HeaderSources {
  /** `genaiGateway.headers` as read (values may be anything a settings file holds). */
  plain?: Readonly<Record<string, unknown>>;
  /** Name → value from secret storage. */
  secret?: Readonly<Record<string, string>>;
  authorization: AuthorizationMode;
}

/** The checked headers, lower-case name → value, ready to merge into a request. */
export function checkedHeaders(sources: HeaderSources): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Map<string, string>();
  const add = (name: string, value: unknown, secret: boolean) => {
    const where = secret ? `the secret header "${name}"` : `the header "${name}" in genaiGateway.headers`;
    checkName(name, where, sources.authorization, secret);
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) {
      throw headerError(name, secret, `${where} is set twice (also as ${earlier}); keep one`);
    }
    seen.set(lower, secret ? `the secret header "${name}"` : `"${name}" in genaiGateway.headers`);
    if (typeof value !== 'string') {
      throw headerError(name, secret, `${where} has a ${value === null ? 'null' : typeof value} value; a header value is a string`);
    }
    const trimmed = value.trim();
    if (/[\r\n\0]/.test(trimmed)) {
      throw headerError(name, secret, `the value of ${where} contains a line break or NUL character, which a header value may not`);
    }
    if (/[\x01-\x08\x0b-\x1f\x7f]/.test(trimmed)) {
      throw headerError(name, secret, `the value of ${where} contains a control character, which a header value may not`);
    }
    out[lower] = trimmed;
  };
  for (const [name, value] of Object.entries(sources.plain ?? {})) add(name, value, false);
  for (const [name, value] of Object.entries(sources.secret ?? {})) add(name, value, true);
  return out;
}

/** Undefined when `name` may be added; otherwise why not (for input boxes). */
export function headerNameProblem(name: string, authorization: AuthorizationMode): string | undefined {
  try {
    checkName(name, `"${name}"`, authorization, true);
    return undefined;
  } catch (e) {
    return e instanceof GatewayError ? e.message : String(e);
  }
}

/** Undefined when `value` may be a header value; otherwise why not. */
export function headerValueProblem(value: string): string | undefined {
  if (/[\r\n\0]/.test(value)) return 'A header value may not contain a line break or NUL character.';
  if (/[\x01-\x08\x0b-\x1f\x7f]/.test(value)) return 'A header value may not contain a control character.';
  return undefined;
}

function checkName(name: string, where: string, authorization: AuthorizationMode, secret: boolean): void {
  if (!TOKEN.test(name)) {
    throw headerError(
      name,
      secret,
      `${where} is not a valid header name: a name has letters, digits and ! # $ % & ' * + - . ^ _ \` | ~ only (no spaces or colons)`,
    );
  }
  const lower = name.toLowerCase();
  const why = REFUSED[lower];
  if (why) throw headerError(name, secret, `${where} cannot be set: ${why}`);
  if (lower === 'authorization' && authorization === 'bearer') {
    throw headerError(
      name,
      secret,
      `${where} would replace the Authorization header that carries your API key ("Bearer <key>"). To send your own Authorization header instead of the key, set genaiGateway.authorizationHeader to "custom"`,
    );
  }
}

function headerError(name: string, secret: boolean, message: string): GatewayError {
  return new GatewayError({
    kind: 'validation',
    code: 'invalid_header',
    param: secret ? 'genaiGateway.secretHeaders' : 'genaiGateway.headers',
    // The name is safe to show; a secret value never is part of the error.
    value: name,
    message: `${message[0].toUpperCase()}${message.slice(1)}.`,
  });
}

/** "A, B (secret)": the names of the headers sent, for Test Connection and the log. */
export function describeHeaders(plainNames: readonly string[], secretNames: readonly string[]): string | undefined {
  const all = [...plainNames, ...secretNames.map((n) => `${n} (secret)`)];
  return all.length ? all.join(', ') : undefined;
}
