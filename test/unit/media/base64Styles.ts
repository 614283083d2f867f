/** Ways servers write base64 inside a JSON string, as they appear between the quotes. */
export const BASE64_STYLES = ['plain', 'unpadded', 'lf76', 'crlf64', 'slashEscaped', 'unicodeEscaped'] as const;
export type Base64Style = (typeof BASE64_STYLES)[number];

export function base64InJson(bytes: Uint8Array, style: Base64Style): string {
  const base64 = Buffer.from(bytes).toString('base64');
  switch (style) {
    case 'plain':
      return base64;
    case 'unpadded':
      return base64.replace(/=+$/, '');
    case 'lf76':
      // Like Python's base64.encodebytes: a line break after every 76 characters and at the end.
      return linesOf(base64, 76).map((line) => `${line}\\n`).join('');
    case 'crlf64':
      return linesOf(base64, 64).join('\\r\\n');
    case 'slashEscaped':
      return base64.replace(/\//g, '\\/');
    case 'unicodeEscaped':
      return base64.replace(/\//g, '\\u002F').replace(/=/g, '\\u003d').replace(/\+/g, '\\u002b');
  }
}

function linesOf(text: string, length: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += length) lines.push(text.slice(i, i + length));
  return lines;
}
