// What the workbench keeps in the browser: VS Code for the Web and code-server store global and
// workspace state (extensions' Mementos included) in IndexedDB and localStorage.
import type { Page } from 'playwright-core';

interface StorageRecord {
  where: string;
  text: string;
}

interface BrowserStorageGlobals {
  localStorage: { length: number; key(i: number): string | null; getItem(key: string): string | null };
  indexedDB: {
    databases(): Promise<Array<{ name?: string }>>;
    open(name: string): { onsuccess: (() => void) | null; onerror: (() => void) | null; result: IdbDatabase };
  };
}
interface IdbDatabase {
  objectStoreNames: ArrayLike<string>;
  transaction(stores: string[]): { objectStore(name: string): { getAll(): IdbRequest; getAllKeys(): IdbRequest } };
  close(): void;
}
interface IdbRequest {
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
  result: unknown[];
}

/** Every localStorage item and IndexedDB record of the page's origin, as text, with where it is kept. */
export async function browserStorageRecords(page: Page): Promise<StorageRecord[]> {
  return page.evaluate(async () => {
    const g = globalThis as unknown as BrowserStorageGlobals;
    const records: StorageRecord[] = [];
    const asText = (value: unknown): string =>
      value instanceof Uint8Array ? new TextDecoder().decode(value) : typeof value === 'string' ? value : JSON.stringify(value);
    const settle = (request: IdbRequest): Promise<unknown[]> =>
      new Promise((resolve) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve([]);
      });
    for (let i = 0; i < g.localStorage.length; i++) {
      const key = g.localStorage.key(i) ?? '';
      records.push({ where: `localStorage ${key}`, text: `${key}=${g.localStorage.getItem(key) ?? ''}` });
    }
    for (const { name } of await g.indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IdbDatabase | undefined>((resolve) => {
        const request = g.indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(undefined);
      });
      if (!db) continue;
      for (const store of Array.from(db.objectStoreNames)) {
        const objects = db.transaction([store]).objectStore(store);
        const [keys, values] = [await settle(objects.getAllKeys()), await settle(objects.getAll())];
        values.forEach((value, i) => records.push({ where: `IndexedDB ${name}/${store}/${asText(keys[i])}`, text: `${asText(keys[i])}=${asText(value)}` }));
      }
      db.close();
    }
    return records;
  });
}
