import { useCallback, useEffect, useState } from 'react';
import { showRequestError } from '@/requestErrorConfig';
import { toRequestFailure } from './requestError';

/** One record a page opens by its id: loading, shown, not found (another centre's too), or failed. */
export type RecordLoad<T> =
  | { state: 'loading' }
  | { state: 'loaded'; record: T }
  | { state: 'missing' }
  | { state: 'failed' };

/**
 * Loads a record with `fetchRecord` (again whenever it changes: give a callback of the id), and tells a
 * 404 (the server never says another centre's record exists) from a failure, which shows the request's
 * notice (a 401 signs out; no reply shows the network notice). A reply that comes after the page moved
 * on is dropped. `retry` loads again; `set` shows a record the page got from a write.
 */
export function useRecordLoad<T>(fetchRecord: () => Promise<T>) {
  const [load, setLoad] = useState<RecordLoad<T>>({ state: 'loading' });
  const retry = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    fetchRecord()
      .then((record) => live && setLoad({ state: 'loaded', record }))
      .catch((error: unknown) => {
        if (!live) return;
        if (toRequestFailure(error).status === 404) return setLoad({ state: 'missing' });
        showRequestError(error);
        setLoad({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [fetchRecord]);
  useEffect(retry, [retry]);
  const set = useCallback((record: T) => setLoad({ state: 'loaded', record }), []);
  return { load, retry, set };
}
