import { t } from '../l10n/localize';
import { GatewayError } from './errors';

/**
 * Turns an error response into a GatewayError, whatever its body shape:
 * the OpenAI envelope (optionally with status_code), an upstream vendor
 * envelope, FastAPI's `detail`, an object store's XML error (signed media
 * links), a plain string, or a text/HTML page.
 */
export function errorFromResponse(
  status: number,
  bodyText: string,
  contentType: string | undefined,
  requestId: string | undefined,
  retryAfterMs: number | undefined,
): GatewayError {
  const fields = parseErrorFields(bodyText, contentType);
  return new GatewayError({
    kind: 'http',
    status,
    requestId,
    retryAfterMs,
    code: fields.code,
    type: fields.type,
    param: fields.param,
    message: fields.message || t('The gateway answered HTTP {0} {1}.', status, statusText(status)),
  });
}

/**
 * An error object sent as JSON (`{"error": {...}}` and the other shapes), e.g.
 * in the middle of a stream; the status comes from `status_code`, or from a
 * numeric `code` (llama.cpp and OpenRouter put the HTTP status there).
 */
export function errorFromJson(body: unknown, requestId: string | undefined, fallbackMessage: string): GatewayError {
  const fields = fieldsFromJson(body);
  const inner = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  return new GatewayError({
    kind: 'http',
    status: httpStatus(inner?.status_code) ?? httpStatus(inner?.code),
    requestId,
    code: fields.code,
    type: fields.type,
    param: fields.param,
    message: fields.message || fallbackMessage,
  });
}

interface ErrorFields {
  message?: string;
  code?: string;
  type?: string;
  param?: string;
}

function parseErrorFields(bodyText: string, contentType: string | undefined): ErrorFields {
  const trimmed = bodyText.trim();
  if (!trimmed) return {};
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || contentType?.includes('json')) {
    try {
      return fieldsFromJson(JSON.parse(trimmed));
    } catch {
      // Cut short, or not JSON after all: then read as text.
      const cut = cutJsonFields(trimmed);
      if (cut) return cut;
    }
  }
  return xmlErrorFields(trimmed) ?? { message: textOf(trimmed, contentType) };
}

/** A JSON error body cut short (only its start is read): the first complete "message" and "code" strings in it. */
function cutJsonFields(text: string): ErrorFields | undefined {
  const field = (name: string): string | undefined => {
    const literal = new RegExp(`"${name}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(text)?.[1];
    if (literal === undefined) return undefined;
    try {
      return str(JSON.parse(literal));
    } catch {
      return undefined;
    }
  };
  const message = field('message');
  return message ? { message, code: field('code'), type: field('type') } : undefined;
}

/** `<Error><Code>AccessDenied</Code><Message>Request has expired</Message>…</Error>`, as S3-style object stores answer. */
function xmlErrorFields(text: string): ErrorFields | undefined {
  if (!/^(<\?xml[^>]*>\s*)?<Error>/i.test(text)) return undefined;
  const element = (name: string): string | undefined => new RegExp(`<${name}>([^<]*)</${name}>`, 'i').exec(text)?.[1]?.trim() || undefined;
  const code = element('Code');
  const message = element('Message') ?? code;
  return message ? { message, code } : undefined;
}

function fieldsFromJson(body: unknown): ErrorFields {
  if (!isRecord(body)) return typeof body === 'string' ? { message: body } : {};
  const inner = body.error ?? body.detail;
  if (typeof inner === 'string') return { message: inner, code: str(body.code), type: str(body.type) };
  if (Array.isArray(inner)) return { message: inner.map(describeFastApiItem).join('; ') };
  if (isRecord(inner)) {
    return {
      message: str(inner.message) ?? str(inner.msg) ?? str(inner.error),
      code: str(inner.code) ?? (typeof inner.error === 'string' && inner.message ? inner.error : undefined),
      type: str(inner.type),
      param: str(inner.param),
    };
  }
  // Mistral wraps FastAPI's validation body in `message` (dnakov/anon-kode#53): {"object":"error","message":{"detail":[...]},"type":...}.
  if (isRecord(body.message)) return { ...fieldsFromJson(body.message), type: str(body.type), code: str(body.code) };
  return { message: str(body.message), code: str(body.code), type: str(body.type), param: str(body.param) };
}

/** FastAPI validation items: {loc: [...], msg, type}. */
function describeFastApiItem(item: unknown): string {
  if (!isRecord(item)) return String(item);
  const loc = Array.isArray(item.loc) ? item.loc.filter((p) => p !== 'body').join('.') : undefined;
  const msg = str(item.msg) ?? JSON.stringify(item);
  return loc ? `${loc}: ${msg}` : msg;
}

function textOf(text: string, contentType: string | undefined): string {
  const isHtml = contentType?.includes('html') || /^<(!doctype|html|head|body)/i.test(text);
  const plain = isHtml ? (text.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? text.replace(/<[^>]+>/g, ' ')) : text;
  const collapsed = plain.replace(/\s+/g, ' ').trim();
  return collapsed.length > 300 ? `${collapsed.slice(0, 297)}...` : collapsed;
}

function httpStatus(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599 ? value : undefined;
}

function str(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** HTTP's reason phrase, the wire's own name of the status: kept as HTTP spells it, like the number. */
function statusText(status: number): string {
  /* not shown translated: reason phrases of the HTTP status line (RFC 9110) */
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return names[status] ?? '';
}
