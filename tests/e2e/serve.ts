// The server Playwright starts: a fresh embedded database (seeded with the demo centre) on its own port.
import { rmSync } from 'node:fs';
import path from 'node:path';

process.env.PORT ??= '8123';
const dataDir = path.resolve(import.meta.dirname, `../../data/e2e-${process.env.PORT}`);
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}.jwt-secret`, { force: true });
rmSync(`${dataDir}.sin-key`, { force: true });
process.env.DATABASE_URL = `pglite:${dataDir}`;
process.env.LOG_LEVEL ??= 'warn';
// Every test registers from 127.0.0.1: lift the per-address registration limit (5 an hour).
process.env.REGISTRATIONS_PER_HOUR ??= '1000';
import('../../server/index');
