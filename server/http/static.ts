// The built SPA: precompressed assets (scripts/compress-dist.ts writes .br and .gz copies at build
// time), cached for a year when their name carries a content hash, and index.html for every client route.
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

export function spaRouter(spaDir: string): Router {
  const router = express.Router();
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
    if (isHashedAsset(req.path)) return void res.status(404).type('text').send('Not found');
    res.sendFile(path.join(spaDir, 'index.html'), (error) => {
      if (error && !res.headersSent) res.status(404).type('text').send('The web app is not built: run npm run build');
    });
  });
  return router;
}
