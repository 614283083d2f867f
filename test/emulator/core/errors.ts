/** Error bodies: the gateway's OpenAI envelope, and the other shapes of gaps.md for faults. */

import type { ErrorBodyShape } from './faults';

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null; status_code?: number };
}

/** Thrown by route handlers; the pipeline answers it in the OpenAI envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly param: string | null = null,
    readonly type: string = errorTypeFor(status),
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): OpenAiErrorBody {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

export function invalidParam(param: string, message: string, code = 'invalid_value'): ApiError {
  return new ApiError(400, message, code, param);
}

export function modelNotFound(model: string): ApiError {
  return new ApiError(404, `The model \`${model}\` does not exist or you do not have access to it.`, 'model_not_found', 'model');
}

function errorTypeFor(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export interface RenderedError {
  contentType: string;
  body: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

const DEFAULT_MESSAGES: Record<number, [string, string]> = {
  400: ['Invalid request: the upstream rejected a parameter.', 'invalid_value'],
  401: ['Incorrect API key provided.', 'invalid_api_key'],
  403: ['You are not allowed to use this resource.', 'permission_denied'],
  404: ['The requested resource was not found.', 'not_found'],
  422: ['Unprocessable request.', 'validation_error'],
  429: ['Rate limit reached for requests. Please try again later.', 'rate_limit_exceeded'],
  500: ['The server had an error while processing your request. Sorry about that!', 'server_error'],
  502: ['Bad gateway: the upstream answered with an invalid response.', 'bad_gateway'],
  503: ['The server is overloaded or not ready yet.', 'server_overloaded'],
  504: ['The upstream did not answer in time.', 'gateway_timeout'],
};

/** The body of an injected error, in one of the shapes a client must accept. */
export function faultErrorBody(shape: ErrorBodyShape, status: number, code?: string): RenderedError {
  const [message, defaultCode] = DEFAULT_MESSAGES[status] ?? ['Request failed.', 'error'];
  const errorCode = code ?? defaultCode;
  switch (shape) {
    case 'openai':
      return json({ error: { message, type: errorTypeFor(status), param: null, code: errorCode, status_code: status } });
    case 'vendor':
      return json({
        error: {
          code: status === 400 ? 'InvalidParameter' : vendorCode(status),
          message: status === 400 ? 'The parameter `content[0].image_url.url` specified in the request is not valid.' : message,
          param: status === 400 ? 'content[0].image_url.url' : '',
          type: status === 400 ? 'BadRequest' : reasonPhrase(status).replace(/ /g, ''),
        },
      });
    case 'fastapi':
      return json({ detail: { error: errorCode === 'invalid_value' ? 'validation_error' : errorCode, message, type: errorTypeFor(status) } });
    case 'text':
      return { contentType: 'text/plain; charset=utf-8', body: `${status} ${reasonPhrase(status)}: ${message}` };
    case 'html':
      return { contentType: 'text/html', body: nginxPage(status) };
  }
}

/** The realistic body of a status burst: proxies answer 502/504 in HTML, the gateway the rest in its envelope. */
export function burstErrorBody(status: number, shape: ErrorBodyShape | undefined, code?: string): RenderedError {
  if (shape) return faultErrorBody(shape, status, code);
  if (status === 502 || status === 504) return { contentType: 'text/html', body: nginxPage(status) };
  return faultErrorBody('openai', status, code);
}

function vendorCode(status: number): string {
  if (status === 429) return 'RateLimitExceeded.EndpointRPMExceeded';
  if (status === 401) return 'AuthenticationError';
  if (status === 404) return 'NotFound';
  return 'InternalServiceError';
}

function nginxPage(status: number): string {
  const title = `${status} ${reasonPhrase(status)}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

function json(value: unknown): RenderedError {
  return { contentType: 'application/json', body: JSON.stringify(value) };
}
