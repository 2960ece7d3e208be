// Applies the migrations to the API tests' template, in a process of its own (tests/support/global-setup.ts
// runs it): Prisma's WASM schema engine is one module per process, and Vitest sets up both API
// projects at once in its main process, where two engines would share (and corrupt) one.
//   make-template.ts pglite <tarball>      migrate an in-memory PGlite, write its dumpDataDir() there
//   make-template.ts postgres <database>   migrate that (empty) PostgreSQL database
import { writeFileSync } from 'node:fs';
import { applyMigrations } from '../../server/db/migrator';
import { closePglite, openPglite } from '../../server/db/target';

async function main(kind: string, where: string) {
  if (kind === 'postgres') {
    await applyMigrations({ kind: 'postgres', url: where });
    return;
  }
  const dataDir = 'memory://levelup_template';
  await applyMigrations({ kind: 'pglite', dataDir });
  // Uncompressed: loading it is twice as fast as loading the gzip form (~40 MB, read from the page cache).
  const dump = await (await openPglite(dataDir)).dumpDataDir('none');
  await closePglite(dataDir);
  writeFileSync(where, Buffer.from(await dump.arrayBuffer()));
}

main(process.argv[2], process.argv[3]).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
