/*
 * The app's one IndexedDB database on the device (decision 042): the persisted query
 * cache (store "cache", key-value) and the writes waiting for the network (store "writes", in the
 * order they were made). Both are cleared when the session ends (auth-storage.ts).
 */

export const DEVICE_DB_NAME = 'wellspring-device';
const DB_VERSION = 1;
export const CACHE_STORE = 'cache';
export const WRITES_STORE = 'writes';

let opening: Promise<IDBDatabase> | null = null;
/** Counts the clears: a writer started before the last clear must not write back (see below). */
let generation = 0;

/** The current clear count; a persister started now writes only while it stays the same. */
export function getDeviceDbGeneration(): number {
  return generation;
}

function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB !== 'undefined';
  } catch {
    return false;
  }
}

function openDb(): Promise<IDBDatabase> {
  if (!hasIndexedDb()) return Promise.reject(new Error('IndexedDB is not available'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DEVICE_DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(CACHE_STORE)) db.createObjectStore(CACHE_STORE);
      if (!db.objectStoreNames.contains(WRITES_STORE)) {
        db.createObjectStore(WRITES_STORE, { keyPath: 'seq', autoIncrement: true });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting or upgrading the database: step aside, reopen on next use.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      db.onclose = () => {
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

/** Runs one request in its own transaction and resolves once the transaction has committed. */
export async function withStore<T>(
  storeName: string,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    const request = run(transaction.objectStore(storeName));
    transaction.oncomplete = () => resolve(request ? request.result : (undefined as T));
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

/** A small idb-keyval style store for the query cache's persister. */
export const deviceCache = {
  getItem: (key: string) =>
    withStore<unknown>(CACHE_STORE, 'readonly', (store) => store.get(key)).then(
      (value) => (typeof value === 'string' ? value : null),
      () => null,
    ),
  setItem: (key: string, value: string) =>
    withStore(CACHE_STORE, 'readwrite', (store) => store.put(value, key)).then(() => undefined),
  removeItem: (key: string) =>
    withStore(CACHE_STORE, 'readwrite', (store) => store.delete(key)).then(() => undefined),
};

/** Empties both stores: the cached data and the waiting writes (at sign-out). */
export async function clearDeviceDb(): Promise<void> {
  // At once, before the clear itself: a save of the old cache still on its way is dropped.
  generation += 1;
  if (!hasIndexedDb()) return;
  const db = await openDb();
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction([CACHE_STORE, WRITES_STORE], 'readwrite');
    transaction.objectStore(CACHE_STORE).clear();
    transaction.objectStore(WRITES_STORE).clear();
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB clear failed'));
  });
}
