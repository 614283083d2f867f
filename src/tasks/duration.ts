/** Durations as the Video Tasks view and the chat's task cards show them. Pure, free of imports (the chat webview bundles it). */

/** `45s`, `2m 05s`, `1h 02m`, `3d 4h`. */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${pad(seconds % 60)}s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${pad(minutes % 60)}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}
