/** Local files sent as inputs: checked for size before reading, and for type by their bytes. */
import { promises as fs } from 'node:fs';
import { validationError } from '../../gateway/errors';
import { sniffMediaType } from '../../gateway/media/mediaType';
import { describeBytes } from '../../gateway/validation/media';
import type { FilesField } from '../forms/formFields';
import type { EncodedInput } from '../forms/formRequest';

/**
 * Reads and base64-encodes one input file of `field`.
 * @param shownAs how the file is named in errors (its workspace-relative path).
 * @throws GatewayError kind 'validation' naming the field when the file is
 *   missing, too big or not of an allowed type.
 */
export async function readLocalInput(path: string, field: FilesField, shownAs: string): Promise<EncodedInput> {
  const types = field.mimeTypes.map((t) => t.split('/')[1].toUpperCase()).join(', ');
  const allowed = `a ${types} file of at most ${describeBytes(field.maxBytes)}`;
  const stat = await fs.stat(path).catch(() => undefined);
  if (!stat?.isFile()) throw validationError(field.key, shownAs, allowed, 'no such file');
  if (stat.size > field.maxBytes) throw validationError(field.key, shownAs, allowed, `the file has ${describeBytes(stat.size)}`);
  const bytes = await fs.readFile(path);
  const type = sniffMediaType(bytes);
  if (!type || !field.mimeTypes.includes(type.mimeType)) {
    throw validationError(field.key, shownAs, allowed, type ? `the file holds ${type.mimeType}` : 'the file is no image or video of a known type');
  }
  return { path, mimeType: type.mimeType, base64: bytes.toString('base64') };
}
