import { useLocation, useNavigate } from '@umijs/max';
import { useEffect, useRef, useState } from 'react';
import type { Query } from '@/services/http';
import { addressOf, readAddress } from './address';

/**
 * Keeps a list's filters, page and sort in the address (a link or the back button returns to them).
 * `remount` changes when the address changed from outside (back, forward, a link): the list then
 * starts again from it. `enabled` false (one class shown by `?id=`) leaves the address alone.
 */
export function useAddressQuery(today: string, enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const written = useRef<string>();
  const [remount, setRemount] = useState(0);
  useEffect(() => {
    if (!enabled || written.current === undefined || location.search === written.current) return;
    written.current = location.search;
    setRemount((n) => n + 1);
  }, [location.search, enabled]);
  const start = readAddress(new URLSearchParams(location.search), today);
  const onQuery = (query: Query) => {
    if (!enabled) return;
    const next = addressOf(query);
    const first = written.current === undefined;
    written.current = next;
    // The first load only writes down where the list opened; later changes are steps back can undo.
    if (next !== window.location.search) navigate(`${location.pathname}${next}`, { replace: first });
  };
  return { start, remount, onQuery };
}
