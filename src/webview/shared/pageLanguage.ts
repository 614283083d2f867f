/**
 * The display language the host wrote into the page (`<html lang>`, VS Code's
 * `env.language`), for numbers and lists written the way the translated texts
 * around them expect.
 */
export function pageLanguage(): string {
  return document.documentElement.lang || 'en';
}

/** 12,345 in English, 12.345 in German. */
export function formatNumber(n: number): string {
  return n.toLocaleString(pageLanguage());
}
