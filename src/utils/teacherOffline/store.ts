import type { TConfirmBody, TMyClasses, TSchedule } from '../../contracts/schedules';
import { KEPT_CLASSES_DB } from '../session';

/**
 * The teacher's page kept on the phone (issue 11), in plain IndexedDB: two tiny key-value stores do
 * not need a library. Two databases, so sign-out (src/utils/session.ts) can delete the kept classes
 * whole (`deleteDatabase` creates nothing for a user who never had any) while the confirmations still to
 * send stay for their teacher's next sign-in. Every record carries the user id it belongs to, and
 * each operation opens and closes its own connection (an open one would block the deletion).
 */
const CLASSES_DB = KEPT_CLASSES_DB;
const QUEUE_DB = 'levelup-teacher-confirmations';
const STORE = 'records';

export type PageClasses = TMyClasses & { feedbackDue: TSchedule[] };
export interface KeptClasses {
  userId: number;
  /** When the list was loaded from the server (ISO instant). */
  savedAt: string;
  classes: PageClasses;
}

/** The server's refusal of a queued confirmation, kept until the teacher dismisses it. */
export interface Refusal {
  errorKey?: string;
  errorMessage: string;
  status: number;
}

export interface QueuedConfirmation {
  /** Made when the teacher confirmed; the server answers a second send with the first result. */
  idempotencyKey: string;
  userId: number;
  scheduleId: number;
  /** The confirmation as sent: its idempotencyKey and the class version the teacher saw included. */
  body: TConfirmBody;
  queuedAt: string;
  /** The class as the teacher saw it, to show the refusal even when the class has left the list. */
  schedule: TSchedule;
  refusal?: Refusal;
}

const available = () => typeof indexedDB !== 'undefined';

function open(name: string, keyPath?: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, keyPath ? { keyPath } : undefined);
      if (keyPath) store.createIndex('userId', 'userId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs one transaction on one store and resolves with the request's result once it has committed. */
async function run<T>(
  name: string,
  keyPath: string | undefined,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await open(name, keyPath);
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export async function keepClasses(userId: number, classes: PageClasses, savedAt = new Date()): Promise<void> {
  if (!available()) return;
  const record: KeptClasses = { userId, savedAt: savedAt.toISOString(), classes };
  await run(CLASSES_DB, undefined, 'readwrite', (store) => store.put(record, userId));
}

export async function keptClasses(userId: number): Promise<KeptClasses | undefined> {
  if (!available()) return undefined;
  const record = await run<KeptClasses>(CLASSES_DB, undefined, 'readonly', (store) => store.get(userId));
  // The key is the user id already; the check keeps a record somehow filed under another from showing.
  return record?.userId === userId ? record : undefined;
}

export async function queuedConfirmations(userId: number): Promise<QueuedConfirmation[]> {
  if (!available()) return [];
  const all = await run<QueuedConfirmation[]>(QUEUE_DB, 'idempotencyKey', 'readonly', (store) =>
    store.index('userId').getAll(userId),
  );
  return (all ?? []).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function putConfirmation(item: QueuedConfirmation): Promise<void> {
  await run(QUEUE_DB, 'idempotencyKey', 'readwrite', (store) => store.put(item));
}

export async function removeConfirmation(idempotencyKey: string): Promise<void> {
  await run(QUEUE_DB, 'idempotencyKey', 'readwrite', (store) => store.delete(idempotencyKey));
}
