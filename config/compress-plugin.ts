// A local Umi plugin: after every production build (npm run build, scripts/prepare.ts, CI), write the
// brotli and gzip copies of the output that server/http/static.ts serves.
import type { IApi } from '@umijs/max';
import { compressDist, summarise } from '../scripts/compress-dist';

export default (api: IApi) => {
  api.onBuildHtmlComplete(async () => {
    const started = Date.now();
    const total = await compressDist(api.paths.absOutputPath);
    api.logger.event(`${summarise(total)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  });
};
