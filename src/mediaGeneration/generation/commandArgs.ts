/**
 * Checks the argument object the Generate Image / Generate Video commands take
 * from a caller (an integration test, a chat tool) instead of the guided form.
 */
import { validationError } from '../../gateway/errors';
import type { CancellationLike, GenerateCommandResult } from '../../mediaActions/commandContracts';
import type { GenerationOutcome } from './generationRun';
import { t } from '../../l10n/localize';

export interface ParsedCommandArgs {
  prompt?: string;
  model?: string;
  fields: Record<string, unknown>;
  /** Absolute paths by field. */
  inputs: Record<string, string[]>;
  interactive: boolean;
  openResults: boolean;
  cancellation?: CancellationLike;
}

export function commandResult(outcome: GenerationOutcome): GenerateCommandResult {
  return {
    files: outcome.saved.map((s) => s.path),
    sidecars: outcome.saved.map((s) => s.sidecar),
    failed: outcome.failed,
    cancelled: outcome.cancelled,
    silentAudio: outcome.silentAudio,
    requestId: outcome.requestId,
    ...(outcome.generated ? { generated: outcome.generated } : {}),
  };
}

const KNOWN_KEYS = ['prompt', 'model', 'fields', 'inputs', 'interactive', 'openResults', 'cancellation'];

/**
 * Checks an argument object of unknown origin.
 * @param toPath an absolute path for an input given as a path or URI; undefined when it is neither.
 * @throws GatewayError kind 'validation' naming the argument.
 */
export function parseCommandArgs(raw: object, toPath: (item: unknown) => string | undefined): ParsedCommandArgs {
  const args = raw as Record<string, unknown>;
  for (const key of Object.keys(args)) {
    if (!KNOWN_KEYS.includes(key)) throw validationError(key, args[key], t('only the arguments {0}', KNOWN_KEYS.join(', ')));
  }
  return {
    prompt: optionalString(args, 'prompt'),
    model: optionalString(args, 'model'),
    fields: record(args, 'fields'),
    inputs: Object.fromEntries(Object.entries(record(args, 'inputs')).map(([field, items]) => [field, paths(field, items, toPath)])),
    interactive: optionalBoolean(args, 'interactive') ?? false,
    openResults: optionalBoolean(args, 'openResults') ?? true,
    cancellation: cancellation(args.cancellation),
  };
}

function cancellation(value: unknown): CancellationLike | undefined {
  if (value === undefined) return undefined;
  const token = value as Partial<CancellationLike> | null;
  if (typeof token?.onCancellationRequested !== 'function' || typeof token.isCancellationRequested !== 'boolean') {
    throw validationError('cancellation', value, t('a CancellationToken'));
  }
  return token as CancellationLike;
}

function optionalString(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  if (value !== undefined && typeof value !== 'string') throw validationError(key, value, t('a text'));
  return value;
}

function optionalBoolean(args: Record<string, unknown>, key: string): boolean | undefined {
  const value = args[key];
  if (value !== undefined && typeof value !== 'boolean') throw validationError(key, value, t('true or false'));
  return value;
}

function record(args: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = args[key];
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw validationError(key, value, t('an object'));
  return value as Record<string, unknown>;
}

function paths(field: string, items: unknown, toPath: (item: unknown) => string | undefined): string[] {
  const list = Array.isArray(items) ? items : [items];
  return list.map((item, i) => {
    const path = toPath(item);
    if (path === undefined) throw validationError(`inputs.${field}[${i}]`, item, t('a file path or file URI'));
    return path;
  });
}
