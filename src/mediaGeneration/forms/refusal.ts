import { isGatewayError } from '../../gateway/errors';

/** Why `check` refuses (a validation error's message), or undefined when it passes. */
export function refusalOf(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (isGatewayError(error) && error.kind === 'validation') return error.message;
    throw error;
  }
}
