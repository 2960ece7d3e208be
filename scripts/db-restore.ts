// `npm run db:restore -- FILE` restores a `npm run db:backup` file into DATABASE_URL's database (PGlite's
// folder when unset), which must be empty: a new PostgreSQL database (createdb) or a new PGlite folder.
// `-- FILE --replace` drops every schema of a database that has tables first (all its data is lost).
// One transaction: a bad file or a failed statement leaves the database as it was. Either database's
// backup restores into either. PGlite: stop the app first (one process per folder). See server/db/backup.ts.
import { parseArgs } from 'node:util';
import { BackupError, restoreDatabase } from '../server/db/backup';
import { readMigrations } from '../server/db/migrator';
import { DataDirInUseError } from '../server/db/pglite-lock';
import { closePglite, describeTarget, resolveDatabaseTarget } from '../server/db/target';

async function main() {
  const { values, positionals } = parseArgs({ options: { replace: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 1)
    throw new BackupError('Usage: npm run db:restore -- <backup file> [--replace] (one file)');
  const target = resolveDatabaseTarget();
  try {
    const started = Date.now();
    const { info, replacedTables } = await restoreDatabase(target, positionals[0], { replace: values.replace });
    const rows = info.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Restored ${positionals[0]} into ${describeTarget(target)} in ${Date.now() - started} ms`);
    if (replacedTables) console.log(`  replaced what it had (${replacedTables} tables)`);
    console.log(
      `  made ${info.createdAt} from ${info.source === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${info.serverVersion}: ` +
        `${info.tables.length} tables, ${rows} rows, every count checked`,
    );
    const known = readMigrations().migrationDirectories.map((d) => d.path);
    const newer = known.filter((name) => !info.migrations.latest || name > info.migrations.latest);
    console.log(
      `  ${info.migrations.count} migrations, the latest ${info.migrations.latest ?? '(none)'}` +
        (newer.length
          ? `; this code has ${newer.length} newer, applied when the app starts (or db:migrate:deploy)`
          : ''),
    );
    if (info.migrations.latest && !known.includes(info.migrations.latest))
      console.log('  Warning: the backup has a migration this code does not know: run the version that made it.');
    console.log('  Keep the SIN key the backup was made with (SIN_ENCRYPTION_KEY, or <folder>.sin-key for PGlite).');
  } finally {
    if (target.kind === 'pglite') await closePglite(target.dataDir);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof DataDirInUseError) console.error(`${error.message}\nA PGlite restore needs the app stopped.`);
    else console.error(error instanceof BackupError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
