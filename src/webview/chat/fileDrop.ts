/**
 * Files dropped on the chat view are attached. VS Code hands a webview a
 * drop from the Explorer or an editor tab only while Shift is held (without
 * it, the workbench keeps the drop). Seen in code-server 4.139: from the
 * Explorer `text/uri-list`, `application/vnd.code.uri-list` and `ResourceURLs`;
 * from an editor tab the last two only; as `vscode-remote://` URIs.
 */
import type { HostConnection } from './hostConnection';

const URI_LIST_TYPES = ['application/vnd.code.uri-list', 'text/uri-list'];
const RESOURCE_URLS = 'resourceurls';

export function installFileDrop(target: HTMLElement, host: HostConnection): void {
  const carriesUris = (event: DragEvent) =>
    [...(event.dataTransfer?.types ?? [])].some((t) => URI_LIST_TYPES.includes(t.toLowerCase()) || t.toLowerCase() === RESOURCE_URLS);
  target.addEventListener('dragover', (event) => {
    if (!carriesUris(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    target.classList.add('drop-target');
  });
  target.addEventListener('dragleave', () => target.classList.remove('drop-target'));
  target.addEventListener('drop', (event) => {
    target.classList.remove('drop-target');
    const uris = droppedUris(event.dataTransfer);
    if (!uris.length) return;
    event.preventDefault();
    host.post({ type: 'attachUris', uris });
  });
}

/** The URIs of a drop, from the first list type that has any. */
export function droppedUris(data: DataTransfer | null): string[] {
  if (!data) return [];
  for (const type of URI_LIST_TYPES) {
    const uris = data
      .getData(type)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    if (uris.length) return uris;
  }
  try {
    const resources: unknown = JSON.parse(data.getData('ResourceURLs') || '[]');
    return Array.isArray(resources) ? resources.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}
