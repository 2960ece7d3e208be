// The service worker (issue 11). scripts/build-sw.ts bundles it with esbuild into <outDir>/sw.js and
// workbox-build's injectManifest puts the precache list (rules.ts shouldPrecache) in __WB_MANIFEST.
//  - the shell and hashed assets are precached; a new build is a new worker that waits until the page
//    sends SKIP_WAITING (the "new version" notice's Reload button);
//  - navigations get the precached index.html, so the app starts offline;
//  - /api/ has no route at all: API requests go to the network exactly as without a worker, and no
//    reply (money, SINs, personal data) is ever put in Cache Storage.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isSkipWaiting, SHELL_DENYLIST } from './rules';

interface WorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker controls the page that registered it at once (there is no older version to keep);
// a later one waits for SKIP_WAITING, then takes over the pages of its registration.
clientsClaim();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SHELL_DENYLIST }));

self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
});
