// `npm run db:migrate:deploy` in a deployment (build/server/migrate.mjs): applies the pending migrations
// once, before or while the API and worker processes start with MIGRATE_ON_START=false (they wait for
// it). Safe to run from several places at once: one migrates, the others wait and find nothing to do.
import { log } from '../http/log';
import { applyMigrations } from './migrator';
import { describeTarget, resolveDatabaseTarget } from './target';

const target = resolveDatabaseTarget(process.env.DATABASE_URL);
const started = Date.now();
applyMigrations(target).then(
  (applied) => {
    log('info', applied.length ? 'migrations applied' : 'migrations up to date', {
      database: describeTarget(target),
      applied,
      ms: Date.now() - started,
    });
    process.exit(0);
  },
  (error: unknown) => {
    log('error', 'migrations failed', { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);
