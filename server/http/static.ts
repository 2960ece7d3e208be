// The built SPA: precompressed assets (scripts/compress-dist.ts writes .br and .gz copies at build
// time), cached for a year when their name carries a content hash, and index.html for every client route.
// The service worker /sw.js (issue 11, scripts/build-sw.ts) is unhashed, so revalidated like the shell;
// with OFFLINE_APP=off it is replaced by a worker that removes itself and its caches.
import path from 'node:path';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { requireRight } from './route';

/** Umi's hashed output: `umi.7df40cff.js`, `803.60ad0227.async.js`, `t__plugin-layout__Layout.e2ec6e92.chunk.css`. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:async\.|chunk\.)?(?:js|css)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Anything without a hash (index.html, favicon.svg) is revalidated on each use (ETag, 304). */
export const REVALIDATE = 'no-cache';

export function isHashedAsset(file: string): boolean {
  return HASHED_ASSET.test(file.replace(/\.(?:br|gz)$/, ''));
}

/**
 * Served as /sw.js when the offline app is off: a browser that registered the real worker checks
 * /sw.js on its next navigation, installs this one, which deletes every cache, unregisters itself and
 * reloads its pages from the network (the client then finds no worker to register).
 */
export const SELF_DESTROYING_WORKER = `// Level Up: the offline app is turned off (OFFLINE_APP=off).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
  })());
});
`;

export function spaRouter(spaDir: string, { offlineApp = true }: { offlineApp?: boolean } = {}): Router {
  const router = express.Router();
  if (!offlineApp) {
    router.get('/sw.js', requireRight('public'), (_req, res) => {
      res.setHeader('Cache-Control', REVALIDATE);
      res.type('text/javascript').send(SELF_DESTROYING_WORKER);
    });
  }
  router.use(
    expressStaticGzip(spaDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        setHeaders: (res, file) => res.setHeader('Cache-Control', isHashedAsset(file) ? IMMUTABLE : REVALIDATE),
      },
    }),
  );
  // Client-side routes get the SPA shell. A hashed asset that is not there (a chunk of an older
  // release) is a 404: the HTML shell in its place would fail as a script with a confusing error.
  router.get(/.*/, requireRight('public'), (req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    // Nor is the shell a service worker: without a built sw.js (a dev or test folder), 404.
    if (isHashedAsset(req.path) || req.path === '/sw.js') return void res.status(404).type('text').send('Not found');
    res.sendFile(path.join(spaDir, 'index.html'), (error) => {
      if (error && !res.headersSent) res.status(404).type('text').send('The web app is not built: run npm run build');
    });
  });
  return router;
}
