/**
 * Headers the user adds to every gateway API request (not to downloads of
 * signed media links): plain ones from `genaiGateway.headers`, secret ones
 * from secret storage. Checked before anything is sent; the message names
 * the header. Pure: no `vscode`.
 */
import { t } from '../l10n/localize';
import { GatewayError } from './errors';

/**
 * `bearer` (the default): the key goes as `Authorization: Bearer <key>` and
 * no added header may set Authorization. `custom`: the key is not sent; an
 * Authorization header, if any, comes from the added headers.
 */
export type AuthorizationMode = 'bearer' | 'custom';

/** RFC 9110 §5.6.2 token: the characters a field name may have. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why a header may not be added: framing, hop-by-hop and connection headers, and those the extension itself sets for each request. */
function refusalReason(lowerName: string): string | undefined {
  switch (lowerName) {
    case 'host':
      return t('the transport sets it from the gateway address');
    case 'content-length':
    case 'transfer-encoding':
    case 'content-type':
    case 'content-encoding':
      return t('it describes the body, which the extension writes');
    case 'connection':
    case 'keep-alive':
    case 'proxy-connection':
    case 'upgrade':
    case 'te':
    case 'trailer':
    case 'http2-settings':
      return t('it is a hop-by-hop header');
    case 'expect':
      return t('it changes how the request is sent');
    case 'proxy-authorization':
      return t("it is for a proxy: set VS Code's http.proxyAuthorization, or put the credentials in the proxy URL");
    case 'accept':
      return t('the extension sets it for each request (JSON, event streams or media)');
    default:
      return undefined;
  }
}

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
    const where = secret ? t('the secret header "{0}"', name) : t('the header "{0}" in genaiGateway.headers', name);
    checkName(name, where, sources.authorization, secret);
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) {
      throw headerError(name, secret, t('{0} is set twice (also as {1}); keep one', where, earlier));
    }
    seen.set(lower, secret ? t('the secret header "{0}"', name) : t('"{0}" in genaiGateway.headers', name));
    if (typeof value !== 'string') {
      throw headerError(name, secret, t('{0} has a {1} value; a header value is a string', where, value === null ? 'null' : typeof value));
    }
    const trimmed = value.trim();
    if (/[\r\n\0]/.test(trimmed)) {
      throw headerError(name, secret, t('the value of {0} contains a line break or NUL character, which a header value may not', where));
    }
    if (/[\x01-\x08\x0b-\x1f\x7f]/.test(trimmed)) {
      throw headerError(name, secret, t('the value of {0} contains a control character, which a header value may not', where));
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
  if (/[\r\n\0]/.test(value)) return t('A header value may not contain a line break or NUL character.');
  if (/[\x01-\x08\x0b-\x1f\x7f]/.test(value)) return t('A header value may not contain a control character.');
  return undefined;
}

function checkName(name: string, where: string, authorization: AuthorizationMode, secret: boolean): void {
  if (!TOKEN.test(name)) {
    throw headerError(
      name,
      secret,
      t("{0} is not a valid header name: a name has letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only (no spaces or colons)", where),
    );
  }
  const lower = name.toLowerCase();
  const why = refusalReason(lower);
  if (why) throw headerError(name, secret, t('{0} cannot be set: {1}', where, why));
  if (lower === 'authorization' && authorization === 'bearer') {
    throw headerError(
      name,
      secret,
      t(
        '{0} would replace the Authorization header that carries your API key ("Bearer <key>"). To send your own Authorization header instead of the key, set genaiGateway.authorizationHeader to "custom"',
        where,
      ),
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
