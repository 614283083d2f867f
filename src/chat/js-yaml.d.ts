/** The part of js-yaml (4.x, which ships no types) the front matter reader uses. */
declare module 'js-yaml' {
  export const CORE_SCHEMA: unknown;
  export function load(text: string, options?: { schema?: unknown; json?: boolean; filename?: string }): unknown;
}
