import { KEPT_FAMILY_DB } from './session';

/**
 * The family portal kept on the phone (issue 21), like the teacher's page (issue 11): each page's last
 * answer from the server, in IndexedDB, under the signed-in user's id, so that with no network the
 * family still reads the balance, the next lessons and the feedback, marked with when they were saved.
 * Sign-out deletes the whole database (src/utils/session.ts); the service worker caches nothing of /api.
 */
const STORE = 'pages';

export interface KeptPage<V> {
  userId: number;
  key: string;
  /** When the page was loaded from the server (ISO instant). */
  savedAt: string;
  value: V;
}

const available = () => typeof indexedDB !== 'undefined';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(KEPT_FAMILY_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const idOf = (userId: number, key: string) => `${userId}:${key}`;

export async function keepPage<V>(userId: number, key: string, value: V, savedAt = new Date()): Promise<void> {
  if (!available()) return;
  const record: KeptPage<V> = { userId, key, savedAt: savedAt.toISOString(), value };
  await run('readwrite', (store) => store.put(record, idOf(userId, key)));
}

export async function keptPage<V>(userId: number, key: string): Promise<KeptPage<V> | undefined> {
  if (!available()) return undefined;
  const record = await run<KeptPage<V>>('readonly', (store) => store.get(idOf(userId, key)));
  // The key holds the user id already; the check keeps a record somehow filed under another from showing.
  return record?.userId === userId && record.key === key ? record : undefined;
}
