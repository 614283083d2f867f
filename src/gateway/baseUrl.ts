/**
 * The gateway's address, read by one set of rules wherever it comes from
 * (the Set Gateway URL command, settings.json, the client, the key's
 * origin): an http(s) URL whose path ends in /v1, without credentials,
 * query or fragment. A password written into the address is never sent,
 * logged or shown: the address is refused, and the error shows it masked.
 */
import { t } from '../l10n/localize';
import { validationError, type GatewayError } from './errors';

export const BASE_URL_SETTING = 'genaiGateway.baseUrl';

export interface GatewayAddress {
  /** The address as requests use it: trimmed, without a trailing slash. */
  url: string;
  /** `https://host:port`: the origin a key is bound to. */
  origin: string;
  /** The path requests go under, e.g. `/v1` or `/api/v1`. */
  basePath: string;
}

type Reading = { ok: true; address: GatewayAddress } | { ok: false; problem: string };

function read(text: string): Reading {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, problem: t('Not a valid URL, e.g. https://gateway.example.com/v1') };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: t('Use an http:// or https:// address.') };
  if (url.username || url.password) return { ok: false, problem: t('Do not put credentials in the address; use "Set API Key".') };
  if (url.search || url.hash) return { ok: false, problem: t('The address has no query (?…) or fragment (#…), e.g. https://gateway.example.com/v1') };
  if (!/\/v1\/?$/.test(url.pathname)) return { ok: false, problem: t('The address ends in /v1, e.g. https://gateway.example.com/v1') };
  const basePath = url.pathname.replace(/\/+$/, '');
  return { ok: true, address: { url: `${url.origin}${basePath}`, origin: url.origin, basePath } };
}

/** What is wrong with the address, in words for the user; undefined when it is a gateway address. */
export function baseUrlProblem(text: string): string | undefined {
  const reading = read(text);
  return reading.ok ? undefined : reading.problem;
}

/** The address, or undefined when it is not a gateway address. */
export function gatewayAddressOf(text: string): GatewayAddress | undefined {
  const reading = read(text);
  return reading.ok ? reading.address : undefined;
}

/** The address; an error naming the setting, the problem and what is allowed otherwise (the value shown with any password masked). */
export function parseBaseUrl(text: string): GatewayAddress {
  const reading = read(text);
  if (reading.ok) return reading.address;
  throw baseUrlError(text, reading.problem);
}

function baseUrlError(text: string, problem: string): GatewayError {
  const allowed = t('an http:// or https:// address ending in /v1; run "GenAI Gateway: Set Gateway URL"');
  return validationError(BASE_URL_SETTING, withoutCredentials(text), allowed, problem);
}

/** The text with a `user:password@` part masked, so an error never shows a password. */
function withoutCredentials(text: string): string {
  return text.trim().replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1***@');
}
