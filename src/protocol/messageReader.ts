/**
 * The guard every webview protocol puts on what its webview posts (untrusted
 * input): a message is rebuilt from its known fields by the reader of its
 * type, or refused.
 */
import { record } from '../chat/jsonFields';

/** One reader per message type; each throws on a missing or mistyped field. */
export type MessageReaders<M extends { type: string }> = {
  [T in M['type']]: (m: Record<string, unknown>) => Extract<M, { type: T }>;
};

/** The message re-built from its known fields only, or undefined when it is not a well-formed message. */
export function messageReader<M extends { type: string }>(readers: MessageReaders<M>): (value: unknown) => M | undefined {
  const isType = (type: unknown): type is M['type'] => typeof type === 'string' && Object.prototype.hasOwnProperty.call(readers, type);
  return (value) => {
    try {
      const m = record(value, 'message');
      if (!isType(m.type)) return undefined;
      const read = readers[m.type] as (m: Record<string, unknown>) => M;
      return read(m);
    } catch {
      return undefined;
    }
  };
}
