// A local Umi plugin: after every production build (npm run build, scripts/prepare.ts, CI), write the
// service worker (scripts/build-sw.ts: sw.js with the build's precache list), then the brotli and gzip
// copies of the output (sw.js included) that server/http/static.ts serves.
import type { IApi } from '@umijs/max';
import { buildServiceWorker } from '../scripts/build-sw';
import { compressDist, summarise } from '../scripts/compress-dist';

export default (api: IApi) => {
  api.onBuildHtmlComplete(async () => {
    let started = Date.now();
    const sw = await buildServiceWorker(api.paths.absOutputPath);
    for (const warning of sw.warnings) api.logger.warn(`sw.js: ${warning}`);
    api.logger.event(
      `sw.js: ${sw.count} files precached, ${(sw.size / 1000).toFixed(0)} kB (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    started = Date.now();
    const total = await compressDist(api.paths.absOutputPath);
    api.logger.event(`${summarise(total)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  });
};
