/**
 * What an image answer says it generated, for the user: how many images,
 * their sizes, and the tokens billed ("2 images, 2048×2048, 32,768 output
 * tokens"), from the answer's `data[].size` and `usage` where the gateway
 * sends them. The answer is the gateway's: every field is read defensively.
 */

/** undefined when the answer says nothing beyond the files saved. */
export function describeGeneratedImages(document: { data?: unknown; usage?: unknown }): string | undefined {
  const data = Array.isArray(document.data) ? document.data : [];
  const usage = typeof document.usage === 'object' && document.usage !== null ? (document.usage as Record<string, unknown>) : {};
  const count = count0(usage.generated_images);
  const sizes = [...new Set(data.map(sizeOf).filter((size): size is string => size !== undefined))];
  const tokens = count0(usage.output_tokens) ?? count0(usage.total_tokens);
  const parts = [
    count === undefined ? undefined : `${count} ${count === 1 ? 'image' : 'images'}`,
    sizes.length ? sizes.join(', ') : undefined,
    tokens === undefined ? undefined : `${tokens.toLocaleString('en')} ${usage.output_tokens === undefined ? '' : 'output '}tokens`,
  ].filter((part): part is string => part !== undefined);
  return parts.length ? parts.join(', ') : undefined;
}

function sizeOf(item: unknown): string | undefined {
  const size = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).size : undefined;
  const match = typeof size === 'string' ? /^(\d{1,5})x(\d{1,5})$/.exec(size) : null;
  return match ? `${match[1]}×${match[2]}` : undefined;
}

function count0(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
