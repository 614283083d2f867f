/**
 * Which gateway origins a key may be sent to. A key belongs to the origins
 * the user approved for it: the gateway address it was set for, and each
 * other one the user confirmed. Pure: the decision, not the asking.
 */
import { gatewayAddressOf } from '../gateway/baseUrl';
import type { SettingSource } from '../platform/settings';

export interface KeyHolder {
  source: 'secretStorage' | 'environment';
  /** Origins approved for this key. */
  origins: readonly string[];
}

/**
 * `send`: approved. `bind`: approve silently (a stored key that belongs to no
 * origin yet, used with the user's own address). `ask`: the user confirms.
 */
export type KeyOriginDecision = 'send' | 'bind' | 'ask';

export function keyOriginDecision(key: KeyHolder, origin: string, addressSource: SettingSource): KeyOriginDecision {
  if (key.origins.includes(origin)) return 'send';
  // Whoever wrote the repository chose this address: never without the user.
  if (addressSource === 'workspace') return 'ask';
  // The environment variable and the user settings are both the user's own.
  if (key.source === 'environment') return 'send';
  // A key stored before keys were bound to origins, or set before any address.
  return key.origins.length === 0 ? 'bind' : 'ask';
}

/** `https://host:port` of a gateway address; undefined when it is not one (the rules of gateway/baseUrl). */
export function originOf(address: string): string | undefined {
  return gatewayAddressOf(address)?.origin;
}
