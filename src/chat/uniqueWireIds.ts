/**
 * Tool-call ids as they go back on the wire, made unique: a hostile or buggy
 * server may give two calls one id (in one answer, or again in a later round,
 * as servers that number calls `call_0` do), and a `tool` message must name
 * exactly one call. Pure: no `vscode`, no I/O.
 */

export class UniqueWireIds {
  private readonly taken = new Set<string>();

  /**
   * The id itself the first time; a repeat of a letters-and-digits id gets
   * one of the same length whose tail is a base-36 counter (Mistral checks
   * the length and characters of the ids sent back), any other the id with
   * `_` and the counter appended.
   */
  claim(id: string): string {
    let unique = id;
    for (let n = 1; this.taken.has(unique); n++) unique = variant(id, n);
    this.taken.add(unique);
    return unique;
  }
}

function variant(id: string, n: number): string {
  const counter = n.toString(36);
  if (id.length > counter.length + 1 && /^[A-Za-z0-9]+$/.test(id)) return id.slice(0, id.length - counter.length) + counter;
  return `${id}_${counter}`;
}
