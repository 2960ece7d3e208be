// The offline-capable app on the page's side (issue 11; spec sections 1 and 4). Loaded by src/app.tsx
// after the page's load event, in production builds only, so nothing of it is on the sign-in page's
// critical path.
//  - GET /api/app-config says whether the server's OFFLINE_APP switch is on. On: register /sw.js
//    (src/service-worker/sw.ts) with workbox-window. Off: unregister every worker of this origin and
//    delete every Cache Storage cache. Unreachable (offline): leave whatever is there alone.
//  - A new version waiting: a notice with "Reload"; only that button makes the new worker take over
//    (SKIP_WAITING), and the page then reloads once. Nothing ever reloads under the user by itself.
//  - Offline: a lasting notice while the browser is offline, closed when it is back.
import { getIntl } from '@umijs/max';
import { Button, notification } from 'antd';
import { createElement } from 'react';
import { Workbox } from 'workbox-window';
import type { TAppConfig } from '../contracts/app-config';
import { getStoredAuthorities, readKeptAccount } from './session';

const UPDATE_KEY = 'levelup-update';
const OFFLINE_KEY = 'levelup-offline';
/** How often an open page asks the server for a new worker (browsers also check on each navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

const t = (id: string) => getIntl().formatMessage({ id });

/** A guardian with no staff role: the family portal shows its own offline notice. */
const isFamilyOnly = (authorities: unknown[] | undefined) =>
  !!authorities?.includes('ROLE_CUSTOMER') && authorities.every((a) => a === 'ROLE_CUSTOMER');

/** The server's switch; undefined when it cannot be asked (offline, server failing). */
export async function offlineAppEnabled(): Promise<boolean | undefined> {
  try {
    const response = await fetch('/api/app-config', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Partial<TAppConfig>;
    return typeof body.offlineApp === 'boolean' ? body.offlineApp : undefined;
  } catch {
    return undefined;
  }
}

/** The seed's behaviour when the offline feature is off: no worker, no cache left on this origin. */
export async function removeOfflineApp(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
}

function showUpdateNotice(wb: Workbox): void {
  let reloading = false;
  const reload = () => {
    notification.destroy(UPDATE_KEY);
    // Reload once, when the new worker controls this page (so the reload gets the new shell).
    wb.addEventListener('controlling', () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
    wb.messageSkipWaiting();
  };
  notification.info({
    key: UPDATE_KEY,
    message: t('pwa.update.title'),
    description: t('pwa.update.description'),
    duration: 0,
    actions: createElement(Button, { type: 'primary', size: 'small', onClick: reload }, t('pwa.update.reload')),
  });
}

function showOfflineNotice(): void {
  // One notice at a time: the offline notice replaces a network error shown just before it.
  notification.destroy(t('request.error.network'));
  // A family's portal pages say it themselves, in family words and without covering the page
  // (Family/components/shared.tsx OfflineNote, issue 37 finding 10): this one is the staff's.
  const kept = readKeptAccount() as { authorities?: unknown } | null;
  if (isFamilyOnly(Array.isArray(kept?.authorities) ? kept.authorities : getStoredAuthorities())) return;
  notification.warning({
    key: OFFLINE_KEY,
    message: t('pwa.offline.title'),
    description: t('pwa.offline.description'),
    duration: 0,
  });
}

/** The offline notice: shown (once, keyed) while offline, closed when the connection is back. */
export function watchConnection(): void {
  window.addEventListener('offline', showOfflineNotice);
  window.addEventListener('online', () => notification.destroy(OFFLINE_KEY));
  if (!navigator.onLine) showOfflineNotice();
}

async function registerWorker(): Promise<void> {
  const wb = new Workbox('/sw.js');
  // Also fired on load when a worker was already waiting (another tab saw the notice and left).
  wb.addEventListener('waiting', () => showUpdateNotice(wb));
  const registration = await wb.register();
  window.setInterval(() => {
    if (navigator.onLine) void registration?.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

export async function startOfflineApp(): Promise<void> {
  watchConnection();
  if (!('serviceWorker' in navigator)) return; // not a secure page (plain http on another host)
  const enabled = await offlineAppEnabled();
  if (enabled === true) await registerWorker();
  else if (enabled === false) await removeOfflineApp();
}
