/**
 * markdown-it's input normalisation (CR LF and lone CR become LF, NUL becomes
 * U+FFFD) applied chunk by chunk. A CR ending a chunk waits for the next one:
 * with an LF after it, the two are one line break, not two.
 */
export class NewlineNormalizer {
  private carriageReturnHeld = false;

  push(chunk: string): string {
    let text = this.carriageReturnHeld ? `\r${chunk}` : chunk;
    this.carriageReturnHeld = text.endsWith('\r');
    if (this.carriageReturnHeld) text = text.slice(0, -1);
    return text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  }

  flush(): string {
    const rest = this.carriageReturnHeld ? '\n' : '';
    this.carriageReturnHeld = false;
    return rest;
  }
}
