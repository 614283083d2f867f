/** How generated files are named and downloaded; the parts of OutputFiles that need no VS Code. */
import type { GatewayClient } from '../gateway/client';
import { slugForFileName, writeAll } from '../files/atomicFile';
import type { ContentNamedFile } from '../files/contentNamedFile';

/** How a generated file is named: `<prompt-slug>-<time>[-<member>].<ext>`, the extension from its content. */
export interface MediaFileName {
  prompt: string;
  /** The time in the name; the members of a set share one. */
  at: Date;
  /** 1-based position in a set; absent for a single result. */
  member?: number;
  /** For content of no known type. */
  fallbackExtension: string;
}

/** `<prompt-slug>-<yyyymmdd-hhmmss>[-<member>]`: a generated file's name without extension. */
export function generatedFileBase(prompt: string, member: number | undefined, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${slugForFileName(prompt, 48)}-${stamp}${member !== undefined ? `-${member}` : ''}`;
}

/** Downloads a signed link (no credential is sent) into `file`; returns the path used. Nothing is left behind on failure. */
export async function downloadToFile(client: GatewayClient, url: string, file: ContentNamedFile, signal?: AbortSignal): Promise<string> {
  try {
    const response = await client.download(url, signal);
    await writeAll(file, response.body, signal);
    return await file.close();
  } catch (error) {
    await file.abort();
    throw error;
  }
}
