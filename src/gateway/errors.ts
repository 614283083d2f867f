import { t } from '../l10n/localize';

/**
 * The one error type of the gateway client. Every failure a caller can see
 * (validation before sending, HTTP error, network failure, timeout, abort,
 * broken stream) is a GatewayError, so features render errors one way.
 */

export type GatewayErrorKind =
  | 'validation' // refused before anything was sent
  | 'http' // the server answered with a non-2xx status
  | 'network' // no answer: connection refused, reset, DNS, TLS, proxy
  | 'timeout' // connect, headers or idle-body timeout
  | 'aborted' // cancelled by the caller
  | 'stream'; // the response body was cut or malformed

export interface GatewayErrorInit {
  kind: GatewayErrorKind;
  message: string;
  status?: number;
  code?: string;
  type?: string;
  param?: string;
  requestId?: string;
  retryAfterMs?: number;
  /** For validation: the value given and what is allowed. */
  value?: unknown;
  allowed?: string;
  cause?: unknown;
}

export class GatewayError extends Error {
  readonly kind: GatewayErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly type?: string;
  readonly param?: string;
  readonly requestId?: string;
  readonly retryAfterMs?: number;
  readonly value?: unknown;
  readonly allowed?: string;

  constructor(init: GatewayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'GatewayError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.type = init.type;
    this.param = init.param;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
    this.value = init.value;
    this.allowed = init.allowed;
  }

  /** What the user should do about it, in one sentence. */
  get advice(): string | undefined {
    return adviceFor(this);
  }

  /** The message, the advice and the request id: what a user is shown. */
  get userMessage(): string {
    const parts = [this.message];
    const advice = this.advice;
    if (advice) parts.push(advice);
    if (this.requestId) parts.push(t('(request id {0})', this.requestId));
    return parts.join(' ');
  }
}

export function validationError(field: string, value: unknown, allowed: string, detail?: string): GatewayError {
  const shown = typeof value === 'string' && value.length > 60 ? `${value.slice(0, 57)}...` : value;
  const given = value === undefined ? t('nothing') : JSON.stringify(shown);
  return new GatewayError({
    kind: 'validation',
    param: field,
    value,
    allowed,
    message: detail
      ? t('Invalid "{0}": got {1} ({2}); allowed: {3}.', field, given, detail, allowed)
      : t('Invalid "{0}": got {1}; allowed: {2}.', field, given, allowed),
  });
}

export function isGatewayError(e: unknown): e is GatewayError {
  return e instanceof GatewayError;
}

/**
 * An error as a user may read it: a GatewayError's message, advice and request id; otherwise its message.
 * Its text may be the server's: notifications show it with inert links (see inertLinks).
 */
export function errorText(error: unknown): string {
  return inertLinks(isGatewayError(error) ? error.userMessage : error instanceof Error ? error.message : String(error));
}

/**
 * Text from elsewhere (a server's error message, request id or task record) made safe for a
 * VS Code notification. A notification turns `[label](target)` whose target starts with
 * `https://`, `http://`, `command:` or `file:` into a link, and opens it with commands allowed:
 * `[Check your quota](command:some.command?["argument"])` would run any command with any
 * arguments when its words are clicked. A space after each `]` before a `(` leaves the text
 * readable, its target visible, and no link.
 */
export function inertLinks(text: string): string {
  return text.replace(/\]\(/g, '] (');
}

/** OpenAI's code, llama.cpp's type, or a message about the context size (llama.cpp's legacy stream error has only that). */
function isContextOverflow(e: GatewayError): boolean {
  return e.code === 'context_length_exceeded' || e.type === 'exceed_context_size_error' || /context (size|length|window)/i.test(e.message);
}

function adviceFor(e: GatewayError): string | undefined {
  if (e.code === 'media_timeout') {
    return e.type === 'video'
      ? t(
          'For long videos, create a video task instead (GenAI Gateway: Create Video Task...), which is polled and does not time out; or raise genaiGateway.media.videoTimeoutSeconds.',
        )
      : t('Ask for fewer images at once, or raise genaiGateway.media.imageTimeoutSeconds.');
  }
  if (e.code === 'task_id_missing')
    return t(
      "The task may have been created and billed: it was not sent again. Refresh the Video Tasks view, or look for it in the gateway's console with the request id.",
    );
  if (e.code === 'media_link_refused')
    return t('Links to results expire (24 hours after they are made): generate the result again, or refresh the video task for a fresh link.');
  if (e.code === 'unsafe_media_link')
    return t("The gateway's administrator can serve results over https: from a public address, or from the gateway's own address.");
  if (e.code === 'invalid_tool_arguments') return t('The model wrote arguments that are not a JSON object; ask again, or choose another model.');
  if (e.code === 'response_limit') return t('The limit protects VS Code from a faulty gateway: ask for less, or have the gateway checked.');
  if (e.code === 'missing_credential')
    return t('Run "GenAI Gateway: Set API Key" (or "Set Access Token"), or set the GENAI_GATEWAY_API_KEY environment variable.');
  if (e.kind === 'http') {
    if (isContextOverflow(e))
      return t("The conversation is longer than the model's context: start a new conversation, attach less, or choose a model with a larger context.");
    if (e.status === 401) return t('Set a valid API key or access token (command "GenAI Gateway: Set API Key").');
    if (e.status === 403) return t('The key is not allowed to use this resource; check its permissions with the gateway administrator.');
    if (e.code === 'model_not_found' || (e.status === 404 && /model/i.test(e.message))) {
      return t(
        'The model does not exist on this gateway or your key may not use it: pick one from the gateway\'s list (command "GenAI Gateway: Select Model"), check the model settings (genaiGateway.models.*), or ask the gateway\'s administrator for access to it.',
      );
    }
    if (e.code === 'insufficient_quota') return t('The quota of this key is spent; retrying will not help until it is raised.');
    if (e.status === 429) {
      return e.retryAfterMs !== undefined ? t('Rate limited: retry in {0} s.', Math.ceil(e.retryAfterMs / 1000)) : t('Rate limited: wait a moment and retry.');
    }
    if ((e.status === 400 || e.status === 422) && e.param) return t('Check the field "{0}".', e.param);
    if (e.status !== undefined && e.status >= 500) return t('The gateway had a problem; retry later.');
  }
  if (e.kind === 'network') return t('Check the base URL, your network and the proxy setting.');
  if (e.kind === 'timeout') return t('The gateway did not answer in time; retry, or raise the request timeout setting.');
  if (e.kind === 'stream') return t('The answer was cut off; retry.');
  return undefined;
}
