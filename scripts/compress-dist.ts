// Precompresses the built web app: a .br (brotli, best quality) and a .gz (gzip -9) beside every text
// file worth it, so the server sends compressed bytes without compressing on each request
// (server/http/static.ts). Runs after every `max build` through config/compress-plugin.ts; by hand:
// `npx tsx scripts/compress-dist.ts [folder]` (default UMI_OUTPUT_PATH, else dist).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|css|html|svg|txt|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes the compressed copies (only those smaller than the original); returns bytes before and after. */
async function compressFile(file: string): Promise<{ raw: number; br: number; gz: number }> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    toBrotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    toGzip(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  return { raw: content.length, br: Math.min(br.length, content.length), gz: Math.min(gz.length, content.length) };
}

export async function compressDist(dir: string): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const candidates: string[] = [];
  for (const file of await filesIn(dir)) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) candidates.push(file);
  }
  const total = { files: candidates.length, raw: 0, br: 0, gz: 0 };
  for (const sizes of await Promise.all(candidates.map(compressFile))) {
    total.raw += sizes.raw;
    total.br += sizes.br;
    total.gz += sizes.gz;
  }
  return total;
}

export function summarise(total: { files: number; raw: number; br: number; gz: number }): string {
  const kb = (n: number) => `${(n / 1000).toFixed(0)} kB`;
  return `precompressed ${total.files} files: ${kb(total.raw)} -> brotli ${kb(total.br)}, gzip ${kb(total.gz)}`;
}

if (process.argv[1]?.endsWith('compress-dist.ts')) {
  const dir = path.resolve(process.argv[2] ?? process.env.UMI_OUTPUT_PATH ?? 'dist');
  compressDist(dir).then(
    (total) => console.log(summarise(total)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
