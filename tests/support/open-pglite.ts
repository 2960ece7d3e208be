// A second process for server/db/pglite-lock.test.ts: opens a PGlite folder the way every entry does
// (openPglite), adds a row to `note` and exits. Exit code 3 and the message when the folder is refused.
import { closePglite, openPglite } from '../../server/db/target';

async function main(dataDir: string, text: string) {
  const db = await openPglite(dataDir);
  await db.query('CREATE TABLE IF NOT EXISTS note (text text)');
  await db.query('INSERT INTO note VALUES ($1)', [text]);
  await closePglite(dataDir);
}

main(process.argv[2], process.argv[3]).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(3);
  },
);
