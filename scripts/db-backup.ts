// `npm run db:backup` writes one backup file of DATABASE_URL's database (PGlite's folder when unset):
// data/backups/levelup-<time>.sql.gz, or `-- --out FILE` (a folder: the file goes there).
// `-- --tables` also lists every table's rows. PGlite: stop the app first (one process per folder).
// The file holds personal data: it is written readable by its owner only. See server/db/backup.ts.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupDatabase } from '../server/db/backup';
import { DataDirInUseError } from '../server/db/pglite-lock';
import { closePglite, defaultDataDir, describeTarget, resolveDatabaseTarget } from '../server/db/target';

const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 ** 2).toFixed(1)} MB`;

function outputFile(out: string | undefined): string {
  const name = `levelup-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}Z.sql.gz`;
  if (!out) return path.join(defaultDataDir, 'backups', name);
  const isFolder = out.endsWith('/') || (existsSync(out) && statSync(out).isDirectory());
  return path.resolve(isFolder ? path.join(out, name) : out);
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, tables: { type: 'boolean' } } });
  const target = resolveDatabaseTarget();
  const file = outputFile(values.out);
  try {
    const { bytes, info } = await backupDatabase(target, file);
    const rows = info.tables.reduce((sum, t) => sum + t.rows, 0);
    const schemas = [...new Set(info.tables.map((t) => t.table.split('.')[0]))];
    console.log(`Backed up ${describeTarget(target)} to ${file}`);
    console.log(`  ${formatBytes(bytes)}, ${info.tables.length} tables, ${rows} rows (schemas: ${schemas.join(', ')})`);
    console.log(`  ${info.migrations.count} migrations, the latest ${info.migrations.latest ?? '(none)'}`);
    if (values.tables) for (const t of info.tables) console.log(`  ${t.table.padEnd(48)} ${t.rows}`);
    if (target.kind === 'pglite')
      console.log(
        `  Not in the file: ${target.dataDir}.sin-key and .jwt-secret (or SIN_ENCRYPTION_KEY): keep them too.`,
      );
    else console.log('  Not in the file: SIN_ENCRYPTION_KEY and JWT_SECRET: keep them too.');
  } finally {
    if (target.kind === 'pglite') await closePglite(target.dataDir);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof DataDirInUseError) console.error(`${error.message}\nA PGlite backup needs the app stopped.`);
    else console.error(error instanceof BackupError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
