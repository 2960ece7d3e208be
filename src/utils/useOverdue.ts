import { useSyncExternalStore } from 'react';
import type { TOverdue } from '@/contracts/billing';
import { overdueStatus } from '@/services/billingPayment';

// The signed-in user's centre's overdue invoices (issue 10), kept for the session: fetched once after
// sign-in (loadOverdueFor) and again after a payment (refreshOverdue), never on every navigation.
// The banner (src/components/OverdueBanner) and /overdueAlert read it.

/** The alert concerns a centre's admins and operators, never teachers or the platform. */
export function concernsOverdue(authorities: readonly string[] | undefined): boolean {
  const roles = authorities ?? [];
  if (roles.includes('ROLE_SYSTEM')) return false;
  return roles.includes('ROLE_ADMIN') || roles.includes('ROLE_OPERATOR');
}

let current: TOverdue | undefined;
let loadedFor: string | undefined;
const listeners = new Set<() => void>();
const set = (value: TOverdue | undefined) => {
  current = value;
  for (const listener of listeners) listener();
};

export async function refreshOverdue(): Promise<TOverdue | undefined> {
  if (!loadedFor) return undefined;
  try {
    const reply = await overdueStatus();
    set(reply);
    return reply;
  } catch {
    return current; // the banner is a hint: a failed check changes nothing
  }
}

/** Loads once per signed-in user (by login); nothing for users the alert does not concern. */
export function loadOverdueFor(login: string | undefined, authorities: readonly string[] | undefined) {
  const key = login && concernsOverdue(authorities) ? login : undefined;
  if (key === loadedFor) return;
  loadedFor = key;
  set(undefined);
  if (key) void refreshOverdue();
}

export function useOverdue(): TOverdue | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
